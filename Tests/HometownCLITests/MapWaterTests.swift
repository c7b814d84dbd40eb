import Foundation
import Testing

/// The lakes in `hometown map`'s SVG (water.bin beside hometown.bin), and reverse geocoding left as it was.
@Suite struct MapWaterTests {
    /// The rings of the SVG's water path (`M x,y x,y ...Z` per ring), in frame units.
    static func waterRings(_ svg: String) throws -> [[(Double, Double)]] {
        let line = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<path class=\"water\"") })
        let d = try #require(line.range(of: " d=\"")).upperBound
        let text = line[d...].prefix { $0 != "\"" }
        return text.split(separator: "M").map { ring in
            ring.replacingOccurrences(of: "Z", with: "").split(separator: " ").map { pair in
                let xy = pair.split(separator: ",")
                return (Double(xy[0])!, Double(xy[1])!)
            }
        }
    }

    /// Even-odd test of a point against rings.
    static func inside(_ rings: [[(Double, Double)]], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        for r in rings {
            var j = r.count - 1
            for i in r.indices {
                if (r[i].1 > y) != (r[j].1 > y), x < (r[j].0 - r[i].0) * (y - r[i].1) / (r[j].1 - r[i].1) + r[i].0 {
                    inside.toggle()
                }
                j = i
            }
        }
        return inside
    }

    @Test func aViewOfLakeSuperiorDrawsTheLakeAsWaterAndDuluthAsLand() async throws {
        let f = try MapCommandTests.markersFile([(46.7867, -92.1005, 1, "USA")])
        let r = try await CLI.run(["map", "--input", f.path, "--center", "47.7,-87.5", "--zoom", "6"])
        #expect(r.status == 0, "\(r.err)")
        #expect(MapCommandTests.wellFormed(r.out))
        let rings = try Self.waterRings(r.out)
        #expect(!rings.isEmpty)
        // 800 x 500 pixels at two units a pixel: the centre (the lake) is (800, 500).
        #expect(Self.inside(rings, 800, 500), "the centre of Lake Superior is not water")
        // Duluth's hillside (46.82 N 92.2 W; the city's GeoNames point lies on Natural Earth's water of its harbour),
        // 4.7 degrees west and 0.9 south of the centre.
        let world = 256.0 * 64 * 2
        func y(_ lat: Double) -> Double {
            let s = sin(lat * .pi / 180)
            return (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * world
        }
        let dx = (-92.2 + 87.5) / 360 * world
        let dy = y(46.82) - y(47.7)
        #expect(!Self.inside(rings, 800 + dx, 500 + dy), "Duluth is drawn as water")
        // The lake is filled in the sea's colour, after the land and before the borders.
        let water = try #require(r.out.range(of: "<path class=\"water\" fill=\"#a9c8dc\""))
        #expect(try #require(r.out.range(of: "fill=\"#f3efe3\"")).lowerBound < water.lowerBound)
        #expect(water.lowerBound < (r.out.range(of: "stroke=\"#7d5f4a\"")?.lowerBound ?? r.out.endIndex))
    }

    @Test func aMissingWaterFileStopsTheMapWithAClearError() async throws {
        // A folder with hometown.bin (a link to this checkout's) and no water.bin.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("water-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/hometown.bin", withDestinationPath: root + "/data/hometown.bin")
        let f = try MapCommandTests.markersFile([(46.7867, -92.1005, 1, "USA")])
        let r = try await CLI.run(["map", "--input", f.path, "--zoom", "6", "--data", dir + "/hometown.bin"])
        #expect(r.status != 0)
        #expect(r.err.contains(dir + "/water.bin") && r.err.contains("lakes"), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    /// The lakes are drawn, not geocoded: the states' polygons cover them, so a point in Lake Superior still
    /// answers the state whose water it is.
    @Test func reverseGeocodingInALakeIsUnchanged() async throws {
        let r = try await CLI.run(["reverse", "47.7", "-87.5"])
        #expect(r.status == 0, "\(r.err)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((o["state"] as? [String: Any])?["iso"] as? String == "US-MI")
        #expect(o["at_sea"] as? Bool == false)
    }
}
