import HometownCore
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import Testing

/// The in-memory view answers exactly as the SQL store does: every query of a seeded random set, on a real SQLite
/// database, gives the same users and the same JSON bytes.
@Suite struct UserViewTests {
    static let countries = ["USA": ["Minnesota", "Texas", "Ohio"], "India": ["Goa", "Kerala"], "Mexico": ["Jalisco"]]
    static let cities = ["Minneapolis", "Austin", "Panaji", "Guadalajara", "Springfield", "Quote \"q\" \\ city", "Åre"]

    /// A store of `n` random users (some without a point, some ids skipped by refused duplicates).
    static func seededStore(_ n: Int, seed: UInt64) async throws -> (SQLiteUserStore, [User]) {
        let store = try await SQLiteUserStore.open(path: SQLiteUserStoreTests.freshPath())
        var rng = SeededRandom(seed: seed)
        var stored: [User] = []
        for i in 0..<n {
            let country = countries.keys.sorted().randomElement(using: &rng)!
            let state = countries[country]!.randomElement(using: &rng)!
            let point =
                rng.unit() < 0.1
                ? nil
                : Coordinate(uncheckedLatitude: rng.unit() * 170 - 85, longitude: rng.unit() * 360 - 180)
            let user = NewUser(
                nickname: "user\(i)", password: "pwd", country: country, state: state,
                city: cities.randomElement(using: &rng)!, year: 1990 + Int(rng.next() % 6), coordinate: point)
            stored.append(try await store.insert(user, passwordHash: "h", now: Int64(i)))
        }
        return (store, stored)
    }

    static func randomQuery(_ rng: inout SeededRandom, maxID: Int) -> UsersQuery {
        var q = UsersQuery()
        func maybe(_ p: Double) -> Bool { rng.unit() < p }
        let allStates = countries.values.flatMap { $0 }.sorted()
        if maybe(0.4) { q.country = maybe(0.9) ? countries.keys.sorted().randomElement(using: &rng)! : "Nowhere" }
        if maybe(0.3) {
            q.states =
                maybe(0.3)
                ? [allStates.randomElement(using: &rng)!, allStates.randomElement(using: &rng)!]
                : [maybe(0.95) ? allStates.randomElement(using: &rng)! : "Atlantis"]
        }
        if maybe(0.25) { q.city = cities.randomElement(using: &rng)! }
        if maybe(0.25) { q.year = 1989 + Int(rng.next() % 8) }
        if maybe(0.2) { q.afterID = Int(rng.next() % UInt64(maxID + 3)) - 1 }
        if maybe(0.2) { q.beforeID = Int(rng.next() % UInt64(maxID + 3)) - 1 }
        q.reverse = maybe(0.4)
        if maybe(0.6) {
            q.page = maybe(0.05) ? Int.max / 2 : Int(rng.next() % 6)
            q.pageSize = maybe(0.5) ? 25 : 1 + Int(rng.next() % 60)
        }
        return q
    }

    @Test func answersAsTheDatabaseDoesForRandomQueries() async throws {
        let (store, stored) = try await Self.seededStore(400, seed: 7)
        let view = try await UserView.load(from: store, batch: 64)
        #expect(view.count == 400)
        #expect(view.nextID == stored.last!.id + 1)
        var rng = SeededRandom(seed: 99)
        var nonEmpty = 0
        for _ in 0..<1500 {
            let q = Self.randomQuery(&rng, maxID: stored.last!.id)
            let expected = try await store.users(q)
            #expect(view.users(q) == expected, "query \(q)")
            var answer = view.answer(q)
            var bytes: [UInt8] = []
            while !answer.isFinished { answer.writeJSON(view: view, to: &bytes) }
            var want: [UInt8] = []
            UserJSON.append(expected, to: &want)
            #expect(bytes == want, "JSON of query \(q)")
            if let known = answer.knownCount { #expect(known == expected.count) }
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 500)
        try await store.close()
    }

    @Test func largeAnswersComeInStepsAndKeepTheirSnapshot() async throws {
        let (store, stored) = try await Self.seededStore(2_500, seed: 3)
        let view = try await UserView.load(from: store)
        let snapshot = view.snapshot
        var answer = view.answer(UsersQuery(), at: snapshot)
        var bytes: [UInt8] = []
        answer.writeJSON(view: view, to: &bytes)
        #expect(!answer.isFinished)  // 2,500 users take more than one step
        // A user appended meanwhile is not part of this answer, but of the next one.
        let late = User(
            id: stored.last!.id + 5, nickname: "late", country: "USA", state: "Ohio", city: "Akron", year: 2000,
            coordinate: nil, timestampMilliseconds: 1)
        try view.append(late, nicknameKey: NicknameKey.key("late"))
        while !answer.isFinished { answer.writeJSON(view: view, to: &bytes) }
        var want: [UInt8] = []
        UserJSON.append(stored, to: &want)
        #expect(bytes == want)
        #expect(view.users(UsersQuery(reverse: true, page: 0, pageSize: 1)) == [late])
        #expect(view.snapshot.version == snapshot.version + 1)
        #expect(view.nextID == late.id + 1)
        #expect(view.containsNicknameKey(NicknameKey.key("LATE")))
        #expect(
            view.points(UsersQuery(country: "USA")).count
                == stored.filter { $0.country == "USA" && $0.coordinate != nil }.count)
        try await store.close()
    }

    @Test func refusesUsersOutOfIdOrder() throws {
        let view = UserView()
        let u = User(
            id: 5, nickname: "a", country: "USA", state: "Ohio", city: "Akron", year: 2000, coordinate: nil,
            timestampMilliseconds: 1)
        try view.append(u, nicknameKey: "a")
        var older = u
        older.id = 4
        #expect(throws: UserView.AppendError.outOfOrder(id: 4, last: 5)) { try view.append(older, nicknameKey: "b") }
        view.raiseNextID(to: 9)
        #expect(view.nextID == 9)
        #expect(view.count == 1)
    }

    /// Two nicknames that read the same under today's comparison, both stored before it (the nickname migration
    /// kept the later one under its key with its id appended): deleting the later user frees its own key, never
    /// the earlier user's nickname.
    @Test func deletingAMigratedCollisionFreesOnlyItsOwnKey() throws {
        let view = UserView()
        func user(_ id: Int, _ nickname: String) -> User {
            User(
                id: id, nickname: nickname, country: "USA", state: "Ohio", city: "Akron", year: 2000, coordinate: nil,
                timestampMilliseconds: Int64(id))
        }
        let first = user(1, "rn")
        let later = user(2, "m")
        let key = NicknameKey.key(first.nickname)
        #expect(NicknameKey.key(later.nickname) == key, "the two nicknames must collide for this test")
        try view.append(first, nicknameKey: key)
        try view.append(later, nicknameKey: key + "\u{1}2")
        #expect(view.remove(id: 2))
        #expect(view.containsNicknameKey(key), "the earlier user's nickname must stay taken")
        #expect(!view.containsNicknameKey(key + "\u{1}2"))
        #expect(view.remove(id: 1))
        #expect(!view.containsNicknameKey(key))
    }

    /// A catch-up reads the new users before the logged deletions: a nickname deleted on another server and posted
    /// again there comes in while its first holder is still in the view. Removing the first holder then leaves the
    /// nickname taken by the second.
    @Test func aNicknameTakenAgainStaysTakenWhenItsFirstHolderGoes() throws {
        let view = UserView()
        func user(_ id: Int) -> User {
            User(
                id: id, nickname: "alice", country: "USA", state: "Ohio", city: "Akron", year: 2000, coordinate: nil,
                timestampMilliseconds: Int64(id))
        }
        let key = NicknameKey.key("alice")
        try view.append(user(5), nicknameKey: key)
        try view.append(user(9), nicknameKey: key)
        #expect(view.remove(id: 5))
        #expect(view.containsNicknameKey(key), "user 9 holds the nickname")
        #expect(!view.remove(id: 5), "removed once")
        #expect(view.containsNicknameKey(key))
        #expect(view.remove(id: 9))
        #expect(!view.containsNicknameKey(key))
    }

    /// `nextid`'s tag is the view's version: a raised next id must move it, a lower one changes nothing.
    @Test func raisingTheNextIDIsAChange() {
        let view = UserView()
        let before = view.snapshot.version
        view.raiseNextID(to: 7)
        #expect(view.nextID == 7 && view.snapshot.version != before)
        let raised = view.snapshot.version
        view.raiseNextID(to: 3)
        view.raiseNextID(to: 7)
        #expect(view.nextID == 7 && view.snapshot.version == raised)
    }
}
