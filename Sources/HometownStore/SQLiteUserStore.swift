import Foundation
import HometownCore
import HometownProtocol
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// The embedded default store: one SQLite file, created on first use.
///
/// - Durability: write-ahead log with `synchronous=FULL`, so an insert that returned has been synced to disk and
///   survives a crash of the process or the machine.
/// - Ids: `INTEGER PRIMARY KEY AUTOINCREMENT`, so an id is never handed out twice, even after the newest user's
///   row is gone; `nextID()` reads SQLite's own counter for the table.
/// - Nicknames: a unique index on `nickname_key` (`NicknameKey`). Opening a database of a schema before version 5
///   recomputes every key (`NicknameKeyMigration`): version 3's keys fold width and look-alike letters as well as
///   case, version 5's make each run of white space inside a nickname one space.
/// - Two connections: one for writes and one for reads, so that reads (WAL readers) never wait for a write's sync.
///   Each runs its calls on a thread of the store's own (`threads`), off the event loops.
/// - Storage: a write that fails because the file system is full (SQLITE_FULL) or writing failed (SQLite's write,
///   sync and truncate I/O errors) throws `StoreError.storageUnavailable` and sets `storageProblem` until a
///   write succeeds; the failed transaction is rolled back whole. `probeWrite()` tells when writes work again.
public final class SQLiteUserStore: UserStore {
    /// The schema version kept in SQLite's `user_version`. 5: each run of white space inside a nickname is one
    /// space in its key. 4: the change log (`user_changes`) of owners' changes and deletions. 3: `nickname_key` is
    /// the UTS #39 skeleton of the NFKC-case-folded nickname (version 2: the case-folded nickname).
    public static let schemaVersion = 5

    public let path: String
    /// How long a statement waits for a lock held by another connection before it fails with `StoreError.busy`.
    public let busyTimeout: Duration
    private let writer: SQLiteConnection
    /// Every use of `writer` takes a turn (`write`).
    private let turns = WriteTurns()
    private let reader: SQLiteConnection
    /// The store's own threads, one per connection, on which SQLite's calls run. A statement that waits for another
    /// program's lock (up to `busyTimeout`) or a long read holds up only its own connection, and no call waits
    /// behind other work of the process, as it would in NIO's shared pool (as many threads as cores: one on a
    /// one-core machine, where a write waiting for a lock would stop every read).
    private let threads: NIOThreadPool
    private let closed = Locked(false)
    /// The scratch copy this store reads in place of a copy's source of an older schema (`open`), removed on close.
    private let scratchFile = Locked<String?>(nil)
    /// Why the last write failed for want of storage, until a write succeeds.
    private let storageFailure = Locked<String?>(nil)

    var writeDB: any SQLDatabase { writer.sql() }
    var readDB: any SQLDatabase { reader.sql() }

    private init(
        path: String, busyTimeout: Duration, writer: SQLiteConnection, reader: SQLiteConnection, threads: NIOThreadPool
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.writer = writer
        self.reader = reader
        self.threads = threads
    }

    /// Opens (and on first use creates) the database file at `path`.
    /// - Parameters:
    ///   - busyTimeout: how long a statement waits (sleeping, in SQLite's busy handler) for a lock that another
    ///     connection holds, before it fails with `StoreError.busy`. Rounded to milliseconds.
    ///   - createIfMissing: false to open only a file that already holds a Hometown database (a copy's source):
    ///     any other file is refused before anything is written to it. Such a source of an older schema is left as
    ///     it is (a backup made by an older version stays one it can open): it is copied as it is
    ///     (`SQLiteBackup`) into a scratch file in the temporary folder (`$TMPDIR`, else /tmp), which is migrated
    ///     and read instead, and removed when the store closes.
    /// - Throws: `StoreError.cannotOpen` (missing folder, no permission, not a database),
    ///   `StoreError.incompatible` (a newer schema, a `users` table of another shape, or no Hometown database
    ///   where `createIfMissing` is false).
    public static func open(
        path: String, busyTimeout: Duration = .seconds(5), createIfMissing: Bool = true,
        logger: Logger = Logger(label: "hometown.store")
    ) async throws -> SQLiteUserStore {
        let threads = NIOThreadPool(numberOfThreads: 2)
        threads.start()
        var opened: SQLiteConnection?
        do {
            let writer = try await connection(path: path, busyTimeout: busyTimeout, logger: logger, threads: threads)
            opened = writer
            let db = writer.sql()
            // Another program's database is refused before anything is written to it.
            switch try await usersTable(db) {
            case .hometown: break
            case .none: if !createIfMissing { throw StoreError.incompatible(path: path, detail: noHometownDatabase) }
            case .foreign(let lacking): throw StoreError.incompatible(path: path, detail: lacking)
            }
            let mode = try await db.raw("PRAGMA journal_mode=WAL").first()?.decode(
                column: "journal_mode", as: String.self)
            guard mode?.lowercased() == "wal" else {
                throw StoreError.cannotOpen(
                    path: path, detail: "write-ahead logging is not available (journal mode \(mode ?? "?"))")
            }
            try await db.raw("PRAGMA synchronous=FULL").run()
            let version =
                try await db.raw("PRAGMA user_version").first()?.decode(column: "user_version", as: Int.self) ?? 0
            guard version <= schemaVersion else {
                throw StoreError.incompatible(
                    path: path, detail: "its schema version \(version) is newer than this program's \(schemaVersion)")
            }
            if !createIfMissing && version < schemaVersion {
                try await writer.close()
                opened = nil
                try await threads.shutdownGracefully()
                return try await openScratchCopy(of: path, version: version, busyTimeout: busyTimeout, logger: logger)
            }
            try await createSchema(db)
            if version >= 1 && version < NicknameKeyMigration.keysSince {
                try await NicknameKeyMigration.run(
                    on: db, path: path, fromVersion: version, toVersion: schemaVersion, logger: logger)
            }
            try await db.raw("PRAGMA user_version = \(unsafeRaw: String(schemaVersion))").run()
            let reader = try await connection(path: path, busyTimeout: busyTimeout, logger: logger, threads: threads)
            return SQLiteUserStore(
                path: path, busyTimeout: busyTimeout, writer: writer, reader: reader, threads: threads)
        } catch {
            try? await opened?.close()
            try? await threads.shutdownGracefully()
            if let e = error as? StoreError { throw e }
            throw StoreError.cannotOpen(path: path, detail: "\(error)")
        }
    }

    /// The store of a scratch copy of the database at `path` (of schema `version`, older than this program's), taken
    /// as it is and then migrated; the copy is removed when the store closes, or here when opening it fails.
    private static func openScratchCopy(
        of path: String, version: Int, busyTimeout: Duration, logger: Logger
    ) async throws -> SQLiteUserStore {
        let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "hometown-copy-source-\(UUID().uuidString).sqlite")
        logger.notice(
            "\(path) has schema version \(version), older than \(schemaVersion): it is left as it is, and a migrated copy at \(scratch) is read instead"
        )
        do {
            try await SQLiteBackup.copy(from: path, to: scratch, busyTimeout: busyTimeout, logger: logger)
            let store = try await open(path: scratch, busyTimeout: busyTimeout, logger: logger)
            store.scratchFile.withLock { $0 = scratch }
            return store
        } catch {
            removeScratch(scratch)
            throw error
        }
    }

    /// Removes a scratch database and the log files SQLite keeps beside it.
    private static func removeScratch(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// A connection to the file at `path` with SQLite's own busy handler (`setBusyTimeout`), whose calls run on
    /// `threads` (started).
    /// - Throws: `StoreError.cannotOpen` when the file cannot be opened.
    static func connection(
        path: String, busyTimeout: Duration, logger: Logger, threads: NIOThreadPool
    ) async throws -> SQLiteConnection {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threads, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any())
        } catch {
            throw StoreError.cannotOpen(path: path, detail: openFailure(path, error))
        }
        do {
            try await setBusyTimeout(busyTimeout, on: connection.sql())
        } catch {
            try? await connection.close()
            throw StoreError.cannotOpen(path: path, detail: "\(error)")
        }
        return connection
    }

    /// Why `path` could not be opened, in words where the file system says (SQLite's own error says only that
    /// it failed): a missing folder, a folder that cannot be written, a folder where the file should be.
    private static func openFailure(_ path: String, _ error: any Error) -> String {
        let folder =
            (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        let files = FileManager.default
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder; name a file in it"
        }
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return "its folder \(folder) does not exist (create it first)"
        }
        guard isFolder.boolValue else { return "\(folder) is not a folder" }
        if !files.fileExists(atPath: path), !files.isWritableFile(atPath: folder) {
            return "no permission to create a file in \(folder)"
        }
        return "\(error)"
    }

    /// Replaces SQLiteNIO's busy handler, which retries a locked statement at once and for ever (a busy loop at
    /// 100 % of a core while another process holds a write lock), by SQLite's own, which sleeps between tries and
    /// gives up with SQLITE_BUSY after `timeout` (`PRAGMA busy_timeout` calls `sqlite3_busy_timeout`, which clears
    /// any other busy handler).
    private static func setBusyTimeout(_ timeout: Duration, on db: any SQLDatabase) async throws {
        let ms = max(0, DurationUnits.wholeMilliseconds(timeout))
        try await db.raw("PRAGMA busy_timeout = \(unsafeRaw: String(ms))").run()
    }

    /// What the database `db` is connected to holds under the name `users`.
    enum UsersTable: Equatable {
        /// No such table: a new or empty file, or another program's database without one.
        case none
        /// A Hometown users table, of any schema version.
        case hometown
        /// A table of that name without the columns a Hometown one has, which `detail` names.
        case foreign(detail: String)
    }

    /// What the database `db` is connected to holds as its `users` table. Reads only.
    static func usersTable(_ db: any SQLDatabase) async throws -> UsersTable {
        let columns = try await db.raw("SELECT name FROM pragma_table_info('users')").all().map {
            try $0.decode(column: "name", as: String.self)
        }
        guard !columns.isEmpty else { return .none }
        let lacking = Set(SQLUserQueries.columns + ["nickname_key", "password_hash"]).subtracting(columns)
        guard lacking.isEmpty else {
            return .foreign(
                detail: "its users table is not a Hometown one: it lacks " + lacking.sorted().joined(separator: ", "))
        }
        return .hometown
    }

    /// Why a file without a `users` table is refused where an existing database is wanted.
    static let noHometownDatabase = "it holds no Hometown database (no users table)"

    private static func createSchema(_ db: any SQLDatabase) async throws {
        try await db.raw(
            SQLUserQueries.createTable(id: "INTEGER PRIMARY KEY AUTOINCREMENT", integer: "INTEGER", real: "REAL")
        ).run()
        try await db.raw("CREATE UNIQUE INDEX IF NOT EXISTS users_nickname_key ON users (nickname_key)").run()
        try await db.raw(SQLUserQueries.createChangesTable(sequence: "INTEGER PRIMARY KEY AUTOINCREMENT")).run()
        // One index per filter; each ends (implicitly) in the id, so an equality filter reads its rows in id order
        // and a page is LIMIT rows of one index walk, without sorting the matches. (Version 1 had composite
        // indexes that made "country=USA ORDER BY id LIMIT 25" sort every USA row; they are dropped.)
        for old in ["users_country", "users_state", "users_year"] {
            try await db.raw("DROP INDEX IF EXISTS \(unsafeRaw: old)").run()
        }
        for (name, columns) in SQLUserQueries.filterIndexes {
            try await db.raw("CREATE INDEX IF NOT EXISTS \(unsafeRaw: name) ON users (\(unsafeRaw: columns))").run()
        }
    }

    public func insert(_ user: NewUser, passwordHash: String, now: Int64) async throws -> User {
        try await write(takenNickname: user.nickname) {
            try await SQLUserQueries.insert(user, passwordHash: passwordHash, now: now, on: self.writeDB)
        }
    }

    /// Stores many users in one transaction, as given (time-stamps included, ids assigned in order): for loading
    /// an existing set of posts, tests and benchmarks. Nicknames must be unique by their keys, as in `insert`.
    /// - Throws: `StoreError.nicknameTaken` (nothing is stored then), other `StoreError`s on failure.
    public func insertBatch(_ users: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)]) async throws {
        try await inWriteTransaction(takenNickname: "one of the batch") { db in
            try await SQLUserQueries.insertBatch(users, on: db)
        }
    }

    /// `body` in one transaction of the write connection (`BEGIN IMMEDIATE`: the write lock first, waiting at
    /// most `busyTimeout`), committed, or rolled back when it throws; failures as `StoreError`s (`wrap`).
    func inWriteTransaction(takenNickname: String? = nil, _ body: (any SQLDatabase) async throws -> Void)
        async throws
    {
        let db = writeDB
        try await write(takenNickname: takenNickname) {
            try await db.raw("BEGIN IMMEDIATE").run()
            do {
                try await body(db)
                try await db.raw("COMMIT").run()
            } catch {
                try? await db.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    public func usersWithKeys(afterID: Int, limit: Int) async throws -> [(user: User, nicknameKey: String)] {
        try await wrap { try await SQLUserQueries.usersWithKeys(afterID: afterID, limit: limit, on: self.readDB) }
    }

    public func count() async throws -> Int {
        try await wrap { try await SQLUserQueries.count(on: self.readDB) }
    }

    public func nextID() async throws -> Int {
        try await wrap {
            let seq = try await self.readDB.raw("SELECT seq FROM sqlite_sequence WHERE name = 'users'").first()?
                .decode(column: "seq", as: Int.self)
            return (seq ?? 0) + 1
        }
    }

    public func user(id: Int) async throws -> User? {
        try await wrap { try await SQLUserQueries.user(id: id, on: self.readDB) }
    }

    public func passwordHash(id: Int) async throws -> String? {
        try await wrap { try await SQLUserQueries.passwordHash(id: id, on: self.readDB) }
    }

    public func update(id: Int, _ change: @escaping @Sendable (User) -> NewUser?) async throws -> User? {
        var changed: User?
        try await inWriteTransaction { db in changed = try await SQLUserQueries.update(id: id, on: db, change) }
        return changed
    }

    public func delete(id: Int) async throws -> Bool {
        var deleted = false
        try await inWriteTransaction { db in deleted = try await SQLUserQueries.delete(id: id, on: db) }
        return deleted
    }

    public func storedPlaceNames() async throws -> [StoredPlaceName] {
        try await wrap { try await SQLUserQueries.storedPlaceNames(on: self.readDB) }
    }

    public func renamePlaces(_ renames: [PlaceRename]) async throws -> Int {
        var changed = 0
        try await inWriteTransaction { db in
            for r in renames { changed += try await SQLUserQueries.rename(r, on: db) }
        }
        return changed
    }

    public func changes(after sequence: Int64, limit: Int) async throws -> [(sequence: Int64, id: Int)] {
        try await wrap { try await SQLUserQueries.changes(after: sequence, limit: limit, on: self.readDB) }
    }

    public func lastChange() async throws -> Int64 {
        try await wrap { try await SQLUserQueries.lastChange(on: self.readDB) }
    }

    /// Closes both connections and ends the store's threads; a second call does nothing.
    public func close() async throws {
        let first = closed.withLock { was in
            defer { was = true }
            return !was
        }
        guard first else { return }
        var failure: (any Error)?
        do { try await reader.close() } catch { failure = error }
        do { try await writer.close() } catch { failure = failure ?? error }
        try? await threads.shutdownGracefully()
        if let scratch = scratchFile.withLock({ $0 }) { Self.removeScratch(scratch) }
        if let failure { throw failure }
    }

    public var storageProblem: String? { storageFailure.withLock { $0 } }

    /// The file system must have this many bytes free before `probeWrite()` tries a write after a storage failure:
    /// a write into the space a failed write left allocated would succeed while posts still fail.
    public static let probeFreeBytes: UInt64 = 1 << 20

    /// Rewrites the schema version (`PRAGMA user_version`, page 1 of the file) in a transaction of its own, synced
    /// like any write; after a storage failure only once the file system has `probeFreeBytes` free.
    public func probeWrite() async throws {
        if storageProblem != nil, let free = Self.freeBytes(onFileSystemOf: path), free < Self.probeFreeBytes {
            throw StoreError.storageUnavailable("only \(free) bytes are free on the database's file system")
        }
        try await inWriteTransaction { db in
            try await db.raw("PRAGMA user_version = \(unsafeRaw: String(Self.schemaVersion))").run()
        }
    }

    /// Bytes an unprivileged process may still write on the file system holding `path`, or nil when unknown.
    static func freeBytes(onFileSystemOf path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// `wrap` for a write, in the write connection's next turn (`WriteTurns`): a storage failure is remembered
    /// (`storageProblem`), a success forgets it.
    private func write<T>(takenNickname: String? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            let result = try await turns.run { try await wrap(takenNickname: takenNickname, body) }
            storageFailure.withLock { $0 = nil }
            return result
        } catch StoreError.storageUnavailable(let detail) {
            storageFailure.withLock { $0 = detail }
            throw StoreError.storageUnavailable(detail)
        }
    }

    /// `body`, its failures as `StoreError`s: a unique-index violation as `nicknameTaken(takenNickname)` when
    /// that is given (writes), a lock held elsewhere as `busy`, a full file system or a failed write as
    /// `storageUnavailable`, anything else as `failed`.
    func wrap<T>(takenNickname: String? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let e as SQLiteError
            where takenNickname != nil && (e.reason == .constraintUniqueFailed || e.reason == .constraint)
        {
            throw StoreError.nicknameTaken(takenNickname!)
        } catch let e as StoreError {
            throw e
        } catch let e as SQLiteError where Self.isBusy(e) {
            throw busyError
        } catch let e as SQLiteError where Self.isStorageFailure(e) {
            throw StoreError.storageUnavailable("\(e)")
        } catch {
            throw StoreError.failed("\(error)")
        }
    }

    private var busyError: StoreError {
        .busy(timeoutSeconds: DurationUnits.seconds(busyTimeout))
    }

    /// SQLITE_FULL, and the I/O errors of writing: the file system is full or fails writes (a read that fails
    /// stays a failure).
    private static func isStorageFailure(_ e: SQLiteError) -> Bool {
        switch e.reason {
        case .full, .ioError, .ioErrorFailedWrite, .ioErrorFailedSync, .ioErrorFailedDirSync, .ioErrorFailedTruncate,
            .ioErrorFailedSharedMemSize:
            return true
        default: return false
        }
    }

    /// SQLITE_BUSY and its extended codes (a lock held elsewhere); SQLITE_LOCKED is a conflict inside one
    /// connection, not a wait, and stays a failure.
    private static func isBusy(_ e: SQLiteError) -> Bool {
        switch e.reason {
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot: return true
        default: return false
        }
    }
}
