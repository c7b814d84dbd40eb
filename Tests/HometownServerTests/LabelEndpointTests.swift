import AsyncHTTPClient
import Foundation
import HometownServer
import HometownTestSupport
import HummingbirdTesting
import Testing

/// GET /hometown/labels: the names on the web map, placed per zoom for the whole world.
@Suite struct LabelEndpointTests {
    /// The XYZ tile holding a point at zoom `z`.
    static func tile(_ lat: Double, _ lon: Double, _ z: Int) -> (x: Int, y: Int) {
        let n = Double(1 << z)
        let s = sin(lat * .pi / 180)
        return (Int((lon / 360 + 0.5) * n), Int((0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n))
    }

    static func labels(_ r: TestResponse) -> [[String: Any]] {
        ((r.json as? [String: Any])?["labels"] as? [[String: Any]]) ?? []
    }

    /// A label's fields as one comparable text.
    static func canonical(_ l: [String: Any]) -> String {
        l.keys.sorted().map { "\($0)=\(String(describing: l[$0]!))" }.joined(separator: ";")
    }

    @Test func namesAreServedPerTileInTheServedSpellingAndCheckedLikeTiles() async throws {
        try await Fixture.withServer { client in
            // Zoom 8 over Minneapolis: the city, its neighbour and its state (whose point is 1.5° north-west).
            let t = Self.tile(44.97, -93.26, 8)
            var names: [String: [String: Any]] = [:]
            for dx in -1...1 {
                for dy in -2...1 {
                    let r = try await client.get("/hometown/labels?z=8&x=\(t.x + dx)&y=\(t.y + dy)")
                    #expect(r.status == .ok)
                    #expect(r.headers[.cacheControl] == "public, max-age=86400")
                    let o = try #require(r.json as? [String: Any])
                    #expect(o["z"] as? Int == 8 && o["zoom"] as? Int == 8 && o["x"] as? Int == t.x + dx)
                    for l in Self.labels(r) {
                        let id = try #require(l["id"] as? String)
                        #expect(
                            Set(l.keys) == [
                                "id", "kind", "name", "lat", "lon", "rank", "size", "bold", "anchor", "box",
                            ])
                        #expect((l["box"] as? [Double])?.count == 4)
                        // A label in two tiles is the same label in both.
                        if let seen = names[id] { #expect(Self.canonical(seen) == Self.canonical(l), "\(id)") }
                        names[id] = l
                    }
                }
            }
            let shown = Set(names.values.compactMap { $0["name"] as? String })
            #expect(shown.isSuperset(of: ["Minneapolis", "Saint Paul", "Minnesota"]), "\(shown.sorted())")
            // Every state name is one GET states lists for the USA (the server's own spelling).
            let states = try #require(try await client.get("/hometown/states?country=USA").json as? [String])
            for l in names.values where l["kind"] as? String == "state" {
                let name = l["name"] as? String ?? ""
                if (l["lon"] as? Double ?? 0) < -90 { #expect(states.contains(name), "\(name)") }
            }
            // The country is named as GET countries names it: "USA", not the bundled "United States of America".
            let countries = try #require(try await client.get("/hometown/countries").json as? [String])
            var countryNames: [String] = []
            for x in 0..<8 {
                for y in 2..<4 {
                    let r = try await client.get("/hometown/labels?z=3&x=\(x)&y=\(y)")
                    countryNames += Self.labels(r).filter { $0["kind"] as? String == "country" }.compactMap {
                        $0["name"] as? String
                    }
                }
            }
            #expect(countryNames.contains("USA") && !countryNames.contains("United States of America"))
            for served in countries { #expect(countryNames.contains(served), "\(served) at zoom 3") }
            // The same tile twice is the same bytes.
            let a = try await client.get("/hometown/labels?z=8&x=\(t.x)&y=\(t.y)")
            #expect(try await client.get("/hometown/labels?z=8&x=\(t.x)&y=\(t.y)").text == a.text)
            // Deeper than zoom 12, zoom 12's names.
            let deep = Self.tile(44.97, -93.26, 15)
            let d = try #require(
                try await client.get("/hometown/labels?z=15&x=\(deep.x)&y=\(deep.y)").json as? [String: Any])
            #expect(d["zoom"] as? Int == 12)
            // HEAD too.
            let head = try await client.execute(uri: "/hometown/labels?z=0&x=0&y=0", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            for (q, field) in [
                ("z=19&x=0&y=0", "z"), ("z=2&x=4&y=0", "x"), ("z=2&x=0&y=-1", "y"), ("z=a&x=0&y=0", "z"),
                ("x=0&y=0", "z"), ("z=1&x=0", "y"), ("z=1&x=0&y=0&w=1", "w"), ("z=1&z=1&x=0&y=0", "z"),
            ] {
                let bad = try await client.get("/hometown/labels?" + q)
                #expect(bad.status == .badRequest && bad.errorField == field, "\(q): \(bad.text)")
                #expect(bad.headers[.contentType] == "application/json; charset=utf-8")
            }
            let tileError = try await client.get("/hometown/labels?z=2&x=0&y=4")
            #expect(tileError.errorMessage == "'y' must be from 0 to 3 at zoom 2, not 4")
        }
    }

    @Test func aRealServerAnswersNamesWithinItsLabelCache() async throws {
        // A cache of 1 MiB holds the shallow zooms' placements but not the deeper ones; every answer is still
        // whole and the same.
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: ["--label-cache-mb", "1"])
        defer { server.stop() }
        let client = HTTPClient.shared
        func get(_ q: String) async throws -> (Int, String) {
            var r = HTTPClientRequest(url: server.base + "/labels?" + q)
            r.method = .GET
            let response = try await client.execute(r, timeout: .seconds(Int64(120 * TestSlowdown.factor)))
            return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 22)))
        }
        let t = Self.tile(44.97, -93.26, 10)
        let first = try await get("z=10&x=\(t.x)&y=\(t.y)")
        #expect(first.0 == 200 && first.1.contains("\"Minneapolis\""), "\(first.1.prefix(300))")
        _ = try await get("z=11&x=\(t.x * 2)&y=\(t.y * 2)")
        let again = try await get("z=10&x=\(t.x)&y=\(t.y)")
        #expect(again.0 == 200 && again.1 == first.1)
        let bad = try await get("z=4&x=16&y=0")
        #expect(bad.0 == 400 && bad.1.contains("\"field\":\"x\""), "\(bad.1)")
        let refused = try await HometownBinary.run([
            "serve", "--label-cache-mb=-1", "--port", "0", "--db", Fixture.freshDatabase(),
        ])
        #expect(refused.status != 0 && refused.err.contains("--label-cache-mb"), "\(refused.err)")
    }
}
