import HometownStore
import Logging

/// Opens the store a `StoreLocation` names: the one place that knows every backend, shared by `hometown serve`
/// and `hometown db`.
public enum StoreOpener {
    /// Opens (creating or migrating its schema) the store at `location`.
    /// - Parameters:
    ///   - createIfMissing: false to open only a store that already holds a Hometown database (a copy's source):
    ///     another database or file is refused (`StoreError.incompatible`) before anything is written to it.
    ///   - connect: password and pool bounds for PostgreSQL (unused for SQLite).
    ///   - busyTimeout: SQLite: how long a statement waits for a lock another process holds; PostgreSQL: how
    ///     long a call waits for a free connection (all busy, or the server down) before `StoreError.unavailable`.
    /// - Throws: `StoreError.cannotOpen`/`incompatible`, `DatabaseOptionError` for an unreadable
    ///   password file.
    public static func open(
        _ location: StoreLocation, connect: DatabaseConnectOptions = .init(), busyTimeout: Duration = .seconds(5),
        createIfMissing: Bool = true, logger: Logger = Logger(label: "hometown.store")
    ) async throws -> any CopyableUserStore {
        switch location {
        case .sqlite(let path):
            return try await SQLiteUserStore.open(
                path: path, busyTimeout: busyTimeout, createIfMissing: createIfMissing, logger: logger)
        case .postgres(let p):
            var options = PostgresStoreOptions(password: try connect.password())
            options.maxConnections = connect.maxConnections
            options.connectTimeout = connect.connectTimeout
            options.queryTimeout = connect.queryTimeout
            options.acquireTimeout = busyTimeout
            return try await PostgresUserStore.open(
                p, options: options, createIfMissing: createIfMissing, logger: logger)
        }
    }
}
