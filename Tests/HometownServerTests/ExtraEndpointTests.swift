import Foundation
import HometownServer
import HummingbirdTesting
import Testing

@Suite struct ExtraEndpointTests {
    @Test func reverseSpeaksTheServersVocabulary() async throws {
        try await Fixture.withServer { client in
            let r = try await client.get("/hometown/reverse?lat=44.9661&lon=-93.2938")
            let o = try #require(r.json as? [String: Any])
            #expect(
                o["country"] as? String == "USA" && o["state"] as? String == "Minnesota"
                    && o["city"] as? String == "Minneapolis")
            #expect(o["supported"] as? Bool == true)
            let cdmx = try #require(
                try await client.get("/hometown/reverse?lat=19.4326&lon=-99.1332").json as? [String: Any])
            #expect(cdmx["country"] as? String == "Mexico" && cdmx["state"] as? String == "Ciudad de México")
            let paris = try #require(
                try await client.get("/hometown/reverse?lat=48.8566&lon=2.3522").json as? [String: Any])
            #expect(paris["country"] is NSNull && paris["supported"] as? Bool == false)
            #expect(((paris["place"] as? [String: Any])?["country"] as? [String: Any])?["iso2"] as? String == "FR")
            let sea = try #require(try await client.get("/hometown/reverse?lat=0&lon=-30").json as? [String: Any])
            #expect(sea["country"] is NSNull && sea["supported"] as? Bool == false)
            for (q, field) in [
                ("lat=91&lon=0", "lat"), ("lat=0&lon=181", "lon"), ("lat=abc&lon=0", "lat"), ("lat=1", "lon"),
                ("lat=nan&lon=0", "lat"),
            ] {
                let bad = try await client.get("/hometown/reverse?" + q)
                #expect(bad.status == .badRequest && bad.errorField == field, "\(q)")
            }
        }
    }

    @Test func forwardSpeaksTheServersVocabulary() async throws {
        try await Fixture.withServer { client in
            let r = try #require(
                try await client.get("/hometown/forward?q=Devils+Lake,+ND&limit=1").json as? [String: Any])
            let first = try #require((r["results"] as? [[String: Any]])?.first)
            #expect(
                first["name"] as? String == "Devils Lake" && first["state"] as? String == "North Dakota"
                    && first["country"] as? String == "USA")
            #expect(first["unmatched"] is NSNull)
            // What the gazetteer itself says, in `hometown forward`'s shape.
            let place = try #require(first["place"] as? [String: Any])
            #expect((place["state"] as? [String: Any])?["iso"] as? String == "US-ND")
            #expect((place["country"] as? [String: Any])?["iso2"] as? String == "US")
            #expect((place["population"] as? Int ?? 0) > 0 && place["unmatched"] == nil)
            // A ballpark from a schedule: the city, with the venue left over and a score below every full match.
            let park = try #require(
                try await client.get("/hometown/forward?q=Petco+Park,+San+Diego,+CA&limit=1").json as? [String: Any])
            let sd = try #require((park["results"] as? [[String: Any]])?.first)
            #expect(
                sd["name"] as? String == "San Diego" && sd["state"] as? String == "California"
                    && sd["unmatched"] as? String == "Petco Park")
            #expect((sd["score"] as? Double ?? 1) < 0.25)
            let mx = try #require(try await client.get("/hometown/forward?q=Guadalajara").json as? [String: Any])
            #expect(((mx["results"] as? [[String: Any]])?.first)?["state"] as? String == "Jalisco")
            #expect(try await client.get("/hometown/forward?q=%20").status == .badRequest)
            #expect(try await client.get("/hometown/forward").status == .badRequest)
            #expect(try await client.get("/hometown/forward?q=x&limit=0").status == .badRequest)
            // q is at most 256 code points: one letter with 300 combining marks is over, 256 letters are not.
            let marks = "a" + String(repeating: "%CC%81", count: 300)
            let long = try await client.get("/hometown/forward?q=\(marks)")
            #expect(long.status == .badRequest && long.errorField == "q", "\(long.text)")
            #expect(long.text.contains("at most 256 Unicode code points (it has 301"), "\(long.text)")
            let letters = String(repeating: "a", count: 256)
            #expect(try await client.get("/hometown/forward?q=\(letters)").status == .ok)
        }
    }

    @Test func forwardReadsZIPCodes() async throws {
        try await Fixture.withServer { client in
            let r = try #require(try await client.get("/hometown/forward?q=55401").json as? [String: Any])
            let results = try #require(r["results"] as? [[String: Any]])
            #expect(results.allSatisfy { $0["kind"] as? String == "postal_code" })
            let zip = try #require(results.first)
            #expect(zip["kind"] as? String == "postal_code" && zip["name"] as? String == "55401")
            #expect(zip["state"] as? String == "Minnesota" && zip["country"] as? String == "USA")
            #expect(zip["city"] is NSNull && zip["supported"] as? Bool == true)
            #expect((zip["place"] as? [String: Any])?["kind"] as? String == "postal_code")
            let beside = try #require(
                try await client.get("/hometown/forward?q=Minneapolis+55401&limit=2").json as? [String: Any])
            #expect(
                (beside["results"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["city", "postal_code"])
            let none = try #require(try await client.get("/hometown/forward?q=00000").json as? [String: Any])
            #expect((none["results"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func forwardSuggestsAsTyped() async throws {
        try await Fixture.withServer { client in
            let r = try #require(
                try await client.get("/hometown/forward?q=Minneap&autocomplete=true&limit=3").json as? [String: Any])
            let results = try #require(r["results"] as? [[String: Any]])
            #expect((1...3).contains(results.count))
            #expect(results.first?["name"] as? String == "Minneapolis")
            // Without it, the same text is a whole name, which no place has.
            let whole = try #require(try await client.get("/hometown/forward?q=Minneap").json as? [String: Any])
            #expect((whole["results"] as? [Any])?.isEmpty == true)
            let cyrillic = try #require(
                try await client.get("/hometown/forward?q=%D0%9C%D0%BE%D1%81%D0%BA&autocomplete=true&limit=1").json
                    as? [String: Any])
            #expect(((cyrillic["results"] as? [[String: Any]])?.first)?["name"] as? String == "Moscow")
            #expect(try await client.get("/hometown/forward?q=Minneap&autocomplete=yes").status == .badRequest)
        }
    }

    @Test func clustersAndRegionFollowTheFilters() async throws {
        try await Fixture.withServer { client in
            // Three users near Minneapolis, one in Mexico City, one without a point.
            let posts: [[String: Any]] = [
                ["nickname": "a", "state": "MN", "latitude": 44.97, "longitude": -93.26],
                ["nickname": "b", "state": "MN", "latitude": 44.98, "longitude": -93.27],
                ["nickname": "c", "state": "MN", "latitude": 44.95, "longitude": -93.25],
                ["nickname": "d", "state": "Texas", "latitude": 29.76, "longitude": -95.37],
                ["nickname": "e", "state": "MN"],
            ]
            for p in posts {
                var b = p
                b["password"] = "pwd"
                b["country"] = "USA"
                b["city"] = "c"
                b["year"] = 2016
                #expect(try await client.post(body(b)).status == .ok)
            }
            let world = try #require(try await client.get("/hometown/clusters?zoom=2").json as? [String: Any])
            let features = try #require(world["features"] as? [[String: Any]])
            let counts = features.map { (($0["properties"] as? [String: Any])?["point_count"] as? Int) ?? 1 }
            #expect(counts.reduce(0, +) == 4)
            let cluster = try #require(
                features.first { ($0["properties"] as? [String: Any])?["cluster"] as? Bool == true })
            #expect((cluster["bbox"] as? [Double])?.count == 4)
            #expect(((cluster["properties"] as? [String: Any])?["expansion_zoom"] as? Int).map { $0 > 2 } == true)
            let texas = try #require(
                try await client.get("/hometown/clusters?zoom=10&state=Texas").json as? [String: Any])
            let t = try #require((texas["features"] as? [[String: Any]])?.first)
            #expect((t["properties"] as? [String: Any])?["nickname"] as? String == "d")
            let boxed = try #require(
                try await client.get("/hometown/clusters?zoom=3&bbox=-100,25,-90,35").json as? [String: Any])
            #expect((boxed["features"] as? [Any])?.count == 1)

            let region = try #require(
                try await client.get("/hometown/region?width=800&height=600&padding=20&state=Minnesota").json
                    as? [String: Any])
            let bbox = try #require(region["bbox"] as? [Double])
            #expect(bbox == [-93.27, 44.95, -93.25, 44.98])
            #expect((region["zoom"] as? Double).map { $0 > 10 } == true)
            let none = try await client.get("/hometown/region?width=800&height=600&country=China")
            #expect(none.status == .notFound && none.errorMessage != nil)
            for (q, field) in [
                ("zoom=abc", "zoom"), ("zoom=30", "zoom"), ("zoom=2&bbox=1,2,3", "bbox"), ("zoom=2&page=1", "page"),
                ("", "zoom"),
            ] {
                let bad = try await client.get("/hometown/clusters?" + q)
                #expect(bad.status == .badRequest && bad.errorField == field, "\(q): \(bad.text)")
            }
            let badRegion = try await client.get("/hometown/region?width=800")
            #expect(badRegion.status == .badRequest && badRegion.errorField == "height")
        }
    }

    /// Users beyond Web Mercator's ±85.0511 are in the clusters of the whole world, as in `users`, and a region
    /// of users at one point of the map (one meridian near a pole) is a view, not a server failure.
    @Test func polarUsersAreCountedAndFitted() async throws {
        try await Fixture.withServer { client in
            for (k, (lat, lon, year)) in [(86.0, 10.0, 2000), (89.0, 10.0, 2000), (85.02, -93.0, 2002)].enumerated() {
                let post = body([
                    "nickname": "polar\(k)", "password": "pwd", "country": "USA", "state": "MN", "city": "c",
                    "year": year, "latitude": lat, "longitude": lon,
                ])
                #expect(try await client.post(post).status == .ok)
            }
            let f = try #require(try await client.get("/hometown/clusters?zoom=0").json as? [String: Any])
            let n = (f["features"] as? [[String: Any]])?.map {
                (($0["properties"] as? [String: Any])?["point_count"] as? Int) ?? 1
            }.reduce(0, +)
            #expect(n == 3)
            // The two users of 2000 lie at one point of the map.
            let region = try await client.get("/hometown/region?width=800&height=500&year=2000")
            #expect(region.status == .ok, "\(region.text)")
            let zoom = try #require((region.json as? [String: Any])?["zoom"] as? Double)
            #expect(zoom.isFinite)
        }
    }

    @Test func cachedAnswersFollowNewPosts() async throws {
        try await Fixture.withServer { client in
            for i in 0..<3 {
                #expect(try await client.get("/hometown/count").text == "\(i)")
                #expect((try await client.get("/hometown/users?country=USA&page=0").json as? [Any])?.count == i)
                #expect(
                    try await client.post(
                        body([
                            "nickname": "n\(i)", "password": "pwd", "country": "USA", "state": "MN", "city": "c",
                            "year": 2000, "latitude": 45, "longitude": -93,
                        ])
                    ).status == .ok)
                let f = try #require(try await client.get("/hometown/clusters?zoom=0").json as? [String: Any])
                let n = (f["features"] as? [[String: Any]])?.map {
                    (($0["properties"] as? [String: Any])?["point_count"] as? Int) ?? 1
                }.reduce(0, +)
                #expect(n == i + 1)
            }
        }
    }
}
