import Foundation
import HometownProtocol
import HometownStoreTestSupport
import Logging
import SQLiteKit
import Testing

@testable import HometownStore

/// Opening a schema-version-2 database (keys folded for case only) recomputes every key by today's
/// `NicknameKey`, keeps every user when two keys now collide, and leaves the database at today's version.
@Suite struct NicknameKeyMigrationTests {
    /// Version 2's key: trimmed, NFC, upper then lower case, NFC.
    static func version2Key(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.uppercased().lowercased()
            .precomposedStringWithCanonicalMapping
    }

    /// Writes a version-2 database as that schema made it: its table, indexes, keys and `user_version`.
    static func makeVersion2(path: String, nicknames: [String]) async throws {
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        let db = c.sql()
        try await db.raw("PRAGMA journal_mode=WAL").run()
        try await db.raw(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, nickname TEXT NOT NULL, nickname_key TEXT NOT NULL,
                password_hash TEXT NOT NULL, country TEXT NOT NULL, state TEXT NOT NULL, city TEXT NOT NULL, year INTEGER NOT NULL,
                latitude REAL, longitude REAL, created_ms INTEGER NOT NULL)
            """
        ).run()
        try await db.raw("CREATE UNIQUE INDEX users_nickname_key ON users (nickname_key)").run()
        for index in [
            "users_by_country ON users (country)", "users_by_state ON users (state)",
            "users_by_state_year ON users (state, year)",
            "users_by_year ON users (year)", "users_by_city ON users (city)",
        ] {
            try await db.raw("CREATE INDEX \(unsafeRaw: index)").run()
        }
        try await db.raw("BEGIN").run()
        for (i, n) in nicknames.enumerated() {
            try await db.raw(
                """
                INSERT INTO users (nickname, nickname_key, password_hash, country, state, city, year, created_ms)
                VALUES (\(bind: n), \(bind: version2Key(n)), 'h', 'USA', 'Minnesota', 'Duluth', 2000, \(bind: 1000 + i))
                """
            ).run()
        }
        try await db.raw("COMMIT").run()
        try await db.raw("PRAGMA user_version = 2").run()
        try await c.close()
    }

    static func userVersion(path: String) async throws -> Int {
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        defer { Task { try? await c.close() } }
        return try await c.sql().raw("PRAGMA user_version").first()?.decode(column: "user_version", as: Int.self) ?? -1
    }

    static func keys(path: String) async throws -> [Int: String] {
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        let rows = try await c.sql().raw("SELECT id, nickname_key FROM users").all()
        try await c.close()
        var out: [Int: String] = [:]
        for r in rows {
            out[try r.decode(column: "id", as: Int.self)] = try r.decode(column: "nickname_key", as: String.self)
        }
        return out
    }

    @Test func version2DatabaseIsMigratedWithoutLosingUsers() async throws {
        let path = SQLiteUserStoreTests.freshPath()
        // Pairs distinct under version 2's keys that read the same now: 1/3, 4/5, 6/7; 2 and 8 collide with nobody.
        let nicknames = ["dave", "Alice", "d\u{0430}ve", "eve", "ｅｖｅ", "bob", "b\u{200D}ob", "Straße"]
        try await Self.makeVersion2(path: path, nicknames: nicknames)
        #expect(Set(nicknames.map(Self.version2Key)).count == nicknames.count)
        #expect(try await Self.userVersion(path: path) == 2)

        let log = LogRecorder()
        let store = try await SQLiteUserStore.open(path: path, logger: Logger(label: "test") { _ in log })
        #expect(
            try await Self.userVersion(path: path) == SQLiteUserStore.schemaVersion
                && SQLiteUserStore.schemaVersion == 5)
        // Every user, as posted.
        let users = try await store.users(UsersQuery())
        #expect(users.map(\.nickname) == nicknames && users.map(\.id) == Array(1...8))
        #expect(try await store.count() == 8)
        #expect(try await store.nextID() == 9)
        // The first of each pair keeps the nickname taken; the later ones carry their id.
        let keys = try await Self.keys(path: path)
        #expect(keys[1] == NicknameKey.key("dave") && keys[3] == NicknameKey.key("dave") + "\u{1}3")
        #expect(keys[4] == NicknameKey.key("eve") && keys[5] == NicknameKey.key("eve") + "\u{1}5")
        #expect(keys[6] == "bob" && keys[7] == "bob\u{1}7")
        #expect(keys[2] == NicknameKey.key("alice") && keys[8] == "strasse")
        // Warnings name both ids of each collision.
        let warnings = log.messages(at: .warning)
        #expect(warnings.count == 3)
        for (later, first) in [(3, 1), (5, 4), (7, 6)] {
            #expect(
                warnings.contains { $0.contains("user \(later) ") && $0.contains("user \(first)'s") }, "\(warnings)")
        }
        // The new comparison holds for new posts, and the unique index is back.
        for taken in ["DAVE", "d\u{0430}ve", "EVE", "ｅｖｅ", "BOB", "strasse"] {
            #expect(try await store.nicknameExists(taken), "\(taken)")
            await #expect(throws: StoreError.nicknameTaken(taken)) {
                try await store.insert(SQLiteUserStoreTests.user(taken), passwordHash: "h", now: 5)
            }
        }
        let carol = try await store.insert(SQLiteUserStoreTests.user("carol"), passwordHash: "h", now: 5)
        #expect(carol.id == 9)
        try await store.close()

        // A second start finds today's version and changes nothing.
        let again = LogRecorder()
        let reopened = try await SQLiteUserStore.open(path: path, logger: Logger(label: "test") { _ in again })
        #expect(try await Self.keys(path: path) == keys.merging([9: NicknameKey.key("carol")]) { a, _ in a })
        #expect(again.messages(at: .warning).isEmpty && again.messages(at: .notice).isEmpty)
        try await reopened.close()
    }

    /// A copy's source of an older schema is read through a migrated scratch copy and left as it was, to the byte:
    /// a backup made by an older version stays one that version opens.
    @Test func aCopysSourceOfAnOlderSchemaIsLeftAsItIs() async throws {
        let path = SQLiteUserStoreTests.freshPath()
        let nicknames = ["dave", "d\u{0430}ve", "Straße"]
        try await Self.makeVersion2(path: path, nicknames: nicknames)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let log = LogRecorder()
        let source = try await SQLiteUserStore.open(
            path: path, createIfMissing: false, logger: Logger(label: "test") { _ in log })
        #expect(source.path != path && FileManager.default.fileExists(atPath: source.path))
        #expect(log.messages(at: .notice).contains { $0.contains("schema version 2") && $0.contains(source.path) })
        let target = try await SQLiteUserStore.open(path: SQLiteUserStoreTests.freshPath())
        #expect(try await StoreCopy.copy(from: source, to: target, targetName: "target") == 3)
        // Read as migrated: every user, the later "dave" under a key that carries its id.
        let users = try await target.users(UsersQuery())
        #expect(users.map(\.nickname) == nicknames && users.map(\.id) == [1, 2, 3])
        #expect(try await target.nicknameExists("DAVE"))
        #expect(try await target.nicknameExists("strasse"))
        let scratch = source.path
        try await source.close()
        try await target.close()

        #expect(
            !FileManager.default.fileExists(atPath: scratch)
                && !FileManager.default.fileExists(atPath: scratch + "-wal"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try await Self.userVersion(path: path) == 2)
        #expect(try await Self.keys(path: path)[2] == Self.version2Key("d\u{0430}ve"))
    }

    @Test func migrationOfManyUsersIsOneTransaction() async throws {
        let path = SQLiteUserStoreTests.freshPath()
        let n = NicknameKeyMigration.batchRows * 2 + 17
        // Every tenth nickname in full width: its key changes, and it collides with its ASCII twin if both exist.
        let nicknames =
            (0..<n).map { i in
                let plain = "user\(i)"
                return i % 10 == 0
                    ? String(String.UnicodeScalarView(plain.unicodeScalars.map { Unicode.Scalar($0.value + 0xFEE0)! }))
                    : plain
            } + ["user1".uppercased() + "x"]
        try await Self.makeVersion2(path: path, nicknames: nicknames)
        let log = LogRecorder()
        let start = ContinuousClock.now
        let store = try await SQLiteUserStore.open(path: path, logger: Logger(label: "test") { _ in log })
        let elapsed = ContinuousClock.now - start
        #expect(try await store.count() == n + 1)
        for name in ["user0", "USER20", "user1x"] { #expect(try await store.nicknameExists(name), "\(name)") }
        #expect(log.messages(at: .warning).isEmpty)
        #expect(log.messages(at: .notice).count == 1)
        let keys = try await Self.keys(path: path)
        #expect(Set(keys.values).count == n + 1)
        try await store.close()
        print("migrated \(n + 1) users in \(elapsed)")
    }
}

/// Keeps what is logged, for assertions.
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var records: [(Logger.Level, String)] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock()
        defer { lock.unlock() }
        records.append((event.level, "\(event.message)"))
    }

    func messages(at level: Logger.Level) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return records.filter { $0.0 == level }.map(\.1)
    }
}
