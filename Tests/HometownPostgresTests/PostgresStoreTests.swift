import Foundation
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import HometownTestSupport
import Logging
import PostgresKit
import PostgresNIO
import Testing

@testable import HometownPostgres

/// What only the PostgreSQL backend has: its schema record, its refusals at open, its bounded pool and wait.
@Suite struct PostgresStoreTests {
    static func location(_ database: String) async throws -> StoreLocation.Postgres {
        StoreLocation.Postgres(
            host: "127.0.0.1", port: try await PostgresServer.shared().port, user: "postgres", database: database)
    }

    /// The store's options with a long wait for a connection: the suite's other tests share the machine, and the
    /// tests of that wait set their own.
    static func patient(password: String? = nil) -> PostgresStoreOptions {
        var options = PostgresStoreOptions(password: password)
        options.acquireTimeout = .seconds(30)
        return options
    }

    static var quiet: Logger {
        var l = Logger(label: "hometown.test")
        l.logLevel = .critical
        return l
    }

    /// The store's sessions end a statement, and a transaction left waiting between statements, after the query
    /// timeout: a server whose machine freezes in the middle of an insert holds the insert lock no longer.
    @Test func sessionsEndStatementsAndIdleTransactionsAfterTheQueryTimeout() async throws {
        let server = try await PostgresServer.shared()
        var options = Self.patient()
        options.queryTimeout = .seconds(7)
        let store = try await PostgresUserStore.open(
            try await Self.location(try await server.createDatabase()), options: options, logger: Self.quiet)
        for setting in ["statement_timeout", "idle_in_transaction_session_timeout"] {
            let shown = try await store.withDatabase { db in
                try await db.raw("SHOW \(unsafeRaw: setting)").first()?.decode(column: setting, as: String.self)
            }
            #expect(shown == "7s", "\(setting): \(shown ?? "none")")
        }
        try await store.close()
    }

    @Test func theSchemaIsRecordedAndKeptAcrossOpens() async throws {
        let server = try await PostgresServer.shared()
        let db = try await server.createDatabase()
        // Two processes starting at once on an empty database: both succeed, one schema.
        let location = try await Self.location(db)
        async let a = PostgresUserStore.open(location, options: Self.patient(), logger: Self.quiet)
        async let b = PostgresUserStore.open(location, options: Self.patient(), logger: Self.quiet)
        let (s1, s2) = try await (a, b)
        _ = try await s1.insert(Users.user("kept"), passwordHash: "h", now: 1)
        try await s1.close()
        try await s2.close()
        #expect(
            try await server.psql(db, "SELECT version FROM hometown_schema") == "\(SQLiteUserStore.schemaVersion)\n")
        #expect(try await server.psql(db, "SELECT count(*) FROM user_changes") == "0\n")
        let indexes = try await server.psql(db, "SELECT indexname FROM pg_indexes WHERE tablename = 'users' ORDER BY 1")
        #expect(indexes.split(separator: "\n").contains("users_nickname_key"))
        #expect(
            try await server.psql(db, "SELECT indexdef FROM pg_indexes WHERE indexname = 'users_nickname_key'")
                .contains("UNIQUE INDEX"))
        let again = try await PostgresUserStore.open(try Self.location(db), options: Self.patient(), logger: Self.quiet)
        #expect(try await again.users(UsersQuery()).map(\.nickname) == ["kept"])
        try await again.close()
    }

    @Test func aNewerSchemaOrAForeignTableIsRefused() async throws {
        let server = try await PostgresServer.shared()
        let newer = try await server.createDatabase()
        let s = try await PostgresUserStore.open(try Self.location(newer), options: Self.patient(), logger: Self.quiet)
        try await s.close()
        try await server.psql(newer, "UPDATE hometown_schema SET version = 99")
        await #expect {
            try await PostgresUserStore.open(try Self.location(newer), options: Self.patient(), logger: Self.quiet)
        } throws: { e in
            guard case StoreError.incompatible(_, let detail) = e else { return false }
            return detail.contains("99")
        }
        let foreign = try await server.createDatabase()
        try await server.psql(foreign, "CREATE TABLE users (id serial PRIMARY KEY, email text, name text)")
        await #expect {
            try await PostgresUserStore.open(try Self.location(foreign), options: Self.patient(), logger: Self.quiet)
        } throws: { e in
            guard case StoreError.incompatible(_, let detail) = e else { return false }
            return detail.contains("nickname_key")
        }
        // The foreign table is left as it was.
        #expect(
            try await server.psql(foreign, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'users'")
                == "3\n")
    }

    @Test func openingSaysWhatIsWrong() async throws {
        let server = try await PostgresServer.shared()
        var missing = try await Self.location("no_such_database")
        await #expect {
            try await PostgresUserStore.open(missing, options: Self.patient(), logger: Self.quiet)
        } throws: { e in
            guard case StoreError.cannotOpen(_, let detail) = e else { return false }
            return detail.contains("does not exist") && detail.contains("createdb")
        }
        missing.port = try LoopbackPort.free()
        let started = ContinuousClock.now
        var patient = PostgresStoreOptions()
        patient.connectTimeout = .seconds(60)
        await #expect {
            try await PostgresUserStore.open(missing, options: patient, logger: Self.quiet)
        } throws: { e in
            if case StoreError.cannotOpen = e { return true }
            return false
        }
        // Without waiting for the 60 s connect timeout (the bound is loose: the whole suite shares 2 cores).
        #expect(ContinuousClock.now - started < .seconds(30), "a refused connection fails at once")
        // A role that must give a password: none, a wrong one, the right one.
        let db = try await server.createDatabase()
        var role = try await Self.location(db)
        role.user = server.passwordRole
        await #expect {
            try await PostgresUserStore.open(role, options: Self.patient(), logger: Self.quiet)
        } throws: { e in
            guard case StoreError.cannotOpen(_, let detail) = e else { return false }
            return detail.contains("PGPASSWORD") && detail.contains("--db-password-file")
        }
        await #expect {
            try await PostgresUserStore.open(role, options: Self.patient(password: "wrong"), logger: Self.quiet)
        } throws: { e in
            guard case StoreError.cannotOpen(_, let detail) = e else { return false }
            return detail.contains("password authentication failed") && detail.contains("28P01")
        }
        let store = try await PostgresUserStore.open(
            role, options: Self.patient(password: server.password), logger: Self.quiet)
        _ = try await store.insert(Users.user("pw"), passwordHash: "h", now: 1)
        #expect(try await store.count() == 1)
        try await store.close()
    }

    /// At most `maxConnections` connections, however many calls at once; a call that finds every connection busy
    /// waits `acquireTimeout`, then fails with `unavailable`, and the store works on.
    @Test func thePoolIsBoundedAndAWaitForAConnectionEnds() async throws {
        let server = try await PostgresServer.shared()
        let db = try await server.createDatabase()
        var options = PostgresStoreOptions()
        options.maxConnections = 2
        // Only a hang's bound: the 40 calls below queue for 2 connections, each needs turns on the test process's
        // cooperative threads, which the other suites' long computations can hold for seconds, and PostgreSQL
        // shares the busy cores (a loaded machine once made the last call wait past 20 s).
        options.acquireTimeout = TestSlowdown.scaled(.seconds(120))
        let patient = try await PostgresUserStore.open(try Self.location(db), options: options, logger: Self.quiet)
        _ = try await patient.insert(Users.user("a"), passwordHash: "h", now: 1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 { group.addTask { try await patient.users(UsersQuery()).count } }
            for try await n in group { #expect(n == 1) }
        }
        let open = try await server.psql(
            db,
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'hometown'"
        )
        #expect(Int(open.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99 <= 2, "\(open)")
        try await patient.close()

        options.acquireTimeout = .milliseconds(400)
        // The inserts below wait for the lock while holding their connections: longer than any machine's delay.
        options.queryTimeout = .seconds(300)
        let store = try await PostgresUserStore.open(try Self.location(db), options: options, logger: Self.quiet)

        // Hold the insert lock from another session: two inserts then hold both connections (waiting for it).
        let holder = try await PostgresConnection.connect(
            configuration: .init(
                host: "127.0.0.1", port: server.port, username: "postgres", password: nil, database: db, tls: .disable),
            id: 1, logger: Self.quiet)
        do {
            try await holder.query("BEGIN", logger: Self.quiet)
            try await holder.query("SELECT pg_advisory_xact_lock(\(PostgresUserStore.insertLock))", logger: Self.quiet)
            // Each insert tries again while it finds no connection within 0.4 s (a busy machine), until it holds one.
            let waiting = (0..<2).map { i in
                Task {
                    while true {
                        do {
                            return try await store.insert(Users.user("w\(i)"), passwordHash: "h", now: 2)
                        } catch StoreError.unavailable {
                            try await Task.sleep(for: .milliseconds(50))
                        }
                    }
                }
            }
            // Wait until both hold their connection, waiting for the lock.
            let deadline = ContinuousClock.now + .seconds(120)
            var holding = ""
            while ContinuousClock.now < deadline {
                holding = try await server.psql(
                    db,
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'hometown' AND wait_event_type = 'Lock'"
                ).trimmingCharacters(in: .whitespacesAndNewlines)
                if holding == "2" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(holding == "2", "the two inserts did not both wait for the lock")
            let started = ContinuousClock.now
            await #expect {
                try await store.count()
            } throws: { e in
                if case StoreError.unavailable = e { return true }
                return false
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(350) && waited < .seconds(20), "\(waited)")
            try await holder.query("COMMIT", logger: Self.quiet)
            for t in waiting { _ = try await t.value }
            #expect(try await store.count() == 3)
        } catch {
            // A connection must be closed before it goes (PostgresNIO asserts it in debug builds).
            try? await holder.close()
            try? await store.close()
            throw error
        }
        try await holder.close()
        try await store.close()
    }

    /// PostgreSQL's own disk full (SQLSTATE 53100, raised here by a trigger as the server raises it when it cannot
    /// extend a file) is `storageUnavailable`, and nothing of the write is stored; `storageProblem` says so until
    /// `probeWrite()` succeeds, which leaves no row, id, logged change or table; writes work once it is gone. (A
    /// disk that really fills: `ServeOnPostgresTests`.)
    @Test func theServersFullDiskIsStorageUnavailable() async throws {
        let server = try await PostgresServer.shared()
        let db = try await server.createDatabase()
        let s = try await PostgresUserStore.open(try Self.location(db), options: Self.patient(), logger: Self.quiet)
        _ = try await s.insert(Users.user("before"), passwordHash: "h", now: 1)
        try await server.psql(
            db,
            """
            CREATE FUNCTION hometown_test_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
              RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
            END $$;
            CREATE TRIGGER hometown_test_full BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION hometown_test_full();
            """)
        await #expect {
            _ = try await s.insert(Users.user("during"), passwordHash: "h", now: 2)
        } throws: { e in
            guard case StoreError.storageUnavailable(let detail) = e else { return false }
            return detail.contains("53100")
        }
        #expect(s.storageProblem?.contains("53100") == true, "\(String(describing: s.storageProblem))")
        try await server.psql(db, "DROP TRIGGER hometown_test_full ON users")
        let nextID = try await s.nextID()
        try await s.probeWrite()
        #expect(s.storageProblem == nil)
        #expect(try await s.nextID() == nextID, "the probe drew an id")
        #expect(try await server.psql(db, "SELECT count(*) FROM users") == "1\n")
        #expect(try await s.lastChange() == 0)
        #expect(try await server.psql(db, "SELECT count(*) FROM pg_class WHERE relname = 'hometown_probe'") == "0\n")
        let after = try await s.insert(Users.user("after"), passwordHash: "h", now: 3)
        #expect(after.id == nextID)
        #expect(try await s.users(UsersQuery()).map(\.nickname) == ["before", "after"])
        try await s.close()
    }
}
