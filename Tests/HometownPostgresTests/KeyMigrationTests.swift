import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import Testing

/// A database of schema version 4, whose nickname keys kept runs of white space inside a nickname, gets today's
/// keys on the next start, on both backends: the first of two users that now read the same keeps the nickname
/// taken, the later one keeps its post under its key and id, and a second start changes nothing.
@Suite struct KeyMigrationTests {
    /// The keys of the store's users by id.
    static func keys(_ store: any CopyableUserStore) async throws -> [Int: String] {
        var out: [Int: String] = [:]
        for row in try await store.usersWithKeys(afterID: 0, limit: 1000) { out[row.user.id] = row.nicknameKey }
        return out
    }

    @Test(arguments: Backend.allCases)
    func version4KeysWithRunsOfSpaceAreRecomputed(_ backend: Backend) async throws {
        let location = try await backend.freshLocation()
        let old = try await Backend.open(location)
        for name in ["ann lee", "ann-lee", "bob", "cara dee"] {
            _ = try await old.insert(Users.user(name), passwordHash: "h", now: 1)
        }
        // As schema version 4 stored them: "ann  lee" (user 2) and "cara\u{3000} dee" (user 4) under keys that
        // keep their inner spaces, as that version's key did.
        try await old.runRawStatement(
            "UPDATE users SET nickname = 'ann  lee', nickname_key = 'ann  lee' WHERE id = 2")
        try await old.runRawStatement(
            "UPDATE users SET nickname = 'cara\u{3000} dee', nickname_key = 'cara  dee' WHERE id = 4")
        switch backend {
        case .sqlite: try await old.runRawStatement("PRAGMA user_version = 4")
        case .postgres: try await old.runRawStatement("UPDATE hometown_schema SET version = 4")
        }
        // Before the migration "cara dee" is free: user 4's key is not today's.
        #expect(try await old.nicknameExists("cara dee") == false)
        try await old.close()

        let store = try await Backend.open(location)
        let keys = try await Self.keys(store)
        #expect(keys == [1: "ann lee", 2: "ann lee\u{1}2", 3: "bob", 4: "cara dee"])
        // Every user is kept as posted.
        #expect(
            try await store.users(UsersQuery()).map(\.nickname) == ["ann lee", "ann  lee", "bob", "cara\u{3000} dee"])
        // The nickname stays taken, however it is spaced.
        for taken in ["ann   lee", "Ann\u{00A0}Lee", "cara dee", " CARA  DEE "] {
            #expect(try await store.nicknameExists(taken), "\(taken)")
            await #expect(throws: StoreError.nicknameTaken(taken)) {
                _ = try await store.insert(Users.user(taken), passwordHash: "h", now: 2)
            }
        }
        #expect(try await store.nicknameExists("annlee") == false)
        try await store.close()

        // A second start finds today's version and changes nothing.
        let again = try await Backend.open(location)
        #expect(try await Self.keys(again) == keys)
        try await again.close()
    }
}
