import Foundation
import HometownProtocol
import HometownServer
import HometownStore
import HometownTestSupport
import HummingbirdTesting
import Testing

/// The server lists, stores and answers the names people say ("China", "Sichuan"); the old forms
/// ("People's Republic of China", "Sichuan Sheng") still resolve, and posts stored under them are migrated.
@Suite struct SpokenNameEndpointTests {
    @Test func listsSayTheSpokenNames() async throws {
        try await Fixture.withServer { client in
            let countries = try #require(try await client.get("/hometown/countries").json as? [String])
            #expect(countries.contains("China") && !countries.contains("People's Republic of China"))
            let china = try #require(try await client.get("/hometown/states?country=China").json as? [String])
            for spoken in ["Sichuan", "Guangxi", "Beijing", "Xinjiang", "Guangdong"] {
                #expect(china.contains(spoken), "\(spoken)")
            }
            #expect(!china.contains { $0.hasSuffix(" Sheng") || $0.hasSuffix(" Shi") || $0.hasSuffix("Zizhiqu") })
            // The old country name still names the same list.
            let old = try await client.get("/hometown/states?country=People's%20Republic%20of%20China")
            #expect(old.status == .ok && (old.json as? [String]) == china)
            // Current renamings are not undone.
            let india = try #require(try await client.get("/hometown/states?country=India").json as? [String])
            #expect(india.contains("Odisha") && !india.contains("Orissa"))
            let mexico = try #require(try await client.get("/hometown/states?country=Mexico").json as? [String])
            #expect(mexico.contains("Ciudad de México"))
        }
    }

    @Test(arguments: TestBackend.allCases) func oldNamesInPostsAndFiltersAreStoredAsSpoken(_ backend: TestBackend)
        async throws
    {
        try await Fixture.withServer(Fixture.configuration(backend: backend)) { client in
            let r = try await client.post(
                body([
                    "nickname": "panda", "password": "abc", "country": "People's Republic of China",
                    "state": "Sichuan Sheng", "city": "Chengdu", "year": 2017,
                ]))
            #expect(r.status == .ok)
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users.first?["country"] as? String == "China" && users.first?["state"] as? String == "Sichuan")
            let f = try #require(
                try await client.get("/hometown/users?country=China&state=Sichuan%20Sheng").json as? [[String: Any]])
            #expect(f.map { $0["nickname"] as? String } == ["panda"])
            let answer = try #require(
                try await client.get("/hometown/reverse?lat=30.66&lon=104.06").json as? [String: Any])
            #expect(answer["country"] as? String == "China" && answer["state"] as? String == "Sichuan")
        }
    }

    /// A SQLite database written under the old names (by today's store) is migrated when the server starts on it.
    @Test func serverMigratesPostsStoredUnderOldNamesOnStart() async throws {
        let path = Fixture.freshDatabase()
        let store = try await SQLiteUserStore.open(path: path)
        for (i, state) in ["Sichuan Sheng", "Nei Mongol Zizhiqu", "Sichuan"].enumerated() {
            _ = try await store.insert(
                NewUser(
                    nickname: "old\(i)", password: "p", country: "People's Republic of China", state: state,
                    city: "Somewhere", year: 2010, coordinate: nil), passwordHash: "h", now: Int64(i + 1))
        }
        try await store.close()
        try await Fixture.withServer(Fixture.configuration(database: path)) { client in
            let china = try #require(try await client.get("/hometown/states?country=China").json as? [String])
            let users = try #require(try await client.get("/hometown/users").json as? [[String: Any]])
            #expect(users.allSatisfy { $0["country"] as? String == "China" })
            let states = users.compactMap { $0["state"] as? String }
            #expect(states.count == 3 && states[0] == "Sichuan" && states[2] == "Sichuan")
            #expect(states.allSatisfy { china.contains($0) }, "\(states)")
            let sichuan = try #require(
                try await client.get("/hometown/users?country=China&state=Sichuan").json as? [[String: Any]])
            #expect(sichuan.count == 2)
        }
        // Started again: nothing left to migrate.
        let again = try await SQLiteUserStore.open(path: path)
        let pairs = try await again.storedPlaceNames()
        #expect(Set(pairs.map(\.country)) == ["China"] && pairs.count == 2)
        let last = try await again.lastChange()
        try await again.close()
        try await Fixture.withServer(Fixture.configuration(database: path)) { client in
            let count = try await client.get("/hometown/count").text
            #expect(count == "3")
        }
        let third = try await SQLiteUserStore.open(path: path)
        #expect(try await third.lastChange() == last)
        try await third.close()
    }
}
