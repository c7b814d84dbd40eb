import Foundation
import HometownBasemap
import HometownBoundaries
import Testing

@Suite("The lakes: water.bin and the water layer of tiles and views")
struct WaterTests {
    /// A temporary copy of the bundled water.bin, changed by `mutate`.
    func tempCopy(_ mutate: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.waterPath)))
        mutate(&bytes)
        let path = NSTemporaryDirectory() + "hometown-water-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("lakes written to a file read back the same, and the same lakes give the same bytes")
    func roundTrip() throws {
        // Values a Float32 holds exactly, so that the round trip is exact.
        let lakes = [
            Lake(
                record: 466, areaSquareKilometres: 82_078,
                rings: [
                    [-92.0, 46.5, -84.5, 46.5, -84.5, 49.0, -92.0, 49.0], [-89.25, 47.75, -88.5, 48.0, -89.0, 48.25],
                ]),
            Lake(record: 7, areaSquareKilometres: 251, rings: [[10.125, 1.5, 10.5, 1.5, 10.25, 1.75]]),
        ]
        let meta = Array(#"{"lakes":2}"#.utf8)
        let bytes = WaterFile.bytes(lakes, metadata: meta)
        #expect(WaterFile.bytes(lakes, metadata: meta) == bytes)
        let path = NSTemporaryDirectory() + "hometown-water-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try WaterFile.read(path: path) == lakes)
        #expect(try WaterFile.metadata(path: path) == #"{"lakes":2}"#)
        // A value a Float32 does not hold comes back within a metre.
        let fine = Lake(record: 1, areaSquareKilometres: 300, rings: [[-87.123456789, 47.7, -87.0, 47.8, -87.1, 47.9]])
        try Data(WaterFile.bytes([fine], metadata: meta)).write(to: URL(fileURLWithPath: path))
        let back = try WaterFile.read(path: path)[0].rings[0]
        for (a, b) in zip(back, fine.rings[0]) { #expect(abs(a - b) < 1e-5) }
    }

    @Test("the bundled water.bin holds the large lakes and says where they come from")
    func bundledFile() throws {
        let lakes = try WaterFile.read(path: Fixtures.waterPath)
        #expect(lakes.count > 200)
        #expect(lakes.allSatisfy { !$0.rings.isEmpty && $0.rings.allSatisfy { $0.count >= 6 } })
        // Every Natural Earth record kept has at least 250 km² over its parts (a part alone may be tiny).
        let byRecord = Dictionary(grouping: lakes, by: \.record).mapValues {
            $0.reduce(0) { $0 + $1.areaSquareKilometres }
        }
        #expect(byRecord.count > 600 && byRecord.values.allSatisfy { $0 >= 249 })
        // Ordered by falling area of their record: Lake Superior (about 82,000 km²) first.
        #expect((80_000...84_000).contains(lakes[0].areaSquareKilometres))
        let meta = try WaterFile.metadata(path: Fixtures.waterPath)
        #expect(meta.contains("Made with Natural Earth") && meta.contains("ne_10m_lakes"))
        #expect(Fixtures.water.lakeCount == lakes.count)
    }

    /// Ways a copy of water.bin is damaged.
    enum Damage: String, CaseIterable, Sendable {
        case flippedCoordinate = "a flipped byte in the coordinates"
        case flippedHeader = "a flipped byte in the header"
        case cutShort = "cut short"
        case otherVersion = "hometown.bin's version"

        func apply(_ b: inout [UInt8]) {
            switch self {
            case .flippedCoordinate: b[b.count - 100] ^= 0x20
            case .flippedHeader: b[20] ^= 0x01
            case .cutShort: b.removeLast(b.count / 2)
            case .otherVersion: b[8] = 3
            }
        }
    }

    @Test("a damaged water.bin is refused, naming the file", arguments: Damage.allCases)
    func corruptCopyIsRefused(_ damage: Damage) throws {
        let what = damage.rawValue
        let path = try tempCopy { damage.apply(&$0) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: BoundariesError.self, "\(what)") { try WaterFile.read(path: path) }
        do {
            _ = try WaterMap(path: path)
            Issue.record("\(what): the damaged copy was read")
        } catch {
            guard case .unreadableWater(let why) = error else {
                Issue.record("\(what): \(error)")
                return
            }
            #expect(why.contains(path), "\(what): \(why)")
        }
    }

    @Test("a missing water.bin is a clear error naming the file")
    func missingFile() {
        do {
            _ = try WaterMap(path: "/nonexistent/water.bin")
            Issue.record("read a file that does not exist")
        } catch {
            #expect(error.description.contains("/nonexistent/water.bin"))
            #expect(error.description.contains("lakes"))
        }
    }

    struct Probe: Sendable, CustomStringConvertible {
        let name: String, latitude: Double, longitude: Double, water: Bool
        var description: String { name }
    }
    static let probes: [Probe] = [
        Probe(name: "Lake Superior", latitude: 47.7, longitude: -87.5, water: true),
        Probe(name: "Lake Michigan", latitude: 44.0, longitude: -87.0, water: true),
        Probe(name: "Lake Huron", latitude: 44.8, longitude: -82.4, water: true),
        Probe(name: "Lake Erie", latitude: 42.2, longitude: -81.2, water: true),
        Probe(name: "Lake Ontario", latitude: 43.6, longitude: -77.8, water: true),
        Probe(name: "Lake Victoria", latitude: -1.0, longitude: 33.0, water: true),
        Probe(name: "Lake Baikal", latitude: 53.5, longitude: 108.0, water: true),
        Probe(name: "Lake Tanganyika", latitude: -6.0, longitude: 29.5, water: true),
        Probe(name: "Lake Malawi", latitude: -12.0, longitude: 34.5, water: true),
        Probe(name: "Lake Titicaca", latitude: -15.8, longitude: -69.4, water: true),
        Probe(name: "Lake Ladoga", latitude: 61.0, longitude: 31.5, water: true),
        Probe(name: "Lake Winnipeg", latitude: 53.0, longitude: -98.0, water: true),
        Probe(name: "Great Bear Lake", latitude: 66.0, longitude: -121.0, water: true),
        Probe(name: "Great Slave Lake", latitude: 61.5, longitude: -114.0, water: true),
        Probe(name: "Lake Balkhash", latitude: 46.6, longitude: 75.0, water: true),
        Probe(name: "Duluth (its hillside)", latitude: 46.82, longitude: -92.2, water: false),
        Probe(name: "Minneapolis", latitude: 44.9661, longitude: -93.2938, water: false),
        Probe(name: "Chicago (the shore's land side)", latitude: 41.85, longitude: -87.75, water: false),
        Probe(name: "Isle Royale (an island in Lake Superior)", latitude: 48.0, longitude: -88.85, water: false),
    ]

    @Test(
        "lakes are water and their shores and islands are not, in the zoom-5 and zoom-8 tiles that hold them",
        arguments: probes, [5, 8])
    func waterInTiles(_ p: Probe, zoom: Int) throws {
        let n = Double(1 << zoom)
        let wx = (p.longitude / 360 + 0.5) * n
        let s = sin(p.latitude * .pi / 180)
        let wy = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n
        let frame = try MapFrame.tile(z: zoom, x: Int(wx), y: Int(wy))
        var d = Fixtures.map.draw(frame, includeStates: zoom >= 4)
        d.water = Fixtures.water.draw(frame)
        let px = (wx - Double(Int(wx))) * 512
        let py = (wy - Double(Int(wy))) * 512
        #expect(Fixtures.inside(d.water, x: px, y: py) == p.water, "\(p.name) at zoom \(zoom)")
        // The bundled states cover the lakes: the land layer alone still has them as land.
        #expect(Fixtures.onLand(d, x: px, y: py), "\(p.name): not on the states' land")
        for ring in d.water {
            #expect(ring.count >= 6 && ring.allSatisfy { $0 >= -8 && $0 <= 520 })
        }
    }

    @Test("the world tile keeps only lakes big enough to see, and the tile JSON carries them")
    func smallScales() throws {
        let world = Fixtures.water.draw(try MapFrame.tile(z: 0, x: 0, y: 0))
        let z5 = Fixtures.water.draw(try MapFrame.tile(z: 5, x: 8, y: 11))
        #expect(!world.isEmpty && world.count < 40, "\(world.count) lake rings at zoom 0")
        #expect(z5.count > world.count)
        var d = Fixtures.map.draw(try MapFrame.tile(z: 5, x: 8, y: 11), includeStates: true)
        d.water = z5
        let o = try #require(
            try JSONSerialization.jsonObject(with: Data(d.tileJSON(z: 5, x: 8, y: 11, extent: 512))) as? [String: Any])
        #expect((o["water"] as? [[Int]]) == z5.map { $0.map(Int.init) })
    }

    @Test("the SVG of a view over Lake Superior fills the lake as water in the sea's colour")
    func pictureHasWater() throws {
        let frame = MapFrame.view(latitude: 47.7, longitude: -87.5, zoom: 6, width: 800, height: 500)
        var d = Fixtures.map.draw(frame, includeStates: true)
        d.water = Fixtures.water.draw(frame)
        let svg = MapPicture(frame: frame, width: 800, height: 500, boundaries: d).svg()
        let water = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<path class=\"water\"") })
        #expect(water.contains("fill=\"#a9c8dc\"") && water.contains("fill-rule=\"evenodd\""))
        // Drawn after the land, before the borders.
        let land = try #require(svg.range(of: "fill=\"#f3efe3\""))
        let lake = try #require(svg.range(of: "class=\"water\""))
        #expect(land.lowerBound < lake.lowerBound)
        #expect(Fixtures.inside(d.water, x: frame.width / 2, y: frame.height / 2))
    }
}
