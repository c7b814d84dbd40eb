import Foundation

/// The databases the store and server tests run on: SQLite, and PostgreSQL on the test process's throwaway server
/// (`PostgresServer.shared()`).
public enum TestBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    public var description: String { rawValue }

    /// A database holding nothing yet, as `hometown serve --db` takes it: a SQLite file in a new temporary folder,
    /// or the URL of a new database on the shared PostgreSQL server.
    public func freshDatabase() async throws -> String {
        switch self {
        case .sqlite: return Self.freshSQLitePath()
        case .postgres:
            let server = try await PostgresServer.shared()
            return server.url(try await server.createDatabase())
        }
    }

    /// A new file path in a new folder of `TestScratch`.
    public static func freshSQLitePath() -> String {
        TestScratch.newFolder("sqlite").appendingPathComponent("users.sqlite").path
    }
}
