import HometownCore
import HometownProj
import HometownViewport
import Testing

/// Our Web Mercator formulas against PROJ's EPSG:4326 → EPSG:3857.
@Suite struct MercatorTests {
    @Test("forward and inverse agree with PROJ to 1e-6", arguments: [11 as UInt64, 12, 13])
    func matchesProj(seed: UInt64) throws {
        let proj = try Transformation(from: .wgs84, to: .webMercator)
        var g = SeededRandom(seed: seed)
        var samples: [(Double, Double)] = [(0, 0), (-180, 85.05), (179.999, -85.05), (12.5, 55.7), (-122.33, 47.6)]
        for _ in 0..<500 {
            samples.append((Double.random(in: -180...180, using: &g), Double.random(in: -85.05...85.05, using: &g)))
        }
        for (lon, lat) in samples {
            let ours = WebMercator.project(longitude: lon, latitude: lat)
            let theirs = try proj.transform(x: lon, y: lat)
            #expect(abs(ours.x - theirs.x) <= 1e-6, "x at \(lon), \(lat)")
            #expect(abs(ours.y - theirs.y) <= 1e-6, "y at \(lon), \(lat)")
            let back = WebMercator.unproject(x: theirs.x, y: theirs.y)
            let theirsBack = try proj.inverse(x: theirs.x, y: theirs.y)
            #expect(abs(back.longitude - theirsBack.x) <= 1e-6)
            #expect(abs(back.latitude - theirsBack.y) <= 1e-6)
            // World units are metres scaled to [0, 1].
            let circumference = 2 * Double.pi * WebMercator.radius
            #expect(abs(WebMercator.worldX(longitude: lon) - (theirs.x / circumference + 0.5)) <= 1e-12)
            #expect(abs(WebMercator.worldY(latitude: lat) - (0.5 - theirs.y / circumference)) <= 1e-12)
        }
    }

    @Test func latitudesClampAtTheSquareWorldEdge() {
        #expect(abs(WebMercator.worldY(latitude: 90)) < 1e-12)
        #expect(abs(WebMercator.worldY(latitude: -89) - 1) < 1e-12)
        #expect(abs(WebMercator.maxLatitude - 85.0511) < 1e-4)
        #expect(abs(WebMercator.latitude(worldY: 0) - WebMercator.maxLatitude) < 1e-9)
    }
}
