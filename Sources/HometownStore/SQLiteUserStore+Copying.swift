import SQLKit

/// `hometown db copy` on SQLite: rows read and written as stored, the AUTOINCREMENT counter moved forward.
extension SQLiteUserStore: CopyableUserStore {
    public func storedRows(afterID: Int, limit: Int) async throws -> [StoredUserRow] {
        try await wrap { try await SQLUserQueries.storedRows(afterID: afterID, limit: limit, on: self.readDB) }
    }

    public func insertStored(_ rows: [StoredUserRow]) async throws {
        try await inWriteTransaction(takenNickname: "one of the copied rows") { db in
            try await SQLUserQueries.insertStored(rows, on: db)
        }
    }

    /// Sets SQLite's counter of the table (`sqlite_sequence`), which AUTOINCREMENT never hands out below.
    public func advanceIDs(past id: Int) async throws {
        try await inWriteTransaction { db in
            try await db.raw(
                """
                INSERT INTO sqlite_sequence (name, seq) SELECT 'users', 0
                WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'users')
                """
            ).run()
            try await db.raw("UPDATE sqlite_sequence SET seq = MAX(seq, \(bind: id)) WHERE name = 'users'").run()
        }
    }
}
