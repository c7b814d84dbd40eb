import Foundation
import HometownTestSupport
import Logging
import SQLiteKit
import Testing

@testable import HometownStore

/// `SQLiteBackup` (`hometown db backup`) and the opening of a copy's source: what is not a Hometown database is
/// refused and left as it is, and a backup never replaces a file. (The online snapshot itself is tested through
/// the command in `HometownPostgresTests/DbCommandTests`.)
@Suite struct SQLiteBackupTests {
    /// A SQLite database of another program: one table of its own, `notes` or (`usersTable`) `users`.
    static func foreignDatabase(usersTable: Bool = false) async throws -> String {
        let path = TestBackend.freshSQLitePath()
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        let table = usersTable ? "users" : "notes"
        try await c.sql().raw("CREATE TABLE \(unsafeRaw: table) (id INTEGER PRIMARY KEY, name TEXT, email TEXT)").run()
        try await c.sql().raw("INSERT INTO \(unsafeRaw: table) (name) VALUES ('kept')").run()
        try await c.close()
        return path
    }

    /// The journal mode of the database at `path` (a Hometown store switches its file to "wal").
    static func journalMode(_ path: String) async throws -> String {
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        let mode = try await c.sql().raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
        try await c.close()
        return mode ?? "?"
    }

    /// The tables of the database at `path`, sorted.
    static func tables(_ path: String) async throws -> [String] {
        let c = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        let rows = try await c.sql().raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
        try await c.close()
        return try rows.map { try $0.decode(column: "name", as: String.self) }
    }

    static func isIncompatible(_ error: any Error) -> Bool {
        guard case .incompatible = error as? StoreError else { return false }
        return true
    }

    /// An empty file and another program's database are no Hometown database: a backup of either was "done",
    /// an empty database without a users table.
    @Test func aFileWithoutAHometownDatabaseIsNotBackedUp() async throws {
        let empty = TestBackend.freshSQLitePath()
        try Data().write(to: URL(fileURLWithPath: empty))
        for source in [empty, try await Self.foreignDatabase()] {
            let target = TestBackend.freshSQLitePath()
            await #expect(
                performing: { try await SQLiteBackup.copy(from: source, to: target) }, throws: Self.isIncompatible)
            #expect(
                !FileManager.default.fileExists(atPath: target)
                    && !FileManager.default.fileExists(atPath: target + ".partial"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    }

    /// A copy's source opens only where a Hometown database is: another program's database is refused before
    /// anything is written to it (the schema was created in it, and the copy "succeeded" with 0 users).
    @Test func aCopysSourceMustHoldAHometownDatabase() async throws {
        let foreign = try await Self.foreignDatabase()
        await #expect(
            performing: { try await SQLiteUserStore.open(path: foreign, createIfMissing: false) },
            throws: Self.isIncompatible)
        #expect(try await Self.tables(foreign) == ["notes"])
        let store = try await SQLiteUserStore.open(path: TestBackend.freshSQLitePath())
        let path = store.path
        try await store.close()
        let again = try await SQLiteUserStore.open(path: path, createIfMissing: false)
        try await again.close()
    }

    /// Another program's table named `users` is refused as not a Hometown one, by name, before anything is
    /// written to its file (its journal mode was switched to WAL and an index tried, which failed with "no such
    /// column"), whether the file is a server's database, a copy's source or a backup's.
    @Test func aForeignUsersTableIsRefusedAndLeftAsItIs() async throws {
        let foreign = try await Self.foreignDatabase(usersTable: true)
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
        func refusedAsForeign(_ error: any Error) -> Bool {
            guard case .incompatible(_, let detail) = error as? StoreError else { return false }
            return detail.contains("not a Hometown one") && detail.contains("nickname_key")
        }
        for createIfMissing in [true, false] {
            await #expect(
                performing: { try await SQLiteUserStore.open(path: foreign, createIfMissing: createIfMissing) },
                throws: refusedAsForeign)
        }
        await #expect(
            performing: { try await SQLiteBackup.copy(from: foreign, to: TestBackend.freshSQLitePath()) },
            throws: refusedAsForeign)
        #expect(try await Self.journalMode(foreign) == "delete")
        #expect(try await Self.tables(foreign) == ["users"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == before)
    }

    /// A file given the target's name while the backup is written (here a symbolic link to nowhere, which the
    /// check before the copy does not see as a file) is left as it is: the copy never replaces a file.
    @Test func aTargetThatAppearsIsNeverReplaced() async throws {
        let store = try await SQLiteUserStore.open(path: TestBackend.freshSQLitePath())
        let source = store.path
        try await store.close()
        let target = TestBackend.freshSQLitePath()
        let elsewhere = target + ".nowhere"
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: elsewhere)
        await #expect(throws: StoreError.self) { try await SQLiteBackup.copy(from: source, to: target) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target) == elsewhere)
        #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
    }
}
