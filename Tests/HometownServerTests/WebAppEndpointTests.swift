import Foundation
import HometownServer
import HummingbirdTesting
import Testing

/// What the web app needs from the server: its page, Leaflet, and the boundary tiles.
@Suite struct WebAppEndpointTests {
    @Test func boundaryTilesAreServedAndCheckedLikeEveryParameter() async throws {
        try await Fixture.withServer { client in
            // Tile 3/1/2 holds most of North America's south: land, coasts and borders; no state lines at zoom 3.
            let r = try await client.get("/hometown/boundaries?z=3&x=1&y=2")
            #expect(r.status == .ok)
            #expect(r.headers[.cacheControl] == "public, max-age=86400")
            let o = try #require(r.json as? [String: Any])
            #expect(o["z"] as? Int == 3 && o["x"] as? Int == 1 && o["y"] as? Int == 2 && o["extent"] as? Int == 512)
            #expect(((o["land"] as? [[Int]]) ?? []).count > 10)
            #expect(!((o["coasts"] as? [[Int]]) ?? []).isEmpty && !((o["borders"] as? [[Int]]) ?? []).isEmpty)
            #expect(((o["states"] as? [[Int]]) ?? [[0]]).isEmpty)
            // The same tile twice is the same bytes (kept after the first).
            #expect(try await client.get("/hometown/boundaries?z=3&x=1&y=2").text == r.text)
            // Minnesota at zoom 6 has state lines.
            let mn = try #require(try await client.get("/hometown/boundaries?z=6&x=15&y=22").json as? [String: Any])
            #expect(!((mn["states"] as? [[Int]]) ?? []).isEmpty)
            for (q, field) in [
                ("z=19&x=0&y=0", "z"), ("z=2&x=4&y=0", "x"), ("z=2&x=0&y=-1", "y"), ("z=a&x=0&y=0", "z"),
                ("x=0&y=0", "z"), ("z=1&x=0", "y"), ("z=1&x=0&y=0&w=1", "w"),
            ] {
                let bad = try await client.get("/hometown/boundaries?" + q)
                #expect(bad.status == .badRequest && bad.errorField == field, "\(q): \(bad.text)")
            }
        }
    }

    @Test func thePageAndLeafletAreServedFromThisMachine() async throws {
        try await Fixture.withServer { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("/vendor/leaflet/leaflet.js"))
            // Every script, style sheet and image the page names is on this server (no scheme, no //host).
            let refs = try NSRegularExpression(pattern: #"(?:src|href)\s*=\s*["']([^"']+)["']"#)
            let text = page.text
            let found = refs.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!])
            }
            #expect(!found.isEmpty)
            for ref in found where !ref.hasPrefix("#") && !ref.hasPrefix("data:") {
                #expect(!ref.contains("://") && !ref.hasPrefix("//"), "external reference \(ref)")
                let path = ref.hasPrefix("/") ? ref : "/" + ref
                let got = try await client.get(path)
                #expect(got.status == .ok, "\(path) is not served")
            }
            // Leaflet (Debian's libjs-leaflet, installed by tools/install-deps.sh) and its images.
            let leaflet = try await client.get("/vendor/leaflet/leaflet.js")
            #expect(leaflet.status == .ok && leaflet.text.contains("Leaflet"))
            #expect(
                try await client.get("/vendor/leaflet/leaflet.css").headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.get("/vendor/leaflet/images/marker-icon.png").headers[.contentType] == "image/png")
            #expect(try await client.get("/vendor/leaflet/leaflet.js.gz").status == .notFound)
        }
    }

    @Test func aLeafletFolderThatIsNotThereIsRefusedAtStartUp() async throws {
        var c = Fixture.configuration()
        c.leafletDirectory = "/nonexistent/leaflet"
        await #expect(throws: ServerError.self) {
            try await buildApplication(configuration: c, data: try Fixture.data.get())
        }
    }
}
