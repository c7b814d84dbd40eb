import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import Testing

@Suite struct SQLiteUserStoreTests {
    /// A fresh database file in its own temporary folder.
    static func freshPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-store-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("users.sqlite").path
    }

    static func user(
        _ nick: String, country: String = "USA", state: String = "Minnesota", city: String = "Minneapolis",
        year: Int = 2016, at c: Coordinate? = nil
    ) -> NewUser {
        NewUser(nickname: nick, password: "pwd", country: country, state: state, city: city, year: year, coordinate: c)
    }

    @Test func insertsReadBackWithIdsAndTimes() async throws {
        let store = try await SQLiteUserStore.open(path: Self.freshPath())
        #expect(try await store.nextID() == 1)
        #expect(try await store.count() == 0)
        let a = try await store.insert(
            Self.user("rew", state: "North Dakota", city: "Devils Lake", year: 1985), passwordHash: "h", now: 1000)
        let b = try await store.insert(
            Self.user("rew2", year: 1985, at: Coordinate(uncheckedLatitude: 44.96606, longitude: -93.293753)),
            passwordHash: "h", now: 500)
        #expect(a.id == 1 && b.id == 2)
        // Time never goes back with increasing id.
        #expect(a.timestampMilliseconds == 1000 && b.timestampMilliseconds == 1000)
        let all = try await store.users(UsersQuery())
        #expect(all == [a, b])
        #expect(all[0].latitude == 0 && all[0].longitude == 0 && all[0].coordinate == nil)
        #expect(try await store.count() == 2)
        #expect(try await store.nextID() == 3)
        try await store.close()
    }

    @Test func nicknamesAreUniqueWithoutRegardToCase() async throws {
        let store = try await SQLiteUserStore.open(path: Self.freshPath())
        _ = try await store.insert(Self.user("Straße"), passwordHash: "h", now: 1)
        await #expect(throws: StoreError.nicknameTaken("STRASSE")) {
            try await store.insert(Self.user("STRASSE"), passwordHash: "h", now: 2)
        }
        #expect(try await store.nicknameExists("strasse"))
        #expect(try await store.nicknameExists(" STRAßE "))
        #expect(try await !store.nicknameExists("strase"))
        try await store.close()
    }

    @Test func idsAreNeverReusedAfterFailuresOrRestarts() async throws {
        let path = Self.freshPath()
        var store = try await SQLiteUserStore.open(path: path)
        _ = try await store.insert(Self.user("a"), passwordHash: "h", now: 1)
        _ = try? await store.insert(Self.user("A"), passwordHash: "h", now: 2)
        let b = try await store.insert(Self.user("b"), passwordHash: "h", now: 3)
        #expect(b.id == 2)
        try await store.close()
        store = try await SQLiteUserStore.open(path: path)
        #expect(try await store.nextID() == 3)
        let c = try await store.insert(Self.user("c"), passwordHash: "h", now: 4)
        #expect(c.id == 3)
        #expect(try await store.users(UsersQuery()).map(\.nickname) == ["a", "b", "c"])
        try await store.close()
    }

    @Test func filtersOrderAndPaging() async throws {
        let store = try await SQLiteUserStore.open(path: Self.freshPath())
        var all: [User] = []
        for i in 0..<60 {
            let state = ["Minnesota", "Texas", "Ohio"][i % 3]
            all.append(
                try await store.insert(
                    Self.user("u\(i)", state: state, city: i % 2 == 0 ? "X" : "Y", year: 2000 + i % 4),
                    passwordHash: "h", now: Int64(i)))
        }
        func check(_ q: UsersQuery, _ expected: (User) -> Bool) async throws {
            var want = all.filter(expected)
            if q.reverse { want.reverse() }
            if let p = q.page {
                let (offset, overflow) = p.multipliedReportingOverflow(by: q.pageSize)
                want = overflow ? [] : Array(want.dropFirst(offset).prefix(q.pageSize))
            }
            #expect(try await store.users(q) == want, "\(q)")
        }
        try await check(UsersQuery(states: ["Texas"]), { $0.state == "Texas" })
        try await check(
            UsersQuery(states: ["Texas", "Ohio"], year: 2001), { $0.state != "Minnesota" && $0.year == 2001 })
        try await check(
            UsersQuery(country: "USA", city: "X", afterID: 10, beforeID: 50),
            { $0.city == "X" && $0.id > 10 && $0.id < 50 })
        try await check(UsersQuery(reverse: true, page: 1, pageSize: 7), { _ in true })
        try await check(UsersQuery(page: 2), { _ in true })
        try await check(UsersQuery(page: 3), { _ in true })
        try await check(UsersQuery(page: Int.max / 2, pageSize: 1000), { _ in true })
        try await check(UsersQuery(country: "Mexico"), { _ in false })
        try await store.close()
    }

    @Test func hostileStringsAreDataNotSQL() async throws {
        let store = try await SQLiteUserStore.open(path: Self.freshPath())
        let hostile = ["Robert'); DROP TABLE users;--", "\"; DELETE FROM users; --", "😀\\'\"", "x' OR '1'='1"]
        for (i, h) in hostile.enumerated() {
            _ = try await store.insert(Self.user("n\(i)" + h, city: h), passwordHash: "h", now: 1)
        }
        let users = try await store.users(UsersQuery())
        #expect(users.map(\.city) == hostile)
        #expect(try await store.users(UsersQuery(city: "x' OR '1'='1")).count == 1)
        try await store.close()
    }

    @Test func refusesAForeignDatabase() async throws {
        let path = Self.freshPath()
        try Data("this is not a database, just text that is long enough to look like a header".utf8).write(
            to: URL(fileURLWithPath: path))
        await #expect(throws: StoreError.self) { try await SQLiteUserStore.open(path: path) }
        await #expect(throws: StoreError.self) {
            try await SQLiteUserStore.open(path: "/nonexistent-folder/x/users.sqlite")
        }
    }
}
