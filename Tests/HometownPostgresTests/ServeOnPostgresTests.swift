import AsyncHTTPClient
import Foundation
import HometownClient
import HometownProtocol
import HometownStore
import HometownTestSupport
import Testing

/// The real `hometown serve --db postgres://...` on loopback, posted to and read through HTTP.
@Suite struct ServeOnPostgresTests {
    @Test func postsAreStoredInPostgresAndReadBack() async throws {
        let pg = try await PostgresServer.shared()
        let db = try await pg.createDatabase()
        let server = try await ServerProcess(database: pg.url(db), extra: ["--db-connections", "4"])
        defer { server.stop() }
        let client = try HometownClient(baseURL: server.url)
        #expect(try await client.count() == 0)
        #expect(try await client.nextID() == 1)
        try await client.addUser(
            NewUser(
                nickname: "rew", password: "catman", country: "USA", state: "North Dakota", city: "Devils Lake",
                year: 1985, coordinate: nil))
        try await client.addUser(
            NewUser(
                nickname: "rew2", password: "guess", country: "USA", state: "Minnesota", city: "Minneapolis",
                year: 1985, coordinate: .init(uncheckedLatitude: 44.9661, longitude: -93.2938)))
        await #expect(throws: ClientError.nicknameTaken("REW")) {
            try await client.addUser(
                NewUser(
                    nickname: "REW", password: "x12345", country: "USA", state: "Texas", city: "Austin", year: 2000,
                    coordinate: nil))
        }
        let users = try await client.users(UsersQuery(states: ["Minnesota"]))
        #expect(users.map(\.nickname) == ["rew2"])
        #expect(try await client.count() == 2)
        #expect(try await client.nicknameExists("Rew2"))
        // The rows are in PostgreSQL, with scrypt hashes, not passwords.
        let stored = try await pg.psql(db, "SELECT id, nickname, password_hash LIKE '$scrypt$%' FROM users ORDER BY id")
        #expect(stored == "1|rew|t\n2|rew2|t\n", "\(stored)")
        // A stopped and restarted server finds them again.
        #expect(await server.terminate() == 0)
        let again = try await ServerProcess(database: pg.url(db))
        defer { again.stop() }
        let c2 = try HometownClient(baseURL: again.url)
        #expect(try await c2.count() == 2)
        #expect(try await c2.nextID() == 3)
    }

    @Test func aPasswordInTheURLOrAnUnreachableServerStopsServeWithAReason() async throws {
        let pw = try await HometownBinary.run([
            "serve", "--port", "0", "--db", "postgres://hometown:secret@127.0.0.1/posts",
        ])
        #expect(pw.status == 2)
        #expect(pw.err.contains("PGPASSWORD") && pw.err.contains("--db-password-file"), "\(pw.err)")
        let port = try LoopbackPort.free()
        let down = try await HometownBinary.run(
            [
                "serve", "--port", "0", "--db", "postgres://hometown@127.0.0.1:\(port)/posts", "--db-connect-timeout",
                "2",
            ])
        #expect(down.status == 1)
        #expect(
            down.err.contains("cannot open the database postgres://hometown@127.0.0.1:\(port)/posts"), "\(down.err)")
    }

    /// PostgreSQL stopped under a running server: posts get 503 database_unavailable with Retry-After after
    /// --db-busy-timeout (1 s here), `/healthz` says not ready, reads keep being answered from memory; a post waiting when it
    /// comes back is stored within 2 s of its return, without restarting hometown, and `/healthz` is ready again.
    /// On a cluster of its own.
    @Test func aStoppedDatabaseGives503AndNotReadyThenPostsWorkAgainWithinTwoSeconds() async throws {
        let pg = try await PostgresServer.started()
        defer { pg.stop() }
        let server = try await ServerProcess(
            database: pg.url(try await pg.createDatabase()), extra: ["--db-busy-timeout", "1"])
        defer { server.stop() }
        #expect(try await LoopbackHTTP.addUser(server.base, nickname: "before").status == 200)
        #expect(try await LoopbackHTTP.get(server.url + "/healthz").status == 200)
        try await pg.stopServer()

        let started = ContinuousClock.now
        let down = try await LoopbackHTTP.addUser(server.base, nickname: "during")
        let waited = ContinuousClock.now - started
        #expect(down.status == 503 && down.retryAfter == "2", "\(down)")
        #expect(down.body.contains(#""code":"database_unavailable""#), "\(down.body)")
        // The 1 s wait, and not much more.
        #expect(waited >= .milliseconds(950) && waited < TestSlowdown.scaled(.seconds(4)), "\(waited)")
        let health = try await LoopbackHTTP.get(server.url + "/healthz")
        #expect(health.status == 503 && health.body.contains(#""code":"not_ready""#), "\(health)")
        #expect(try await LoopbackHTTP.get(server.base + "/count").body == "1")

        // Posts keep coming while the database is down (each waiting up to 1 s), so that the server has been
        // failing to connect for a while when the database returns.
        let poster = Task {
            while true {
                let answer = try await LoopbackHTTP.addUser(server.base, nickname: "after")
                if answer.status == 200 { return ContinuousClock.now }
                #expect(answer.status == 503, "\(answer)")
            }
        }
        try await Task.sleep(for: .seconds(1))
        try await pg.start()
        let back = ContinuousClock.now
        let stored = try await poster.value
        let recovered = stored - back
        #expect(
            recovered < TestSlowdown.scaled(.seconds(2)), "a post was stored \(recovered) after the database's return")
        print("serve on postgres: a post was stored \(recovered) after the database's return")
        var ready = try await LoopbackHTTP.get(server.url + "/healthz")
        while ready.status != 200, ContinuousClock.now - back < TestSlowdown.scaled(.seconds(2)) {
            try await Task.sleep(for: .milliseconds(50))
            ready = try await LoopbackHTTP.get(server.url + "/healthz")
        }
        #expect(ready.status == 200, "\(ready)")
        let client = try HometownClient(baseURL: server.url)
        #expect(try await client.users().map(\.nickname) == ["before", "after"])
    }

    /// PostgreSQL's disk really full: the database's tablespace on a file system of 1 MiB of the server's own, half
    /// of it a spare file, all but 96 KiB of the rest another file. Posts fill it: the one that does not fit gets 503 storage_unavailable and is not stored,
    /// `/healthz` says not ready, reads answer; once the spare file is gone `/healthz` says ready and posts are
    /// stored again; the table holds exactly the acknowledged posts. On a cluster of its own.
    @Test func aFullTablespaceGives503AndNotReadyThenPostsWorkOnceSpaceIsFreed() async throws {
        let pg = try await PostgresServer.started(smallDisk: 1 << 20, spare: 1 << 19)
        defer { pg.stop() }
        let db = try await pg.createDatabase()
        try await pg.psql("postgres", "CREATE TABLESPACE small LOCATION '\(pg.smallDiskFolder)/space'")
        try await pg.psql("postgres", "ALTER DATABASE \(db) SET default_tablespace = small")
        let server = try await ServerProcess(database: pg.url(db), extra: ["--health-timeout", "5"])
        defer { server.stop() }
        let placed = try await pg.psql(
            db, "SELECT count(*) FROM pg_class WHERE relname = 'users' AND reltablespace <> 0")
        #expect(placed == "1\n", "the users table is not in the small tablespace")
        #expect(try await LoopbackHTTP.get(server.url + "/healthz").status == 200)
        // Room for some tens of posts only, so that they fill it soon.
        try pg.fillSmallDisk(leaving: 96 << 10)

        let filled = try await LoopbackHTTP.addUsersUntilRefused(server.base, prefix: "filler", limit: 10_000)
        var stored = filled.stored
        let refused = try #require(filled.refused, "10,000 posts fitted in 96 KiB")
        #expect(stored.count >= 5, "the disk was full after \(stored.count) posts")
        #expect(refused.status == 503 && refused.retryAfter == "10", "\(refused)")
        #expect(refused.body.contains(#""code":"storage_unavailable""#), "\(refused.body)")
        let health = try await LoopbackHTTP.get(server.url + "/healthz")
        #expect(health.status == 503 && health.body.contains("cannot take writes"), "\(health)")
        #expect(health.body.contains("No space left on device") && health.body.contains("53100"), "\(health.body)")
        #expect(try await LoopbackHTTP.get(server.base + "/count").body == String(stored.count))

        try pg.removeSpareFile()
        let ready = try await LoopbackHTTP.getUntilOK(server.url + "/healthz", within: .seconds(10))
        #expect(ready.status == 200, "not ready after space was freed: \(ready)")
        let after = try await LoopbackHTTP.addUser(server.base, nickname: "after")
        #expect(after.status == 200, "\(after)")
        stored.append("after")
        let inTable = try await pg.psql(db, "SELECT nickname FROM users ORDER BY id")
        #expect(inTable == stored.map { $0 + "\n" }.joined())
        #expect(await server.terminate() == 0)
    }

}
