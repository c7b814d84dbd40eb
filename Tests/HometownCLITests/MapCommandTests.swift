import Foundation
import FoundationXML
import HometownTestSupport
import Testing

@Suite struct MapCommandTests {
    /// A GeoJSON file of `groups` clusters of points around real cities, with seeded offsets.
    static func markersFile(_ groups: [(lat: Double, lon: Double, n: Int, country: String)]) throws -> (
        path: String, total: Int
    ) {
        var features: [String] = []
        var id = 0
        for g in groups {
            for k in 0..<g.n {
                id += 1
                let dlat = Double((k * 37) % 11 - 5) / 50
                let dlon = Double((k * 53) % 13 - 6) / 50
                features.append(
                    #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":[\#(g.lon + dlon),\#(g.lat + dlat)]},"properties":{"nickname":"u\#(id)","city":"c","state":"s","country":"\#(g.country)","year":2016}}"#
                )
            }
        }
        let path = TestScratch.newPath("map", suffix: ".geojson")
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        return (path, id)
    }

    /// Markers drawn in an SVG: single places count 1, clusters the number they show.
    static func markerTotal(_ svg: String) -> Int {
        let singles = svg.components(separatedBy: "fill=\"#2f6db5\"").count - 1
        let counts = try! NSRegularExpression(
            pattern: ##"font-weight="bold" fill="#1d1d1d">([0-9.]+k?)</text><title>"##)
        let clusters = counts.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { m -> Int in
            Int(String(svg[Range(m.range(at: 1), in: svg)!]))!
        }
        return singles + clusters.reduce(0, +)
    }

    /// Whether the text parses as XML.
    static func wellFormed(_ svg: String) -> Bool { XMLParser(data: Data(svg.utf8)).parse() }

    @Test func aFittedMapShowsEveryMarkerOnceAndOutlinesTheRegion() async throws {
        let f = try Self.markersFile([
            (44.98, -93.27, 12, "USA"), (41.88, -87.63, 7, "USA"), (19.08, 72.88, 5, "India"),
            (39.9, 116.4, 1, "China"),
        ])
        let out = f.path + ".svg"
        let r = try await CLI.run(["map", "--input", f.path, "--out", out, "--title", "Hometown & friends"])
        #expect(r.status == 0, "\(r.err)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"500\""))
        #expect(Self.wellFormed(svg))
        #expect(Self.markerTotal(svg) == f.total)
        #expect(svg.contains("<title>fitted region</title>"))
        #expect(svg.contains("Hometown &amp; friends"))
        #expect(svg.contains("fill-rule=\"evenodd\""))
        // Only the SVG namespace.
        #expect(!svg.contains("http://") || svg.components(separatedBy: "http://").count == 2)
    }

    /// `-i` is `--input`: the same picture.
    @Test func theShortInputOptionDrawsTheSameMap() async throws {
        let f = try Self.markersFile([(44.98, -93.27, 3, "USA"), (19.08, 72.88, 2, "India")])
        let long = try await CLI.run(["map", "--input", f.path])
        let short = try await CLI.run(["map", "-i", f.path])
        #expect(long.status == 0 && short.status == 0, "\(long.err) \(short.err)")
        #expect(short.out == long.out && Self.markerTotal(short.out) == f.total)
    }

    /// Markers that fit a wide, thin picture only where the world is a few pixels wide are drawn where it is a
    /// quarter of the picture's width (each of the world's many copies across the picture was drawn: minutes),
    /// and the note says so. (A small picture of markers far apart keeps its fit: `smallPicturesAreDrawn`.)
    @Test func markersThatFitOnlyAtAFewPixelsToTheWorldAreDrawnLarger() async throws {
        let f = try Self.markersFile([
            (44.98, -93.27, 3, "USA"), (19.08, 72.88, 2, "India"), (-33.87, 151.21, 2, "Australia"),
        ])
        let region = try await CLI.run(["region", "--input", f.path, "--size", "2000x16"])
        #expect(region.status == 0, "\(region.err)")
        let fitted = try JSONSerialization.jsonObject(with: Data(region.out.utf8)) as? [String: Any]
        #expect(try #require(fitted?["zoom"] as? Double) < 0, "\(region.out)")
        let out = f.path + ".svg"
        let r = try await CLI.run(["map", "--input", f.path, "--size", "2000x16", "--out", out])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("with a 2-pixel padding only at zoom -"), "\(r.err)")
        #expect(r.err.contains("drawn at zoom 1.0, the world a 4th of the width, around their centre"), "\(r.err)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2000\" height=\"16\""))
        #expect(Self.wellFormed(svg))
    }

    /// One marker, or a group of markers close together, are fitted at a city-scale view (zoom 11, 10 with
    /// 512-pixel tiles); --max-zoom caps it (6 shows the state and its neighbours: state lines and borders drawn).
    @Test(arguments: [[(44.98, -93.27, 1, "USA")], [(44.98, -93.27, 3, "USA"), (44.981, -93.268, 2, "USA")]])
    func oneMarkerOrACloseGroupGetsACityView(_ groups: [(Double, Double, Int, String)]) async throws {
        let f = try Self.markersFile(groups.map { (lat: $0.0, lon: $0.1, n: $0.2, country: $0.3) })
        let r = try await CLI.run(["map", "--input", f.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.markerTotal(r.out) == f.total)
        let region = try await CLI.run(["region", "--input", f.path, "--size", "800x500"])
        #expect(region.out.contains(#""zoom":11"#), "\(region.out)")
        let tiles512 = try await CLI.run(["region", "--input", f.path, "--size", "800x500", "--tile-size", "512"])
        #expect(tiles512.out.contains(#""zoom":10"#), "\(tiles512.out)")
        let wider = try await CLI.run(["map", "--input", f.path, "--max-zoom", "6"])
        #expect(wider.status == 0 && Self.markerTotal(wider.out) == f.total)
        let stateLines = wider.out.components(separatedBy: "stroke-dasharray").count - 1
        let borders = wider.out.components(separatedBy: "stroke=\"#7d5f4a\"").count - 1
        #expect(stateLines >= 1 && borders >= 1, "state lines \(stateLines), borders \(borders)")
        let capped = try await CLI.run(["region", "--input", f.path, "--size", "800x500", "--max-zoom", "6"])
        #expect(capped.out.contains(#""zoom":6"#), "\(capped.out)")
    }

    /// A marker's label reads numbers of any size in their plain form (a whole number beyond Int's range once
    /// stopped the command).
    @Test func numbersOfAnySizeInALabel() async throws {
        let path = TestScratch.newPath("map-label", suffix: ".geojson")
        try
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-93.27,44.98]},"properties":{"nickname":"big","city":12345678901234567890,"year":1e19}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["map", "--input", path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("big: 1.2345678901234567e+19 (1e+19)"), "\(r.out.suffix(2000))")
    }

    @Test func filtersAndAZoomedViewAroundACentre() async throws {
        let f = try Self.markersFile([(44.98, -93.27, 12, "USA"), (19.08, 72.88, 5, "India")])
        let usa = try await CLI.run([
            "map", "--input", f.path, "--country", "USA", "--zoom", "5", "--center", "45,-93", "--size", "600x400",
        ])
        #expect(usa.status == 0, "\(usa.err)")
        #expect(Self.markerTotal(usa.out) == 12)
        #expect(!usa.out.contains("fitted region"))
        // Zoom 5 draws the states' borders (dashed); zoom 2 does not.
        #expect(usa.out.contains("stroke-dasharray"))
        // A negative latitude or longitude needs no quoting.
        let south = try await CLI.run(["map", "--input", f.path, "--zoom", "3", "--center", "-33.87,151.21"])
        #expect(south.status == 0, "\(south.err)")
        let world = try await CLI.run([
            "map", "--input", f.path, "--zoom", "2", "--center", "20,0", "--size", "1024x600",
        ])
        #expect(world.status == 0)
        #expect(Self.markerTotal(world.out) == 17)
        #expect(!world.out.contains("stroke=\"#b3a58d\""))
    }

    @Test(arguments: [
        ["map"],
        ["map", "--input", "x.geojson", "--server", "http://127.0.0.1:9"],
        ["map", "--input", "/nonexistent/m.geojson"],
        ["map", "--input", "-", "--size", "800"],
        ["map", "--input", "-", "--center", "45,-93"],
        ["map", "--input", "-", "--zoom", "3", "--center", "95,0"],
        ["map", "--input", "-", "--zoom", "21"],
        ["map", "--input", "-", "--zoom", "3", "--fit"],
        ["map", "--input", "-", "--max-zoom", "21"],
        ["map", "--input", "-", "--zoom", "3", "--max-zoom", "8"],
        ["map", "--input", "-", "--size", "80x80", "--padding", "40"],
        ["map", "--input", "-", "--padding", "-1"],
    ])
    func badInputExitsWith2(_ args: [String]) async throws {
        let r = try await CLI.run(args, stdin: #"{"type":"FeatureCollection","features":[]}"#)
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(!r.err.isEmpty)
    }

    /// A negative value is read as the option's value and refused by its rule (it was read as an option, and
    /// the value said to be missing).
    @Test(arguments: [
        (["--zoom", "-1"], "--zoom must be from 0 to 20, not -1.0"),
        (["--max-zoom", "-2"], "--max-zoom must be from 0 to 20, not -2.0"),
        (["--padding", "-1"], "--padding -1.0 leaves no room in a 800x500 picture"),
        (["--last", "-3"], "--last must be 1 or more"),
    ])
    func aNegativeValueIsRefusedByItsRule(_ args: [String], _ message: String) async throws {
        let r = try await CLI.run(
            ["map", "--input", "-"] + args, stdin: #"{"type":"FeatureCollection","features":[]}"#)
        #expect(r.status == 2 && r.err.contains(message), "\(args): \(r.err)")
    }

    @Test func noMarkersDrawsTheWorldAndSaysSo() async throws {
        let r = try await CLI.run(["map", "--input", "-"], stdin: #"{"type":"FeatureCollection","features":[]}"#)
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.wellFormed(r.out) && Self.markerTotal(r.out) == 0)
        #expect(r.err.contains("no markers to draw"), "\(r.err)")
        // Filters that match nothing say so too.
        let f = try Self.markersFile([(44.98, -93.27, 2, "USA")])
        let none = try await CLI.run(["map", "--input", f.path, "--country", "Mexico"])
        #expect(none.status == 0 && Self.markerTotal(none.out) == 0 && none.err.contains("no markers to draw"))
    }

    /// Every size the help gives is drawn: the default margin shrinks with a small picture.
    @Test(arguments: ["16x16", "80x80", "200x100"])
    func smallPicturesAreDrawn(size: String) async throws {
        let f = try Self.markersFile([(44.98, -93.27, 1, "USA"), (-33.87, 151.21, 1, "AUS")])
        let r = try await CLI.run(["map", "--input", f.path, "--size", size])
        #expect(r.status == 0, "\(size): \(r.err)")
        #expect(Self.wellFormed(r.out) && Self.markerTotal(r.out) == 2, "\(size)")
    }
}
