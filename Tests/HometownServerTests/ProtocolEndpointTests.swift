import Foundation
import HTTPTypes
import HometownProtocol
import HometownServer
import HometownStore
import HometownTestSupport
import HummingbirdTesting
import Testing

@Suite struct ProtocolEndpointTests {
    @Test func countriesAndStates() async throws {
        try await Fixture.withServer { client in
            let c = try await client.get("/hometown/countries")
            #expect(c.status == .ok && c.text == #"["China","India","Mexico","USA"]"#)
            #expect(c.headers[.contentType]?.hasPrefix("application/json") == true)
            for spelling in ["USA", "usa", "US", "United%20States%20of%20America"] {
                let s = try await client.get("/hometown/states?country=\(spelling)")
                let names = s.json as? [String]
                #expect(s.status == .ok && names?.count == 51 && names?.first == "Alabama", "\(spelling)")
            }
            let mx = try await client.get("/hometown/states?country=Mexico").json as? [String]
            #expect(mx?.contains("Ciudad de México") == true)
            let missing = try await client.get("/hometown/states")
            #expect(missing.status == .badRequest && missing.errorField == "country")
            let unknown = try await client.get("/hometown/states?country=Atlantis")
            #expect(unknown.status == .badRequest && unknown.errorField == "country")
            #expect(unknown.errorMessage?.contains("GET /hometown/countries") == true)
            let extra = try await client.get("/hometown/countries?x=1")
            #expect(extra.status == .badRequest && extra.errorField == "x")
        }
    }

    /// With `country` (and `state`), the two lists answer the served name a spelling stands for, so that a client
    /// holding a name from a link asks the server rather than matching it itself; a spelling of nothing served is
    /// refused as a filter would be.
    @Test func aSpellingIsAnsweredWithItsServedName() async throws {
        try await Fixture.withServer { client in
            for (spelling, served) in [
                ("US", "USA"), ("united%20states", "USA"), ("USA", "USA"), ("mx", "Mexico"), ("M%C3%89XICO", "Mexico"),
            ] {
                let r = try await client.get("/hometown/countries?country=\(spelling)")
                #expect(r.status == .ok && r.json as? [String] == [served], "\(spelling): \(r.text)")
            }
            for (country, spelling, served) in [
                ("US", "MN", "Minnesota"), ("USA", "us-mn", "Minnesota"),
                ("United%20States", "north%20dakota", "North Dakota"),
                ("Mexico", "Distrito%20Federal", "Ciudad de México"), ("India", "Orissa", "Odisha"),
            ] {
                let r = try await client.get("/hometown/states?country=\(country)&state=\(spelling)")
                #expect(r.status == .ok && r.json as? [String] == [served], "\(country) \(spelling): \(r.text)")
            }
            for (uri, field) in [
                ("/hometown/countries?country=Atlantis", "country"), ("/hometown/countries?country=", "country"),
                ("/hometown/states?country=US&state=Narnia", "state"),
                ("/hometown/states?country=Mexico&state=MN", "state"),
                ("/hometown/states?country=Atlantis&state=MN", "country"), ("/hometown/countries?state=MN", "state"),
            ] {
                let r = try await client.get(uri)
                #expect(r.status == .badRequest && r.errorField == field, "\(uri): \(r.text)")
            }
        }
    }

    @Test(arguments: TestBackend.allCases) func protocolSampleSession(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            #expect(try await client.get("/hometown/count").text == "0")
            #expect(try await client.get("/hometown/nextid").text == "1")
            let a = try await client.post(Fixture.rew)
            #expect(a.status == .ok && a.text == "ok")
            let b = try await client.post(Fixture.rew2)
            #expect(b.status == .ok && b.text == "ok")
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users.count == 2)
            #expect(users[0]["nickname"] as? String == "rew" && users[0]["id"] as? Int == 1)
            #expect(users[0]["latitude"] as? Double == 0 && users[0]["longitude"] as? Double == 0)
            #expect(users[1]["nickname"] as? String == "rew2" && users[1]["id"] as? Int == 2)
            #expect(users[1]["latitude"] as? Double == 44.96606 && users[1]["longitude"] as? Double == -93.293753)
            #expect(
                Set(users[1].keys) == [
                    "nickname", "country", "state", "city", "year", "longitude", "latitude", "id", "time-stamp",
                ])
            let stamp = try #require(users[1]["time-stamp"] as? String)
            #expect(stamp.count == 24 && stamp.hasSuffix("Z") && Timestamp.milliseconds(iso8601: stamp) != nil)
            #expect(try await client.get("/hometown/count").text == "2")
            #expect(try await client.get("/hometown/nextid").text == "3")
            #expect(try await client.get("/hometown/nicknameexists?name=REW").text == "true")
            #expect(try await client.get("/hometown/nicknameexists?name=rew3").text == "false")
            let noName = try await client.get("/hometown/nicknameexists")
            #expect(noName.status == .badRequest && noName.errorField == "name")
            // The raw bytes keep the protocol's key order.
            let raw = try await client.get("/hometown/users?afterid=1").text
            #expect(
                raw.hasPrefix(
                    #"[{"nickname":"rew2","country":"USA","state":"Minnesota","city":"Minneapolis","year":1985,"longitude":-93.293753,"latitude":44.96606,"id":2,"time-stamp":""#
                ))
        }
    }

    @Test(arguments: TestBackend.allCases) func aliasesAreStoredCanonically(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            let r = try await client.post(
                body([
                    "nickname": "ana", "password": "abc", "country": "mx", "state": "Distrito Federal",
                    "city": "Coyoacán", "year": 2001,
                ]))
            #expect(r.status == .ok)
            let r2 = try await client.post(
                body([
                    "nickname": "bo", "password": "abc", "country": "United States of America", "state": "MN",
                    "city": "Duluth", "year": 2001,
                ]))
            #expect(r2.status == .ok)
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users[0]["country"] as? String == "Mexico" && users[0]["state"] as? String == "Ciudad de México")
            #expect(users[1]["country"] as? String == "USA" && users[1]["state"] as? String == "Minnesota")
            // Filters accept the same spellings.
            let f = try #require(try await client.get("/hometown/users?country=usa&state=mn").json as? [[String: Any]])
            #expect(f.map { $0["nickname"] as? String } == ["bo"])
        }
    }

    @Test(arguments: TestBackend.allCases) func everyUsersParameterCombined(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            let states = ["Minnesota", "Texas", "North Dakota"]
            for i in 0..<40 {
                let r = try await client.post(
                    body([
                        "nickname": "u\(i)", "password": "pwd", "country": "USA", "state": states[i % 3],
                        "city": i % 2 == 0 ? "Minneapolis" : "Fargo", "year": 2010 + i % 4,
                    ]))
                #expect(r.status == .ok)
            }
            func ids(_ q: String) async throws -> [Int] {
                let r = try await client.get("/hometown/users" + q)
                #expect(r.status == .ok, "\(q): \(r.text)")
                return (r.json as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
            }
            let all = Array(1...40)
            #expect(try await ids("") == all)
            #expect(try await ids("?reverse=true") == all.reversed())
            #expect(try await ids("?page=0") == Array(1...25))
            #expect(try await ids("?page=1") == Array(26...40))
            #expect(try await ids("?page=2") == [])
            #expect(try await ids("?page=1&pagesize=10") == Array(11...20))
            #expect(try await ids("?pagesize=10") == all)
            #expect(try await ids("?afterid=35") == [36, 37, 38, 39, 40])
            #expect(try await ids("?beforeid=4") == [1, 2, 3])
            #expect(try await ids("?page=2&reverse=true&beforeid=30&pagesize=5") == [19, 18, 17, 16, 15])
            #expect(
                try await ids("?state=Minnesota&year=2010") == all.filter { ($0 - 1) % 3 == 0 && ($0 - 1) % 4 == 0 })
            #expect(
                try await ids("?country=USA&state=Texas&city=Fargo")
                    == all.filter { ($0 - 1) % 3 == 1 && ($0 - 1) % 2 == 1 })
            #expect(
                try await ids("?year=2013&city=Fargo&reverse=true&afterid=10")
                    == all.filter { ($0 - 1) % 4 == 3 && $0 > 10 }.reversed())
            #expect(try await ids("?city=fargo") == [])
            #expect(try await ids("?country=Mexico") == [])
        }
    }

    @Test(arguments: [
        ("year=abc", "year"), ("year=1e3", "year"), ("page=-1", "page"), ("pagesize=1001", "pagesize"),
        ("pagesize=0", "pagesize"),
        ("reverse=1", "reverse"), ("country=Atlantis", "country"), ("state=Narnia", "state"),
        ("Country=USA", "Country"),
        ("year=1&year=2", "year"), ("afterid=%ZZ", "afterid"), ("beforeid=1.5", "beforeid"),
    ])
    func usersRefusals(query: String, field: String) async throws {
        try await Fixture.withServer { client in
            let r = try await client.get("/hometown/users?" + query)
            #expect(r.status == .badRequest, "\(query)")
            #expect(r.errorField == field, "\(query): \(r.text)")
        }
    }

    @Test(arguments: TestBackend.allCases) func postRefusalsNameTheField(_ backend: TestBackend) async throws {
        let ok: [String: Any] = [
            "nickname": "n", "password": "pwd", "country": "USA", "state": "MN", "city": "c", "year": 2000,
        ]
        let cases: [(String, String?)] = [
            (body(ok.merging(["year": "1985"]) { $1 }), "year"),
            (body(ok.merging(["year": 1985.5]) { $1 }), "year"),
            (#"{"nickname":"n","password":"pwd","country":"USA","state":"MN","city":"c","year":1e3}"#, "year"),
            (body(ok.merging(["year": 1969]) { $1 }), "year"),
            (body(ok.merging(["year": 2027]) { $1 }), "year"),
            (body(ok.merging(["password": "pw"]) { $1 }), "password"),
            (body(ok.merging(["country": "Canada"]) { $1 }), "country"),
            (body(ok.merging(["state": "Ontario"]) { $1 }), "state"),
            (body(ok.merging(["latitude": 91, "longitude": 0]) { $1 }), "latitude"),
            (body(ok.merging(["latitude": 0, "longitude": 180]) { $1 }), "longitude"),
            (body(ok.merging(["extra": 1]) { $1 }), "extra"),
            (body(ok.filter { $0.key != "city" }), "city"),
            (body(ok.merging(["nickname": String(repeating: "n", count: 10_000)]) { $1 }), "nickname"),
            (body(ok.merging(["city": "a\u{0}b"]) { $1 }), "city"),
            ("not json", nil), ("[1]", nil), ("", nil),
        ]
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            for (b, field) in cases {
                let r = try await client.post(b)
                #expect(r.status == .badRequest, "\(b.prefix(80))")
                #expect(r.errorField == field, "\(b.prefix(80)): \(r.text)")
                #expect(r.errorMessage?.isEmpty == false)
            }
            #expect(try await client.get("/hometown/count").text == "0")
            #expect(try await client.get("/hometown/nextid").text == "1")
        }
    }

    @Test(arguments: TestBackend.allCases) func oversizedBodyIs413(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            let r = try await client.post(#"{"city":""# + String(repeating: "a", count: 20_000) + #""}"#)
            #expect(r.status == .contentTooLarge && r.errorMessage?.contains("16384") == true)
        }
    }

    @Test(arguments: TestBackend.allCases) func nicknameTakenInAnyCase(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            #expect(
                try await client.post(
                    body([
                        "nickname": "Straße", "password": "pwd", "country": "USA", "state": "MN", "city": "c",
                        "year": 2000,
                    ])
                ).status == .ok)
            let r = try await client.post(
                body([
                    "nickname": " STRASSE ", "password": "pwd", "country": "USA", "state": "MN", "city": "c",
                    "year": 2000,
                ]))
            #expect(r.status == .badRequest && r.errorField == "nickname" && r.errorMessage?.contains("taken") == true)
            #expect(try await client.get("/hometown/nicknameexists?name=strasse").text == "true")
            // The failed post used no id.
            #expect(try await client.get("/hometown/nextid").text == "2")
        }
    }

    /// Impersonation attempts: refused with the character named, or answered as taken; the GET check
    /// and the POST agree.
    @Test(arguments: TestBackend.allCases) func nicknamesCannotImpersonate(_ backend: TestBackend) async throws {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            func user(_ nickname: String) -> String {
                body([
                    "nickname": nickname, "password": "pwd", "country": "USA", "state": "MN", "city": "c", "year": 2000,
                ])
            }
            func exists(_ name: String) async throws -> TestResponse {
                try await client.get("/hometown/nicknameexists?name=" + QueryString.percentEncoded(name))
            }
            for first in ["bob", "dave", "eve", "alice", "carol", "jay"] {
                #expect(try await client.post(user(first)).status == .ok, "\(first)")
            }
            // Invisible and direction characters: 400 naming the field and the code point, by POST and by GET.
            for (nickname, named) in [
                ("b\u{200D}ob", "U+200D"), ("alice\u{200B}", "U+200B"), ("\u{202E}carol", "U+202E"),
                ("ja\u{00AD}y", "U+00AD"), ("\u{200B}", "U+200B"), ("\u{202E}", "U+202E"),
                ("x\u{009B}y", "U+009B"),
            ] {
                let r = try await client.post(user(nickname))
                #expect(r.status == .badRequest && r.errorField == "nickname", "\(r.text)")
                #expect(r.errorMessage?.contains(named) == true, "\(r.text)")
                let g = try await exists(nickname)
                #expect(
                    g.status == .badRequest && g.errorField == "name" && g.errorMessage?.contains(named) == true,
                    "\(g.text)")
            }
            // Look-alikes of taken nicknames: the protocol's "taken" answer, and nicknameexists says true.
            for twin in ["d\u{0430}ve", "ｅｖｅ", "DAVE", "B0B", "\u{0430}lice"] {
                let r = try await client.post(user(twin))
                #expect(
                    r.status == .badRequest && r.errorField == "nickname" && r.errorMessage?.contains("taken") == true,
                    "\(twin): \(r.text)")
                #expect(try await exists(twin).text == "true", "\(twin)")
            }
            let zalgo = try await client.post(user("z" + String(repeating: "\u{0301}", count: 5_000)))
            #expect(
                zalgo.status == .badRequest && zalgo.errorField == "nickname"
                    && zalgo.errorMessage?.contains("400 bytes") == true, "\(zalgo.text)")
            #expect(try await exists("dove").text == "false")
            // Only the six first posts were stored, as posted.
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users.map { $0["nickname"] as? String } == ["bob", "dave", "eve", "alice", "carol", "jay"])
        }
    }

    @Test(arguments: TestBackend.allCases) func hostileValuesRoundTripByteExact(_ backend: TestBackend) async throws {
        let hostile = [
            #"Robert'); DROP TABLE users;--"#, #"quo"te\back\\slash"#, "😀👩‍👩‍👧 emoji", "<b>bold</b> & \u{2028}",
            "' OR '1'='1", "%00%27", "ünïcödé\u{301}",
        ]
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            for (i, h) in hostile.enumerated() {
                let r = try await client.post(
                    body([
                        "nickname": "h\(i) " + h + " z", "password": h, "country": "USA", "state": "MN", "city": h,
                        "year": 2000,
                    ]))
                #expect(r.status == .ok, "\(h): \(r.text)")
            }
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users.map { $0["city"] as? String } == hostile)
            #expect(
                users.map { $0["nickname"] as? String }
                    == hostile.enumerated().map { "h\($0.offset) " + $0.element + " z" })
            #expect(users.allSatisfy { $0["password"] == nil })
            for h in hostile {
                let q = h.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let r = try await client.get("/hometown/users?city=" + q)
                #expect((r.json as? [[String: Any]])?.count == 1, "\(h)")
            }
        }
    }

    @Test func unknownPathsAndMethodsAre404HTML() async throws {
        try await Fixture.withServer { client in
            for (uri, method) in [
                ("/hometown/nope", HTTPRequest.Method.get), ("/hometown/Users", .get), ("/nope.html", .get),
                ("/", .post), ("/hometown/users", .post),
                ("/hometown/adduser", .get), ("/hometown/count", .delete),
            ] {
                let r = try await client.execute(uri: uri, method: method)
                #expect(r.status == .notFound, "\(method) \(uri)")
                #expect(r.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(r.text.contains("<html"))
            }
        }
    }

    @Test func openAPIDocumentIsServed() async throws {
        try await Fixture.withServer { client in
            let r = try await client.get("/openapi.yaml")
            #expect(r.status == .ok && r.text.hasPrefix("openapi: 3.1"))
            let file = try String(
                contentsOfFile: #filePath.replacingOccurrences(
                    of: "Tests/HometownServerTests/ProtocolEndpointTests.swift",
                    with: "Sources/HometownServer/Public/openapi.yaml"), encoding: .utf8)
            #expect(r.text == file)
        }
    }

    @Test(arguments: TestBackend.allCases) func dataSurvivesARestart(_ backend: TestBackend) async throws {
        let db = try await StoreLocation(parsing: backend.freshDatabase())
        try await Fixture.withServer(Fixture.configuration(location: db)) { client in
            let r = try await client.post(Fixture.rew)
            #expect(r.status == .ok)
        }
        try await Fixture.withServer(Fixture.configuration(location: db)) { client in
            #expect(try await client.get("/hometown/count").text == "1")
            #expect(try await client.post(Fixture.rew).status == .badRequest)
            #expect(try await client.post(Fixture.rew2).status == .ok)
            let ids = (try await client.get("/hometown/users").json as? [[String: Any]])?.compactMap {
                $0["id"] as? Int
            }
            #expect(ids == [1, 2])
        }
    }
}
