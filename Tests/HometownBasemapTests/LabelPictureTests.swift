import Foundation
import FoundationXML
import HometownBasemap
import Testing

@Suite("Names in the SVG map")
struct LabelPictureTests {
    static func city(_ id: Int, _ name: String, _ lat: Double, _ lon: Double, _ people: Int) -> LabelCandidate {
        LabelCandidate(id: "city:\(id)", kind: .city, name: name, latitude: lat, longitude: lon, population: people)
    }

    @Test("names are escaped text with a halo; none is cut at the picture's edge or hides a marker")
    func svgText() throws {
        let catalog = LabelCatalog(candidates: [
            Self.city(1, "A & B <x>", 10, 10, 9_000_000),
            Self.city(2, "Under a marker", -10, -20, 8_000_000),
            // 69.5° east is 395 pixels right of the centre at zoom 3: its name would run past the right edge.
            Self.city(3, "Over the edge", 0, 69.5, 7_000_000),
            Self.city(4, "Quiet \"place\"", 20, -40, 6_000_000),
        ])
        let placement = LabelPlacer.place(catalog, zoom: 3)
        #expect(placement.labels.count == 4)
        let frame = MapFrame.view(latitude: 0, longitude: 0, zoom: 3, width: 800, height: 500)
        var picture = MapPicture(
            frame: frame, width: 800, height: 500, boundaries: BoundaryDrawing(),
            markers: [.init(latitude: -10, longitude: -20, count: 12)])
        picture.labels = placement
        let svg = picture.svg()
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.contains(">A &amp; B &lt;x&gt;</text>"))
        #expect(svg.contains(">Quiet &quot;place&quot;</text>"))
        #expect(!svg.contains("Under a marker"))
        #expect(!svg.contains("Over the edge"))
        let text = try #require(svg.split(separator: "\n").first { $0.contains("A &amp; B") })
        #expect(text.contains("stroke=\"#ffffff\"") && text.contains("paint-order=\"stroke\""))
        // The names go under the markers: drawn before the first marker.
        let nameAt = try #require(svg.range(of: "A &amp; B"))
        let markerAt = try #require(svg.range(of: "places</title>"))
        #expect(nameAt.lowerBound < markerAt.lowerBound)
        // One dot per city named.
        #expect(svg.split(separator: "\n").filter { $0.hasPrefix("<circle") && $0.contains("#333333") }.count == 2)
        // Without a placement, no names.
        picture.labels = nil
        #expect(!picture.svg().contains("A &amp; B"))
    }
}
