import SQLKit

@testable import HometownPostgres
@testable import HometownStore

extension UserStore {
    /// Runs `sql` as it is on the store's writing connection (SQLite) or one of its connections (PostgreSQL): for
    /// tests that make a database look as an older program left it.
    public func runRawStatement(_ sql: String) async throws {
        if let s = self as? SQLiteUserStore {
            try await s.writeDB.raw("\(unsafeRaw: sql)").run()
        } else if let p = self as? PostgresUserStore {
            try await p.withDatabase { db in try await db.raw("\(unsafeRaw: sql)").run() }
        } else {
            fatalError("runRawStatement: no SQL database behind \(type(of: self))")
        }
    }
}
