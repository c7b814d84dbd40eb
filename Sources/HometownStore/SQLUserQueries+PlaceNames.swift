import SQLKit

extension SQLUserQueries {
    /// `SELECT DISTINCT country, state FROM users`.
    public static func storedPlaceNames(on db: any SQLDatabase) async throws -> [StoredPlaceName] {
        try await db.raw("SELECT DISTINCT country, state FROM \(unsafeRaw: table)").all().map {
            StoredPlaceName(
                country: try $0.decode(column: "country", as: String.self),
                state: try $0.decode(column: "state", as: String.self))
        }
    }

    /// Stores every user under `rename.from` under `rename.to` and logs each in the change log; the caller holds
    /// the transaction.
    /// - Returns: the number of users changed.
    public static func rename(_ rename: PlaceRename, on db: any SQLDatabase) async throws -> Int {
        let ids = try await db.raw(
            """
            UPDATE \(unsafeRaw: table) SET country = \(bind: rename.to.country), state = \(bind: rename.to.state)
            WHERE country = \(bind: rename.from.country) AND state = \(bind: rename.from.state)
            RETURNING id
            """
        ).all().map { try $0.decode(column: "id", as: Int.self) }
        for id in ids.sorted() { try await logChange(id: id, on: db) }
        return ids.count
    }
}
