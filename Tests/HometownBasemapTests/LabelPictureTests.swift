import Foundation
import FoundationXML
import Testing

@testable import HometownBasemap

@Suite("Names in the SVG map")
struct LabelPictureTests {
    static func city(_ id: Int, _ name: String, _ lat: Double, _ lon: Double, _ people: Int) -> LabelCandidate {
        LabelCandidate(id: "city:\(id)", kind: .city, name: name, latitude: lat, longitude: lon, population: people)
    }

    @Test("names are escaped text with a halo; none is cut at the picture's edge; one under a marker moves beside it")
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
        #expect(svg.contains(">Under a marker</text>"))
        #expect(!svg.contains("Over the edge"))
        // Moved beside the marker: no name's text meets a marker's disc or a corner the picture writes in.
        let u = frame.width / 800
        let placed = picture.placedNames(u: u)
        let under = try #require(placed.first { $0.label.name == "Under a marker" })
        let marker = try #require(picture.markerBoxes(u: u).first)
        #expect(!under.text.overlaps(marker))
        #expect(abs(under.text.minX - (marker.maxX + 2 * u)) < 1e-9, "to the right of the marker, 2 px from it")
        for p in placed {
            #expect(!(picture.markerBoxes(u: u) + picture.reservedCorners(u: u)).contains { $0.overlaps(p.text) })
        }
        let text = try #require(svg.split(separator: "\n").first { $0.contains("A &amp; B") })
        #expect(text.contains("stroke=\"#ffffff\"") && text.contains("paint-order=\"stroke\""))
        // The names go under the markers: drawn before the first marker.
        let nameAt = try #require(svg.range(of: "A &amp; B"))
        let markerAt = try #require(svg.range(of: "places</title>"))
        #expect(nameAt.lowerBound < markerAt.lowerBound)
        // One dot per city named (the one under the marker is drawn first and covered by it).
        #expect(svg.split(separator: "\n").filter { $0.hasPrefix("<circle") && $0.contains("#333333") }.count == 3)
        // Without a placement, no names.
        picture.labels = nil
        #expect(!picture.svg().contains("A &amp; B"))
    }

    @Test("the attribution's corner is kept free: a name there moves out of it or is left out")
    func attributionCorner() throws {
        // 35.2° E, 38.5° S is 600, 488 pixels into an 800 x 500 view of zoom 3 centred on 0, 0: its name would run
        // under the attribution.
        let catalog = LabelCatalog(candidates: [
            Self.city(1, "Cornerville", -38.55, 35.16, 9_000_000), Self.city(2, "Elsewhere", 20, -40, 6_000_000),
        ])
        let frame = MapFrame.view(latitude: 0, longitude: 0, zoom: 3, width: 800, height: 500)
        var picture = MapPicture(frame: frame, width: 800, height: 500, boundaries: BoundaryDrawing())
        picture.labels = LabelPlacer.place(catalog, zoom: 3)
        let u = frame.width / 800
        let corner = try #require(picture.reservedCorners(u: u).first)
        let placedWhere = try #require(picture.labels?.labels(inside: frame, unitsPerPixel: u).first)
        #expect(placedWhere.label.text.scaled(u).offset(placedWhere.x, placedWhere.y).overlaps(corner))
        let placed = picture.placedNames(u: u)
        #expect(placed.contains { $0.label.name == "Elsewhere" })
        for p in placed { #expect(!p.text.overlaps(corner), "\(p.label.name)") }
        // Moved beside the corner (left of it: right would leave the picture), not left out.
        let moved = try #require(placed.first { $0.label.name == "Cornerville" })
        #expect(moved.text.maxX <= corner.minX)
        #expect(XMLParser(data: Data(picture.svg().utf8)).parse())
    }

    @Test("clearance: beside the first obstacle side that is free, dots in the open kept, nothing out of bounds")
    func clearanceRules() {
        let bounds = PixelBox(minX: 0, minY: 0, maxX: 100, maxY: 100)
        let marker = PixelBox(minX: 40, minY: 40, maxX: 60, maxY: 60)
        let text = PixelBox(minX: 45, minY: 45, maxX: 75, maxY: 55)
        // Right of the marker.
        let right = MarkerClearance.offsets(
            for: [.init(text: text, dot: nil)], obstacles: [marker], gap: 2, bounds: bounds)
        #expect(right.count == 1 && right[0]?.dx == 17 && right[0]?.dy == 0)
        // Right is blocked by a second marker: left of the first.
        let blocker = PixelBox(minX: 62, minY: 40, maxX: 95, maxY: 60)
        let left = MarkerClearance.offsets(
            for: [.init(text: text, dot: nil)], obstacles: [marker, blocker], gap: 2, bounds: bounds)
        #expect(left[0].map { text.offset($0.dx, $0.dy).maxX } == 38)
        // A name already kept blocks a later one; a later name may not cover an earlier name's dot in the open.
        let dot = PixelBox(minX: 10, minY: 10, maxX: 14, maxY: 14)
        let two = MarkerClearance.offsets(
            for: [
                .init(text: PixelBox(minX: 16, minY: 8, maxX: 40, maxY: 16), dot: dot),
                .init(text: PixelBox(minX: 5, minY: 9, maxX: 30, maxY: 15), dot: nil),
            ], obstacles: [], gap: 2, bounds: bounds)
        #expect(two[0] != nil && two[1] == nil)
        // Nowhere to go inside the bounds: left out.
        let cramped = MarkerClearance.offsets(
            for: [.init(text: PixelBox(minX: 2, minY: 2, maxX: 98, maxY: 98), dot: nil)],
            obstacles: [PixelBox(minX: 40, minY: 40, maxX: 60, maxY: 60)], gap: 2, bounds: bounds)
        #expect(cramped.count == 1 && cramped[0] == nil)
    }
}
