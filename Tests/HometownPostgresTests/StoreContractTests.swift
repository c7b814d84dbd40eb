import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import Testing

/// The rules of `UserStore` (Sources/HometownStore/UserStore.swift), checked against both backends alike:
/// SQLite and PostgreSQL must give the same answers to the same calls.
@Suite struct StoreContractTests {
    @Test(arguments: Backend.allCases)
    func insertsReadBackWithIdsAndTimes(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        #expect(try await store.nextID() == 1)
        #expect(try await store.count() == 0)
        let a = try await store.insert(
            Users.user("rew", state: "North Dakota", city: "Devils Lake", year: 1985), passwordHash: "h", now: 1000)
        let b = try await store.insert(
            Users.user("rew2", year: 1985, at: Coordinate(uncheckedLatitude: 44.96606, longitude: -93.293753)),
            passwordHash: "h", now: 500)
        #expect(a.id == 1 && b.id == 2)
        // Time never goes back with increasing id.
        #expect(a.timestampMilliseconds == 1000 && b.timestampMilliseconds == 1000)
        let all = try await store.users(UsersQuery())
        #expect(all == [a, b])
        #expect(all[0].coordinate == nil)
        #expect(all[1].coordinate == Coordinate(uncheckedLatitude: 44.96606, longitude: -93.293753))
        #expect(try await store.count() == 2)
        #expect(try await store.nextID() == 3)
        #expect(try await store.nicknameExists("REW2"))
        #expect(try await !store.nicknameExists("rew3"))
        try await store.close()
    }

    @Test(arguments: Backend.allCases)
    func nicknamesAreUniqueByTheirKey(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        _ = try await store.insert(Users.user("Straße"), passwordHash: "h", now: 1)
        await #expect(throws: StoreError.nicknameTaken("STRASSE")) {
            try await store.insert(Users.user("STRASSE"), passwordHash: "h", now: 2)
        }
        #expect(try await store.nicknameExists(" STRAßE "))
        #expect(try await !store.nicknameExists("strase"))
        try await store.close()
    }

    /// 24 posts of one nickname in different casings, widths and look-alike letters, all at once from three
    /// stores (three connection pools, as three server processes would have): exactly one is stored.
    @Test(arguments: Backend.allCases)
    func racingInsertsOfOneNicknameStoreExactlyOne(_ backend: Backend) async throws {
        let location = try await backend.freshLocation()
        var stores: [any CopyableUserStore] = []
        for _ in 0..<3 { stores.append(try await Backend.open(location)) }
        let base = ["dave", "Dave", "DAVE", "dAve", "daVe", "davE", "DaVe", "dAvE"]
        // Cyrillic а and А for the Latin letters; full-width forms.
        let cyrillic = base.map {
            $0.replacingOccurrences(of: "a", with: "\u{430}").replacingOccurrences(of: "A", with: "\u{410}")
        }
        let fullWidth = base.map { String($0.unicodeScalars.map { Character(Unicode.Scalar($0.value + 0xFEE0)!) }) }
        let variants = base + cyrillic + fullWidth
        #expect(Set(variants).count == 24 && Set(variants.map(NicknameKey.key)).count == 1)
        let outcomes = await withTaskGroup(of: Result<User, any Error>.self) { group in
            for (i, nick) in variants.enumerated() {
                let store = stores[i % stores.count]
                group.addTask {
                    do {
                        return .success(try await store.insert(Users.user(nick), passwordHash: "h", now: 1))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<User, any Error>] = []
            for await r in group { all.append(r) }
            return all
        }
        let stored = outcomes.compactMap { try? $0.get() }
        #expect(stored.count == 1)
        let refusals = outcomes.compactMap { r -> StoreError? in
            if case .failure(let e) = r { return e as? StoreError }
            return nil
        }
        #expect(refusals.count == 23)
        #expect(refusals.allSatisfy { if case .nicknameTaken = $0 { true } else { false } })
        #expect(try await stores[0].count() == 1)
        for s in stores { try await s.close() }
    }

    /// 24 changes of one post at once from three stores (three processes' pools), each adding one to the year it
    /// reads: every change starts from the one before, so none is lost. A change that gives nil stores nothing.
    @Test(arguments: Backend.allCases)
    func changesOfOnePostAtOnceEachStartFromTheLast(_ backend: Backend) async throws {
        let location = try await backend.freshLocation()
        var stores: [any CopyableUserStore] = []
        for _ in 0..<3 { stores.append(try await Backend.open(location)) }
        let first = try await stores[0].insert(Users.user("rew", year: 1900), passwordHash: "h", now: 1)
        let outcomes = await withTaskGroup(of: Result<Int?, any Error>.self) { group in
            for i in 0..<24 {
                let store = stores[i % stores.count]
                group.addTask {
                    do {
                        return .success(
                            try await store.update(id: first.id) { stored in
                                NewUser(
                                    nickname: stored.nickname, password: "", country: stored.country,
                                    state: stored.state, city: stored.city, year: stored.year + 1,
                                    coordinate: stored.coordinate)
                            }?.year)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.compactMap { try? $0.get() }.sorted() == Array(1901...1924), "\(outcomes)")
        #expect(try await stores[1].user(id: first.id)?.year == 1924)
        #expect(try await stores[2].update(id: first.id) { _ in nil } == nil)
        #expect(try await stores[0].user(id: first.id)?.year == 1924)
        #expect(
            try await stores[0].update(id: 99) { _ in
                Issue.record("called for no user")
                return nil
            } == nil)
        for s in stores { try await s.close() }
    }

    @Test(arguments: Backend.allCases)
    func idsAreNeverReusedAfterFailuresOrReopening(_ backend: Backend) async throws {
        let location = try await backend.freshLocation()
        var store = try await Backend.open(location)
        let a = try await store.insert(Users.user("a"), passwordHash: "h", now: 1)
        _ = try? await store.insert(Users.user("A"), passwordHash: "h", now: 2)
        let expected = try await store.nextID()
        let b = try await store.insert(Users.user("b"), passwordHash: "h", now: 3)
        #expect(b.id > a.id && b.id == expected)
        try await store.close()
        store = try await Backend.open(location)
        let next = try await store.nextID()
        #expect(next > b.id)
        let c = try await store.insert(Users.user("c"), passwordHash: "h", now: 4)
        #expect(c.id == next)
        #expect(try await store.users(UsersQuery()).map(\.nickname) == ["a", "b", "c"])
        try await store.close()
    }

    @Test(arguments: Backend.allCases)
    func filtersOrderAndPaging(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        var all: [User] = []
        for i in 0..<60 {
            let state = ["Minnesota", "Texas", "Ohio"][i % 3]
            all.append(
                try await store.insert(
                    Users.user("u\(i)", state: state, city: i % 2 == 0 ? "X" : "Y", year: 2000 + i % 4),
                    passwordHash: "h", now: Int64(i)))
        }
        func check(_ q: UsersQuery, _ expected: (User) -> Bool) async throws {
            var want = all.filter(expected)
            if q.reverse { want.reverse() }
            if let p = q.page {
                let (offset, overflow) = p.multipliedReportingOverflow(by: q.pageSize)
                want = overflow ? [] : Array(want.dropFirst(offset).prefix(q.pageSize))
            }
            #expect(try await store.users(q) == want, "\(backend): \(q)")
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
        try await check(UsersQuery(page: 1 << 40, pageSize: 1000), { _ in true })
        try await check(UsersQuery(country: "Mexico"), { _ in false })
        #expect(try await store.count() == 60)
        // The view's loading path: pages by id, each user with its stored nickname key.
        var seen: [User] = []
        var last = 0
        while true {
            let page = try await store.usersWithKeys(afterID: last, limit: 7)
            guard let end = page.last else { break }
            #expect(page.allSatisfy { $0.nicknameKey == NicknameKey.key($0.user.nickname) })
            seen += page.map(\.user)
            last = end.user.id
        }
        #expect(seen == all)
        try await store.close()
    }

    @Test(arguments: Backend.allCases)
    func hostileStringsAreDataNotSQL(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        let hostile = [
            "Robert'); DROP TABLE users;--", "\"; DELETE FROM users; --", "😀\\'\"", "x' OR '1'='1", "$1 $$ $a$",
        ]
        for (i, h) in hostile.enumerated() {
            _ = try await store.insert(Users.user("n\(i)" + h, city: h), passwordHash: "h'\(i)", now: 1)
        }
        #expect(try await store.users(UsersQuery()).map(\.city) == hostile)
        #expect(try await store.users(UsersQuery(city: "x' OR '1'='1")).count == 1)
        #expect(try await store.storedRows(afterID: 0, limit: 10).map(\.passwordHash) == (0..<5).map { "h'\($0)" })
        try await store.close()
    }

    @Test(arguments: Backend.allCases)
    func batchesKeepTheirTimesAndTakeTheNextIds(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        _ = try await store.insert(Users.user("first"), passwordHash: "h0", now: 5)
        let rows = (0..<1200).map { i in
            (
                user: Users.user("b\(i)", year: 1990 + i % 30), passwordHash: "hash\(i)",
                createdMilliseconds: Int64(10 + i)
            )
        }
        try await Users.insertBatch(store, rows)
        let stored = try await store.storedRows(afterID: 0, limit: 5000)
        #expect(stored.map(\.id) == Array(1...1201))
        #expect(stored.dropFirst().map(\.createdMilliseconds) == (0..<1200).map { Int64(10 + $0) })
        #expect(stored.dropFirst().map(\.passwordHash) == (0..<1200).map { "hash\($0)" })
        // A batch with a taken nickname stores nothing.
        await #expect(throws: StoreError.self) {
            try await Users.insertBatch(
                store, [(Users.user("new"), "h", 1), (Users.user("B7"), "h", 2)])
        }
        #expect(try await store.count() == 1201)
        #expect(try await !store.nicknameExists("new"))
        try await store.close()
    }

    /// What `db copy` uses: rows as stored in, the same rows out, and an id counter that only moves forward.
    @Test(arguments: Backend.allCases)
    func storedRowsGoInAndOutAsTheyAre(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        let rows = [
            StoredUserRow(
                id: 7, nickname: "Ann", nicknameKey: NicknameKey.key("Ann"), passwordHash: "$scrypt$x", country: "USA",
                state: "Texas", city: "Austin", year: 2001, latitude: 30.25, longitude: -97.75,
                createdMilliseconds: 1_700_000_000_123),
            StoredUserRow(
                id: 40, nickname: "bob", nicknameKey: NicknameKey.key("bob"), passwordHash: "$scrypt$y",
                country: "Canada", state: "Ontario", city: "Ottawa", year: 1999, latitude: nil, longitude: nil,
                createdMilliseconds: 1_700_000_000_124),
        ]
        try await store.insertStored(rows)
        #expect(try await store.storedRows(afterID: 0, limit: 10) == rows)
        #expect(try await store.storedRows(afterID: 7, limit: 10) == [rows[1]])
        try await store.advanceIDs(past: 100)
        try await store.advanceIDs(past: 50)  // never lowered
        #expect(try await store.nextID() == 101)
        let next = try await store.insert(Users.user("carl"), passwordHash: "h", now: 1)
        #expect(next.id == 101 && next.timestampMilliseconds == 1_700_000_000_124)
        try await store.close()
    }
    /// A copy cut short between batches (`db copy` killed, or its target's server stopped): the id counter has
    /// moved past every row stored, so the next post takes a new id. On PostgreSQL it took 1, a copied row's id,
    /// which the store called a taken nickname (and id 8 among the copied 7 and 40 was stored but never listed).
    /// A repeated id is a failure, not a taken nickname.
    @Test(arguments: Backend.allCases)
    func storedRowsMoveTheIdCounterPastThem(_ backend: Backend) async throws {
        let store = try await Backend.open(try backend.freshLocation())
        func row(_ id: Int, _ nickname: String) -> StoredUserRow {
            StoredUserRow(
                id: id, nickname: nickname, nicknameKey: NicknameKey.key(nickname), passwordHash: "$scrypt$x",
                country: "USA", state: "Texas", city: "Austin", year: 2001, latitude: nil, longitude: nil,
                createdMilliseconds: 1_700_000_000_000 + Int64(id))
        }
        try await store.insertStored([row(7, "Ann"), row(40, "bob")])
        #expect(try await store.nextID() == 41)
        let next = try await store.insert(Users.user("carl"), passwordHash: "h", now: 1)
        #expect(next.id == 41)
        await #expect {
            try await store.insertStored([row(41, "dora")])
        } throws: { error in
            guard case .failed = error as? StoreError else { return false }
            return true
        }
        #expect(try await !store.nicknameExists("dora"))
        try await store.close()
    }
}
