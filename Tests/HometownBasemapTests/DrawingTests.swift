import Foundation
import HometownBasemap
import HometownBoundaries
import HometownTestSupport
import Testing

@Suite("Drawing boundaries in tiles and views", .onComputeThreads)
struct DrawingTests {
    struct Probe: Sendable, CustomStringConvertible {
        let name: String, latitude: Double, longitude: Double, land: Bool
        var description: String { name }
    }
    static let probes: [Probe] = [
        Probe(name: "Minneapolis", latitude: 44.9661, longitude: -93.2938, land: true),
        Probe(name: "Paris", latitude: 48.8566, longitude: 2.3522, land: true),
        Probe(name: "Mumbai inland", latitude: 19.2, longitude: 73.0, land: true),
        Probe(name: "Beijing", latitude: 39.9, longitude: 116.4, land: true),
        Probe(name: "Sao Paulo", latitude: -23.55, longitude: -46.63, land: true),
        Probe(name: "mid Atlantic", latitude: 30.0, longitude: -40.0, land: false),
        Probe(name: "Gulf of Mexico", latitude: 25.0, longitude: -90.0, land: false),
        Probe(name: "Indian Ocean", latitude: -20.0, longitude: 80.0, land: false),
        Probe(name: "open Pacific", latitude: 0.0, longitude: -140.0, land: false),
        Probe(name: "Caspian Sea (a hole in the land)", latitude: 42.0, longitude: 50.5, land: false),
        Probe(name: "Tasmania (an island)", latitude: -42.0, longitude: 146.5, land: true),
    ]

    @Test(
        "land and sea fall where they are, in the tile that holds them, at several zooms", arguments: probes, [2, 5, 8])
    func landAndSea(_ p: Probe, zoom: Int) throws {
        let n = Double(1 << zoom)
        let wx = (p.longitude / 360 + 0.5) * n
        let s = sin(p.latitude * .pi / 180)
        let wy = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n
        let x = Int(wx)
        let y = Int(wy)
        let frame = try MapFrame.tile(z: zoom, x: x, y: y)
        let d = Fixtures.map.draw(frame, includeStates: zoom >= 4)
        let px = (wx - Double(x)) * 512
        let py = (wy - Double(y)) * 512
        #expect(Fixtures.onLand(d, x: px, y: py) == p.land, "\(p.name) at zoom \(zoom): tile \(zoom)/\(x)/\(y)")
    }

    @Test("the world at zoom 0 is small: rounding to half a pixel drops most of the 1.3 million vertices")
    func worldTileIsSmall() throws {
        let d = Fixtures.map.draw(try MapFrame.tile(z: 0, x: 0, y: 0), includeStates: false)
        #expect(d.vertexCount > 1_000)
        #expect(d.vertexCount < 40_000)
        #expect(d.states.isEmpty)
        #expect(!d.coasts.isEmpty && !d.borders.isEmpty)
        // Everything lies within the tile plus its buffer.
        for list in d.land + d.coasts + d.borders {
            for v in list { #expect(v >= -8 && v <= 520) }
        }
    }

    @Test("the tile JSON holds the same lists as the drawing")
    func tileJSON() throws {
        let frame = try MapFrame.tile(z: 4, x: 3, y: 5)
        let d = Fixtures.map.draw(frame, includeStates: true)
        let bytes = d.tileJSON(z: 4, x: 3, y: 5, extent: 512)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(o["z"] as? Int == 4 && o["x"] as? Int == 3 && o["y"] as? Int == 5 && o["extent"] as? Int == 512)
        let land = try #require(o["land"] as? [[Int]])
        #expect(land == d.land.map { $0.map(Int.init) })
        #expect((o["states"] as? [[Int]])?.count == d.states.count)
        #expect(!d.states.isEmpty)
    }

    @Test("tiles that do not exist are refused", arguments: [(-1, 0, 0), (21, 0, 0), (2, 4, 0), (2, 0, -1), (0, 1, 0)])
    func badTiles(_ t: (Int, Int, Int)) {
        #expect(throws: BasemapError.self) { try MapFrame.tile(z: t.0, x: t.1, y: t.2) }
    }

    @Test("a view across the antimeridian draws land on both sides (Fiji and the Chukotka peninsula)")
    func acrossTheAntimeridian() {
        let map = Fixtures.map
        let fiji = MapFrame.view(latitude: -17.5, longitude: 180, zoom: 6, width: 400, height: 300)
        let d = map.draw(fiji, includeStates: false)
        let xs = d.land.flatMap { ring in stride(from: 0, to: ring.count, by: 2).map { Double(ring[$0]) } }
        #expect(xs.contains { $0 < fiji.width / 2 - 20 })
        #expect(xs.contains { $0 > fiji.width / 2 + 20 })
        // The cut of Chukotka at 180 degrees is not stroked as a coast: no vertical coast line at the centre.
        let chukotka = MapFrame.view(latitude: 66.5, longitude: 180, zoom: 7, width: 100, height: 100)
        let c = map.draw(chukotka, includeStates: false)
        let centre = Int32(chukotka.width / 2)
        for line in c.coasts {
            for k in stride(from: 0, to: line.count - 2, by: 2) {
                #expect(!(line[k] == centre && line[k + 2] == centre), "a coast drawn along the 180th meridian")
            }
        }
    }

    @Test(
        "neighbouring states share their rounded border: the land has no gaps between them",
        arguments: [3.0, 4.5, 5.0, 7.0])
    func noGapsBetweenStates(zoom: Double) throws {
        // Points in a band across the Minnesota-Iowa line (43.5 N) are all land, from the outline (zoom < 5)
        // and from the states' rings (zoom >= 5).
        let frame = MapFrame.view(latitude: 43.5, longitude: -94.0, zoom: zoom, width: 300, height: 200)
        let d = Fixtures.map.draw(frame, includeStates: true)
        for dy in stride(from: -3.0, through: 3.0, by: 0.5) {
            for dx in stride(from: -100.0, through: 100.0, by: 7.0) {
                #expect(Fixtures.onLand(d, x: frame.width / 2 + dx, y: frame.height / 2 + dy))
            }
        }
    }
}
