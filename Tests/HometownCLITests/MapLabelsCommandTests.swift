import Foundation
import FoundationXML
import Testing

/// `hometown map` draws the web map's names as SVG `<text>`.
@Suite struct MapLabelsCommandTests {
    /// The texts of the names drawn, by their class (`label-country`, `label-state`, `label-city`).
    static func names(_ svg: String, _ kind: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<text class=\"label-\(kind)\"[^>]*>([^<]*)</text>")
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map {
            String(svg[Range($0.range(at: 1), in: svg)!])
        }
    }

    @Test func theTwinCitiesAtZoom7AreNamedWithTheirState() async throws {
        let r = try await CLI.run(["map", "--center", "44.97,-93.26", "--zoom", "7"])
        #expect(r.status == 0, "\(r.err)")
        #expect(XMLParser(data: Data(r.out.utf8)).parse())
        let cities = Self.names(r.out, "city")
        let states = Self.names(r.out, "state")
        #expect(cities.contains("Minneapolis"), "\(cities)")
        #expect(states.contains("Minnesota"), "\(states)")
        #expect(states.contains("Wisconsin") || states.contains("Iowa"), "\(states)")
        // Each name once; drawn with a white halo.
        #expect(Set(cities + states).count == cities.count + states.count)
        let minneapolis = try #require(r.out.split(separator: "\n").first { $0.hasSuffix(">Minneapolis</text>") })
        #expect(minneapolis.contains("stroke=\"#ffffff\"") && minneapolis.contains("paint-order=\"stroke\""))
        // --no-labels leaves them out.
        let bare = try await CLI.run(["map", "--center", "44.97,-93.26", "--zoom", "7", "--no-labels"])
        #expect(bare.status == 0 && !bare.out.contains("class=\"label-"))
    }

    @Test func countriesAreNamedAsTheServerListsThem() async throws {
        let r = try await CLI.run(["map", "--center", "30,-40", "--zoom", "2.5", "--size", "1000x600"])
        #expect(r.status == 0, "\(r.err)")
        let countries = Self.names(r.out, "country")
        #expect(countries.contains("USA") && !countries.contains("United States of America"), "\(countries)")
        #expect(countries.contains("Mexico") && countries.contains("Brazil"), "\(countries)")
        #expect(Self.names(r.out, "city").isEmpty, "no city at zoom 2")
    }

    @Test func aCityUnderMarkersKeepsItsNameBesideThem() async throws {
        // Markers on Minneapolis (the main job's point among them): the city's name moves beside them instead of
        // being left out; Minnesota's stays.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "latitude,longitude,nickname\n44.9661,-93.2938,a\n44.98,-93.27,b\n44.981,-93.269,c\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["map", "--input", path, "--center", "44.97,-93.26", "--zoom", "7"])
        #expect(r.status == 0, "\(r.err)")
        #expect(XMLParser(data: Data(r.out.utf8)).parse())
        #expect(Self.names(r.out, "city").contains("Minneapolis"), "\(Self.names(r.out, "city"))")
        #expect(Self.names(r.out, "state").contains("Minnesota"))
    }
}
