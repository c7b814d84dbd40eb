import HometownStore
import Logging
import PostgresKit
import SQLKit

/// The PostgreSQL schema of the store: created on first start, checked and migrated on every start.
///
/// - `users` has the SQLite table's columns (`BIGINT` ids and milliseconds, `DOUBLE PRECISION` degrees), its
///   indexes, and the unique index on `nickname_key`. Ids come from an identity column's sequence, which never
///   hands a value out twice (a failed insert uses one up), and is moved forward only (`db copy`).
/// - `hometown_schema` holds one row: the schema version (`schemaVersion`, the same numbering as SQLite's
///   `user_version`: 3 = UTS #39 nickname keys, 5 = a run of white space inside a nickname is one space in its
///   key). A newer version, or a `users` table without our columns, is refused with `StoreError.incompatible`; an
///   older one has its keys recomputed (`NicknameKeyMigration.recompute`) in the same transaction.
/// - Two servers starting at once on an empty database take turns: the whole set-up is one transaction under an
///   advisory lock (`schemaLock`).
enum PostgresSchema {
    /// The version this program writes and reads.
    static let schemaVersion = SQLiteUserStore.schemaVersion
    /// Advisory lock key held while the schema is set up (one above `PostgresUserStore.insertLock`).
    static let schemaLock: Int64 = PostgresUserStore.insertLock + 1

    /// Creates or checks the schema on `db` (a single connection).
    /// - Parameters:
    ///   - location: named in errors.
    ///   - createIfMissing: false to accept only a database that already has the schema (a copy's source):
    ///     another is refused with `StoreError.incompatible` before anything is written to it.
    static func prepare(
        on db: any SQLDatabase, location: String, createIfMissing: Bool = true, logger: Logger
    ) async throws {
        try await db.raw("BEGIN").run()
        do {
            try await db.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(schemaLock)))").run()
            if !createIfMissing {
                let found = try await db.raw(
                    "SELECT to_regclass('hometown_schema') IS NOT NULL AND to_regclass('users') IS NOT NULL AS found"
                ).first()?.decode(column: "found", as: Bool.self)
                guard found == true else {
                    throw StoreError.incompatible(
                        path: location, detail: "it holds no Hometown database (no hometown_schema and users tables)")
                }
            }
            try await db.raw("CREATE TABLE IF NOT EXISTS hometown_schema (version INTEGER NOT NULL)").run()
            let version = try await db.raw("SELECT max(version) AS v FROM hometown_schema").first()?.decode(
                column: "v", as: Int?.self)
            if let version, version > schemaVersion {
                throw StoreError.incompatible(
                    path: location,
                    detail: "its schema version \(version) is newer than this program's \(schemaVersion)")
            }
            let existing = try await db.raw(
                """
                SELECT column_name AS name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = 'users'
                """
            ).all().map { try $0.decode(column: "name", as: String.self) }
            let wanted = [
                "id", "nickname", "nickname_key", "password_hash", "country", "state", "city", "year",
                "latitude", "longitude", "created_ms",
            ]
            if !existing.isEmpty && !Set(wanted).isSubset(of: Set(existing)) {
                throw StoreError.incompatible(
                    path: location,
                    detail: "its users table (another program's?) lacks "
                        + Set(wanted).subtracting(existing).sorted().joined(separator: ", "))
            }
            try await createTables(on: db)
            var migrated: NicknameKeyMigration.Outcome?
            if let version, version < NicknameKeyMigration.keysSince {
                migrated = try await NicknameKeyMigration.recompute(on: db, location: location, logger: logger)
            }
            try await db.raw("DELETE FROM hometown_schema").run()
            try await db.raw("INSERT INTO hometown_schema (version) VALUES (\(bind: schemaVersion))").run()
            try await db.raw("COMMIT").run()
            if version == nil { logger.info("created the hometown schema (version \(schemaVersion)) in \(location)") }
            if let migrated, let version {
                NicknameKeyMigration.logDone(
                    migrated, location: location, fromVersion: version, toVersion: schemaVersion, logger: logger)
            }
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }

    /// The unique index on nickname keys: a unique violation of it is a taken nickname, of any other constraint a
    /// failure.
    static let nicknameIndex = "users_nickname_key"

    /// The table and its indexes (each statement a no-op when the object exists).
    private static func createTables(on db: any SQLDatabase) async throws {
        try await db.raw(
            SQLUserQueries.createTable(
                id: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", integer: "BIGINT", real: "DOUBLE PRECISION")
        ).run()
        try await db.raw("CREATE UNIQUE INDEX IF NOT EXISTS \(unsafeRaw: nicknameIndex) ON users (nickname_key)").run()
        try await db.raw(
            SQLUserQueries.createChangesTable(sequence: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY")
        ).run()
        // As in SQLite: one index per filter, each with the id last, so a filtered page is read in id order.
        for (name, columns) in SQLUserQueries.filterIndexes {
            try await db.raw("CREATE INDEX IF NOT EXISTS \(unsafeRaw: name) ON users (\(unsafeRaw: columns), id)").run()
        }
    }
}
