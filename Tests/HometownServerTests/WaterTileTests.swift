import Foundation
import HometownServer
import HummingbirdTesting
import Testing

/// The lakes in the boundary tiles (`water`, from water.bin beside hometown.bin).
@Suite struct WaterTileTests {
    /// Tile coordinates of a point at `zoom`, and its position in the tile in units (512 a side).
    static func locate(_ lat: Double, _ lon: Double, zoom: Int) -> (x: Int, y: Int, px: Double, py: Double) {
        let n = Double(1 << zoom)
        let wx = (lon / 360 + 0.5) * n
        let s = sin(lat * .pi / 180)
        let wy = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n
        return (Int(wx), Int(wy), (wx - wx.rounded(.down)) * 512, (wy - wy.rounded(.down)) * 512)
    }

    static func inside(_ rings: [[Int]], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        for r in rings {
            let n = r.count / 2
            var j = n - 1
            for i in 0..<n {
                let (xi, yi, xj, yj) = (Double(r[2 * i]), Double(r[2 * i + 1]), Double(r[2 * j]), Double(r[2 * j + 1]))
                if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    @Test func zoom5TilesOverLakeSuperiorHaveTheLakeAsWaterAndDuluthAsLand() async throws {
        try await Fixture.withServer { client in
            // The middle of the lake (tile 5/8/11), its western arm and Duluth on its shore (both in 5/7/11).
            for (name, lat, lon, water) in [
                ("the middle of Lake Superior", 47.7, -87.5, true), ("its western arm", 47.2, -91.0, true),
                ("Duluth (its hillside)", 46.82, -92.2, false),
            ] {
                let p = Self.locate(lat, lon, zoom: 5)
                let uri = "/hometown/boundaries?z=5&x=\(p.x)&y=\(p.y)"
                let r = try await client.get(uri)
                #expect(r.status == .ok)
                let o = try #require(r.json as? [String: Any])
                let lakes = try #require(o["water"] as? [[Int]])
                #expect(Self.inside(lakes, p.px, p.py) == water, "\(name) in tile \(uri)")
                // The states' land runs across the lake: the water layer is what makes it a lake.
                #expect(Self.inside(try #require(o["land"] as? [[Int]]), p.px, p.py), "\(name) is not on land")
                // Kept after the first answer: the same bytes again.
                #expect(try await client.get(uri).text == r.text)
            }
            // The open sea has no lakes.
            let atlantic = Self.locate(30, -40, zoom: 5)
            let sea = try #require(
                try await client.get("/hometown/boundaries?z=5&x=\(atlantic.x)&y=\(atlantic.y)").json as? [String: Any])
            #expect((sea["water"] as? [[Int]])?.isEmpty == true)
        }
    }

    @Test func aMissingWaterFileStopsTheServerAtStartUpNamingIt() async throws {
        var c = Fixture.configuration()
        c.waterPath = "/nonexistent/water.bin"
        do {
            _ = try await buildApplication(configuration: c)
            Issue.record("the server started without its lakes")
        } catch {
            #expect("\(error)".contains("/nonexistent/water.bin"), "\(error)")
        }
    }
}
