import HometownProtocol
import Logging
import SQLKit

/// The migration of schema versions before 5: recomputes `nickname_key` of every user by today's `NicknameKey`, in
/// one transaction, with the unique index dropped while the keys change and built again before the commit. Version
/// 3's keys fold width and look-alike letters as well as case (version 2's folded case only); version 5's make each
/// run of white space inside a nickname one space.
///
/// Users are never lost and the start never fails over a collision. Keys that were distinct before can be equal now
/// ("dave" and "dаve" with a Cyrillic а, "eve" and "ｅｖｅ", "ann lee" and "ann  lee"). The user with the smallest
/// id keeps the plain key, so that nickname stays taken; each later one is kept, nickname as posted, under its key
/// followed by U+0001 and its id. No key of a post can hold U+0001 (control characters are refused in every string
/// field), so such a key never blocks a new post; the later user stays listed and shown as before. Every collision
/// is logged as a warning naming the ids. A crash during the migration leaves the database as it was (the
/// transaction), and the next start runs it again. SQLite runs it in `run`; PostgreSQL calls `recompute` inside the
/// transaction that checks its schema.
package enum NicknameKeyMigration {
    /// Rows read per query, in id order.
    static let batchRows = 10_000

    /// Rows changed per UPDATE statement (two bound values each, well under SQLite's 32,766).
    static let updateRows = 500

    /// Sets the keys of `changes`, `updateRows` rows a statement:
    /// `UPDATE users SET nickname_key = CASE id WHEN ? THEN ? ... END WHERE id IN (?, ...)`.
    static func update(_ changes: [(id: Int, key: String)], on db: any SQLDatabase) async throws {
        var start = 0
        while start < changes.count {
            let chunk = changes[start..<min(start + updateRows, changes.count)]
            var sql: SQLQueryString = "UPDATE users SET nickname_key = CASE id"
            for c in chunk { sql += " WHEN \(bind: c.id) THEN \(bind: c.key)" }
            sql += " END WHERE id IN (\(binds: chunk.map(\.id)))"
            try await db.raw(sql).run()
            start += updateRows
        }
    }

    /// What `recompute` did: users read, keys changed, and collisions (later users given their id).
    package struct Outcome: Sendable, Equatable {
        package var users = 0
        package var changed = 0
        package var collisions = 0
    }

    /// The earliest schema version whose keys are today's: a database of an earlier one is migrated.
    package static let keysSince = 5

    /// Drops the unique index on `nickname_key`, sets every user's key by today's `NicknameKey` (a later user of a
    /// key already given gets its id appended), and builds the index again. Runs no transaction of its own: the
    /// caller holds one. The statements are plain SQL, the same on SQLite and PostgreSQL.
    /// - Parameter location: the database, named in the warnings.
    package static func recompute(on db: any SQLDatabase, location: String, logger: Logger) async throws -> Outcome {
        try await db.raw("DROP INDEX IF EXISTS users_nickname_key").run()
        var firstIDOfKey: [String: Int] = [:]
        var outcome = Outcome()
        var lastID = Int.min
        var pending: [(id: Int, key: String)] = []
        while true {
            let batch = try await db.raw(
                """
                SELECT id, nickname, nickname_key FROM users WHERE id > \(bind: lastID) ORDER BY id LIMIT \(bind: batchRows)
                """
            ).all()
            if batch.isEmpty { break }
            for row in batch {
                let id = try row.decode(column: "id", as: Int.self)
                let nickname = try row.decode(column: "nickname", as: String.self)
                let old = try row.decode(column: "nickname_key", as: String.self)
                var key = NicknameKey.key(nickname)
                if let first = firstIDOfKey[key] {
                    logger.warning(
                        "nickname of user \(id) reads the same as user \(first)'s under the new comparison: both are kept; \(first) keeps the nickname taken",
                        metadata: [
                            "path": "\(location)", "id": "\(id)", "sameAs": "\(first)",
                        ])
                    key += "\u{1}\(id)"
                    outcome.collisions += 1
                } else {
                    firstIDOfKey[key] = id
                }
                if key != old { pending.append((id, key)) }
                lastID = id
                outcome.users += 1
            }
            outcome.changed += pending.count
            try await update(pending, on: db)
            pending.removeAll(keepingCapacity: true)
        }
        try await db.raw("CREATE UNIQUE INDEX users_nickname_key ON users (nickname_key)").run()
        return outcome
    }

    /// Logs a finished migration.
    package static func logDone(
        _ outcome: Outcome, location: String, fromVersion: Int, toVersion: Int, logger: Logger
    ) {
        logger.notice(
            "database migrated from schema version \(fromVersion) to \(toVersion): nickname keys recomputed",
            metadata: [
                "path": "\(location)", "users": "\(outcome.users)", "keysChanged": "\(outcome.changed)",
                "collisions": "\(outcome.collisions)",
            ])
    }

    /// SQLite's migration: `recompute` and the new `user_version` in one `BEGIN IMMEDIATE` transaction.
    static func run(on db: any SQLDatabase, path: String, fromVersion: Int, toVersion: Int, logger: Logger) async throws
    {
        try await db.raw("BEGIN IMMEDIATE").run()
        do {
            let outcome = try await recompute(on: db, location: path, logger: logger)
            try await db.raw("PRAGMA user_version = \(unsafeRaw: String(toVersion))").run()
            try await db.raw("COMMIT").run()
            logDone(outcome, location: path, fromVersion: fromVersion, toVersion: toVersion, logger: logger)
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }
}
