import HometownCore
import HometownProtocol
import HometownStore
import Logging
import PostgresKit
import PostgresNIO
import SQLKit

/// The store on a PostgreSQL server, for several `hometown serve` processes on one database. The
/// queries are `SQLUserQueries`, shared with SQLite through SQLKit (PostgresKit's dialect).
///
/// - Durability: every session asks for `synchronous_commit = on` (the server's default, set again at log-in), so
///   an insert that returned has been flushed to the server's write-ahead log and survives a crash of the server
///   (given the server's own `fsync = on`).
/// - Ids: an identity column's sequence; never reused (a failed insert uses one up), `nextID()` reads it.
/// - Order: ids must commit in id order, because readers tail the table by id (`usersWithKeys(afterID:)`):
///   a sequence alone can commit id N+1 before N, and a reader that saw N+1 would never look back for N. So every
///   insert is one transaction that first takes the advisory lock `insertLock` (`pg_advisory_xact_lock`): the
///   id is drawn under the lock, and the commit releases it after the row is visible. Inserts from every process
///   are thereby serialized (one commit at a time, each with its own log flush); the time-stamp's sub-select sees
///   the previous row, so time-stamps never decrease with id either. Owners' changes and deletions take the same
///   lock, so the change log's sequence (`user_changes`, tailed by `changes(after:limit:)`) commits in order too.
/// - Connections: a pool (`PostgresConnectionPool`) of at most `PostgresStoreOptions.maxConnections`, opened on
///   demand, each within `connectTimeout`. A call waits at most `acquireTimeout` for one and then holds it at most
///   `queryTimeout` (a server that stops answering on an open connection). When the server is down or
///   restarting, calls fail with `StoreError.unavailable` after their wait, while the pool tries to connect again
///   at most `maxRetryPause` apart; so the store works again within about that pause of the server's return,
///   without a restart.
/// - Storage: a write the server refuses for want of storage (its disk full or failing: `PostgresFailure`'s
///   `storageStates`) throws `StoreError.storageUnavailable` and sets `storageProblem` until a write succeeds, so
///   that `/healthz` says not ready; `probeWrite()` tells when writes work again.
/// - No TLS to the database server: keep it on loopback or a private network.
public final class PostgresUserStore: CopyableUserStore {
    /// Advisory lock key every insert takes (the bytes of "Hometown" as a big-endian integer).
    public static let insertLock: Int64 = 0x486F_6D65_746F_776E

    /// The database (without a password).
    public let location: StoreLocation.Postgres
    /// The pool's bounds.
    public let maxConnections: Int
    /// How long a call waits for a free connection before `StoreError.unavailable`.
    public let acquireTimeout: Duration
    /// How long a call may hold a connection before `StoreError.unavailable`.
    public let queryTimeout: Duration
    private let pool: PostgresConnectionPool
    /// The detail of the last write's storage failure, nil once a write succeeded.
    private let storageFailure = Locked<String?>(nil)

    private init(location: StoreLocation.Postgres, options: PostgresStoreOptions, pool: PostgresConnectionPool) {
        self.location = location
        self.maxConnections = options.maxConnections
        self.acquireTimeout = options.acquireTimeout
        self.queryTimeout = options.queryTimeout
        self.pool = pool
    }

    /// Connects to `location`, creates or checks the schema, and starts the pool.
    /// - Parameter createIfMissing: false to open only a database that already has the schema (a copy's source).
    /// - Throws: `StoreError.cannotOpen` (server unreachable, log-in refused, no such database),
    ///   `StoreError.incompatible` (a newer schema, another program's `users` table, or no schema where
    ///   `createIfMissing` is false).
    public static func open(
        _ location: StoreLocation.Postgres, options: PostgresStoreOptions = .init(), createIfMissing: Bool = true,
        logger: Logger = Logger(label: "hometown.store")
    ) async throws -> PostgresUserStore {
        guard options.maxConnections >= 1 else {
            throw StoreError.cannotOpen(path: location.description, detail: "the pool needs at least one connection")
        }
        // One connection of our own first: its failure says what is wrong (the pool would retry silently).
        var config = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: options.password,
            database: location.database, tls: .disable)
        config.options.connectTimeout = .milliseconds(DurationUnits.wholeMilliseconds(options.connectTimeout))
        config.options.additionalStartupParameters = [
            ("synchronous_commit", "on"), ("application_name", "hometown (schema set-up)"),
        ]
        let first: PostgresConnection
        do {
            first = try await PostgresConnection.connect(configuration: config, id: 0, logger: logger)
        } catch {
            throw StoreError.cannotOpen(path: location.description, detail: openFailure(error, location))
        }
        do {
            try await PostgresSchema.prepare(
                on: first.sql(queryLogLevel: nil), location: location.description, createIfMissing: createIfMissing,
                logger: logger)
            try await first.close()
        } catch {
            try? await first.close()
            if let e = error as? StoreError { throw e }
            throw StoreError.cannotOpen(path: location.description, detail: PostgresFailure.describe(error))
        }
        // A statement, and a transaction left waiting between statements (its client frozen or cut off while it
        // holds the insert lock, which every server's writes wait for), end after the query timeout.
        let queryTimeout = String(DurationUnits.wholeMilliseconds(options.queryTimeout))
        config.options.additionalStartupParameters =
            startupParameters + [
                ("statement_timeout", queryTimeout), ("idle_in_transaction_session_timeout", queryTimeout),
            ]
        let pool = PostgresConnectionPool(
            configuration: config, maxConnections: options.maxConnections, idleTimeout: options.idleTimeout,
            maxRetryPause: options.maxRetryPause, logger: logger)
        return PostgresUserStore(location: location, options: options, pool: pool)
    }

    /// Sent at log-in by the pool's connections: durable commits whatever the server's default, and a name in
    /// `pg_stat_activity`.
    static let startupParameters = [("synchronous_commit", "on"), ("application_name", "hometown")]

    /// Why the first connection failed, with what to do for the usual causes.
    private static func openFailure(_ error: any Error, _ location: StoreLocation.Postgres) -> String {
        let text = PostgresFailure.describe(error)
        switch PostgresFailure.sqlState(error) {
        case "28P01":
            return "\(text); give user \(location.user)'s password in PGPASSWORD or --db-password-file FILE"
        case "28000":
            return
                "\(text); check the user name in the URL (createuser makes one) and the server's pg_hba.conf entries for this address"
        case "3D000":
            return
                "\(text); create it first (createdb -h \(location.host) -p \(location.port) -U \(location.user) \(location.database))"
        default:
            if let e = error as? PSQLError, e.code == .authMechanismRequiresPassword {
                return "the server asks for a password: give it in PGPASSWORD or --db-password-file FILE"
            }
            return text
        }
    }

    // MARK: UserStore

    public func insert(_ user: NewUser, passwordHash: String, now: Int64) async throws -> User {
        try await inInsertTransaction(takenNickname: user.nickname) { db in
            try await SQLUserQueries.insert(user, passwordHash: passwordHash, now: now, on: db)
        }
    }

    /// Stores many users in one transaction, as given (time-stamps included, ids assigned in order), under the
    /// insert lock: for loading an existing set of posts, tests and benchmarks. Nicknames must be unique by
    /// their keys, as in `insert`.
    /// - Throws: `StoreError.nicknameTaken` (nothing is stored then), other `StoreError`s on failure.
    public func insertBatch(_ users: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)]) async throws {
        try await inInsertTransaction(takenNickname: "one of the batch") { db in
            try await SQLUserQueries.insertBatch(users, on: db)
        }
    }

    public func usersWithKeys(afterID: Int, limit: Int) async throws -> [(user: User, nicknameKey: String)] {
        try await withDatabase { db in
            try await SQLUserQueries.usersWithKeys(afterID: afterID, limit: limit, on: db).map {
                UserWithKey(user: $0.user, nicknameKey: $0.nicknameKey)
            }
        }.map { ($0.user, $0.nicknameKey) }
    }

    public func count() async throws -> Int {
        try await withDatabase { db in try await SQLUserQueries.count(on: db) }
    }

    /// The sequence's last value plus one (its increment): what the next insert draws, unless another process
    /// inserts first. After a crash of the server the sequence may jump ahead (PostgreSQL logs sequences 32 values
    /// ahead); ids still only increase.
    public func nextID() async throws -> Int {
        try await withDatabase { db in
            let last = try await db.raw(
                "SELECT pg_sequence_last_value(pg_get_serial_sequence('users', 'id')::regclass) AS v"
            ).first()?.decode(column: "v", as: Int?.self)
            return (last ?? 0) + 1
        }
    }

    public func user(id: Int) async throws -> User? {
        try await withDatabase { db in try await SQLUserQueries.user(id: id, on: db) }
    }

    public func passwordHash(id: Int) async throws -> String? {
        try await withDatabase { db in try await SQLUserQueries.passwordHash(id: id, on: db) }
    }

    /// Under the insert lock, like an insert, so that the change log's sequence commits in order.
    public func update(id: Int, _ change: @escaping @Sendable (User) -> NewUser?) async throws -> User? {
        try await inInsertTransaction(takenNickname: nil) { db in
            try await SQLUserQueries.update(id: id, on: db, change)
        }
    }

    /// Under the insert lock, like an insert, so that the change log's sequence commits in order.
    public func delete(id: Int) async throws -> Bool {
        try await inInsertTransaction(takenNickname: nil) { db in try await SQLUserQueries.delete(id: id, on: db) }
    }

    public func storedPlaceNames() async throws -> [StoredPlaceName] {
        try await withDatabase { db in try await SQLUserQueries.storedPlaceNames(on: db) }
    }

    /// Under the insert lock, like an update, so that the change log's sequence commits in order.
    public func renamePlaces(_ renames: [PlaceRename]) async throws -> Int {
        try await inInsertTransaction(takenNickname: nil) { db in
            var changed = 0
            for r in renames { changed += try await SQLUserQueries.rename(r, on: db) }
            return changed
        }
    }

    public func changes(after sequence: Int64, limit: Int) async throws -> [(sequence: Int64, id: Int)] {
        try await withDatabase { db in
            try await SQLUserQueries.changes(after: sequence, limit: limit, on: db).map { [$0.sequence, Int64($0.id)] }
        }.map { ($0[0], Int($0[1])) }
    }

    public func lastChange() async throws -> Int64 {
        try await withDatabase { db in try await SQLUserQueries.lastChange(on: db) }
    }

    /// Closes the pool's idle connections; calls still running close theirs when they end.
    public func close() async throws {
        await pool.close()
    }

    public var storageProblem: String? { storageFailure.withLock { $0 } }

    /// How much room `probeWrite()` asks of the file system of the `users` table, in bytes: several times what a
    /// post takes (a row and an entry in each index, a new page for each at worst).
    public static let probeBytes = 256 << 10

    /// Takes `probeBytes` in the tablespace of the `users` table and gives them back: a table created there,
    /// filled, and rolled back with the transaction (its file is removed), under the insert lock. A test of
    /// the rows of a post would not do: a post may fail to get a new page of an index while a test row, with
    /// another key, still fits in a page of its own. Leaves no row, no id drawn from the sequence, no change.
    public func probeWrite() async throws {
        let rows = Self.probeBytes / 1024
        try await inInsertTransaction(takenNickname: nil, keep: false) { db in
            let space = try await db.raw(
                """
                SELECT spcname AS name FROM pg_tablespace WHERE oid = (
                  SELECT COALESCE(NULLIF(c.reltablespace, 0), d.dattablespace)
                  FROM pg_class c, pg_database d
                  WHERE c.oid = 'users'::regclass AND d.datname = current_database())
                """
            ).first()?.decode(column: "name", as: String.self)
            guard let space else { throw StoreError.failed("the users table's tablespace was not found") }
            try await db.raw(
                "CREATE TABLE hometown_probe (filler TEXT) TABLESPACE \(ident: space)"
            ).run()
            // Rows of 1,000 bytes stay in the table's own pages: PostgreSQL compresses or moves out only rows
            // over about 2 KB.
            try await db.raw(
                "INSERT INTO hometown_probe SELECT repeat('x', 1000) FROM generate_series(1, \(bind: rows))"
            ).run()
        }
    }

    // MARK: CopyableUserStore

    public func storedRows(afterID: Int, limit: Int) async throws -> [StoredUserRow] {
        try await withDatabase { db in try await SQLUserQueries.storedRows(afterID: afterID, limit: limit, on: db) }
    }

    public func insertStored(_ rows: [StoredUserRow]) async throws {
        guard let top = rows.map(\.id).max() else { return }
        try await inInsertTransaction(takenNickname: "one of the copied rows") { db in
            try await SQLUserQueries.insertStored(rows, on: db)
            // The sequence moves past the ids stored in the same transaction: a copy cut short leaves no id of
            // its rows to be handed out again.
            try await Self.advanceSequence(past: top, on: db)
        }
    }

    /// `setval` on the sequence, to the larger of `id` and its current value.
    public func advanceIDs(past id: Int) async throws {
        guard id >= 1 else { return }
        try await inInsertTransaction(takenNickname: nil) { db in try await Self.advanceSequence(past: id, on: db) }
    }

    /// Moves the id sequence to the larger of `id` and its current value (never back), on `db`.
    private static func advanceSequence(past id: Int, on db: any SQLDatabase) async throws {
        // setval's least value is 1, which would make the next id 2.
        guard id >= 1 else { return }
        try await db.raw(
            """
            SELECT setval(pg_get_serial_sequence('users', 'id')::regclass,
                          GREATEST(\(bind: id), COALESCE(pg_sequence_last_value(pg_get_serial_sequence('users', 'id')::regclass), 0), 1),
                          true)
            """
        ).run()
    }

    // MARK: Connections

    /// `body` in a transaction holding `insertLock`, committed before returning (rolled back when `keep` is
    /// false). A storage failure is remembered (`storageProblem`), a success forgets it.
    private func inInsertTransaction<T: Sendable>(
        takenNickname: String?, keep: Bool = true, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        do {
            let result = try await withConnection { connection in
                let db = connection.sql(queryLogLevel: nil)
                try await db.raw("BEGIN").run()
                do {
                    try await db.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(Self.insertLock)))").run()
                    let result = try await body(db)
                    try await db.raw(keep ? "COMMIT" : "ROLLBACK").run()
                    return result
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    throw error
                }
            }
            storageFailure.withLock { $0 = nil }
            return result
        } catch {
            let failure = PostgresFailure.storeError(error, takenNickname: takenNickname)
            if case .storageUnavailable(let detail) = failure { storageFailure.withLock { $0 = detail } }
            throw failure
        }
    }

    /// `body` on a pooled connection (each statement its own transaction), errors as `StoreError`s.
    func withDatabase<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T)
        async throws -> T
    {
        do {
            return try await withConnection { connection in try await body(connection.sql(queryLogLevel: nil)) }
        } catch {
            throw PostgresFailure.storeError(error)
        }
    }

    /// `body` on a connection leased from the pool, waiting at most `acquireTimeout` for the lease, then at most
    /// `queryTimeout` for `body`. The second wait is not left to structured cancellation (a connection whose
    /// server stopped answering never ends its statement): when it passes, the call fails with
    /// `StoreError.unavailable` at once, and `body` is not cancelled (an insert's outcome is never decided by a
    /// timer; an insert that fails this way may still commit later, as with any database whose answer was lost).
    /// The connection goes back to the pool when `body` ends: for reuse after a success or an error the server
    /// reported (a transaction's `ROLLBACK` has run), else it is closed.
    private func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T
    {
        let connection = try await pool.lease(within: acquireTimeout)
        let pool = self.pool
        let hold = queryTimeout
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let answer = OneAnswer(continuation)
            let timer = Task {
                do { try await Task.sleep(for: hold) } catch { return }
                answer.give(
                    .failure(
                        StoreError.unavailable(
                            "the database server did not answer within \(DurationUnits.seconds(hold)) s")))
            }
            answer.onGiven { timer.cancel() }
            Task {
                do {
                    let result = try await body(connection)
                    pool.release(connection, reusable: true)
                    answer.give(.success(result))
                } catch {
                    pool.release(connection, reusable: PostgresFailure.sqlState(error) != nil)
                    answer.give(.failure(error))
                }
            }
        }
    }
}

/// Resumes a continuation once, with whichever comes first: the work's result or a deadline.
private final class OneAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var given = false
        var whenGiven: (@Sendable () -> Void)?
    }
    private let state: Locked<State>

    init(_ continuation: CheckedContinuation<T, any Error>) {
        state = Locked(State(continuation: continuation))
    }

    /// Resumes with `result` unless an answer was given already.
    func give(_ result: Result<T, any Error>) {
        let (c, after) = state.withLock { s -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
            let c = s.continuation
            s.continuation = nil
            s.given = true
            let after = s.whenGiven
            s.whenGiven = nil
            return (c, after)
        }
        c?.resume(with: result)
        if c != nil { after?() }
    }

    /// Runs `action` once an answer is given (at once if it was).
    func onGiven(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if s.given { return true }
            s.whenGiven = action
            return false
        }
        if now { action() }
    }
}

/// A user and its nickname key, as one `Sendable` value (tuples of them cross no task boundary).
private struct UserWithKey: Sendable {
    let user: User
    let nicknameKey: String
}
