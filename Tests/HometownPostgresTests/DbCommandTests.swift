import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import HometownTestSupport
import Testing

/// `hometown db copy` and `hometown db backup`, run as the real binary.
@Suite struct DbCommandTests {
    /// A source with users of every shape: with and without a point, a burned id (a failed insert on
    /// PostgreSQL), hostile strings, time-stamps from a batch.
    static func fill(_ store: any CopyableUserStore) async throws {
        _ = try await store.insert(
            Users.user("ann", at: .init(uncheckedLatitude: 44.97, longitude: -93.26)), passwordHash: "$s$1", now: 1000)
        _ = try? await store.insert(Users.user("ANN"), passwordHash: "$s$x", now: 1001)
        _ = try await store.insert(
            Users.user("Bob'); DROP TABLE users;--", city: "Ünïcødé"), passwordHash: "$s$2", now: 900)
        let batch = (0..<2500).map { i in
            (
                user: Users.user(
                    "b\(i)", state: ["Texas", "Ohio"][i % 2], year: 1980 + i % 40,
                    at: i % 3 == 0 ? nil : .init(uncheckedLatitude: Double(i % 80), longitude: Double(i % 170) - 85)),
                passwordHash: "$scrypt$\(i)", createdMilliseconds: Int64(2000 + i)
            )
        }
        try await Users.insertBatch(store, batch)
    }

    static func rows(_ store: any CopyableUserStore) async throws -> [StoredUserRow] {
        try await store.storedRows(afterID: 0, limit: 100_000)
    }

    @Test(arguments: [
        (Backend.sqlite, Backend.postgres), (.postgres, .sqlite), (.sqlite, .sqlite), (.postgres, .postgres),
    ])
    func copyKeepsEveryRowAndMovesTheCounter(_ from: Backend, _ to: Backend) async throws {
        let source = try await from.freshLocation()
        let target = try await to.freshLocation()
        let s = try await Backend.open(source)
        try await Self.fill(s)
        let sourceRows = try await Self.rows(s)
        let sourceNext = try await s.nextID()
        try await s.close()

        let r = try await HometownBinary.run(
            ["db", "copy", "--from", source.description, "--to", target.description, "--batch-size", "1000"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("copied 2502 of 2502 users (100 %)"))
        #expect(r.err.contains("copied 2502 users from"))
        print("db copy \(from) -> \(to): \(r.err.split(separator: "\n").last ?? "")")

        let t = try await Backend.open(target)
        let targetRows = try await Self.rows(t)
        #expect(targetRows.count == sourceRows.count)
        for (a, b) in zip(sourceRows, targetRows) where a != b { Issue.record("row differs: \(a) vs \(b)") }
        #expect(try await t.nextID() == sourceNext)
        let next = try await t.insert(Users.user("new"), passwordHash: "h", now: 1)
        #expect(next.id == sourceNext && next.timestampMilliseconds == sourceRows.last!.createdMilliseconds)
        await #expect(throws: StoreError.nicknameTaken("Ann")) {
            try await t.insert(Users.user("Ann"), passwordHash: "h", now: 1)
        }
        try await t.close()

        // Once it holds users, the target is refused (exit 2), and left as it was.
        let again = try await HometownBinary.run([
            "db", "copy", "--from", source.description, "--to", target.description,
        ])
        #expect(again.status == 2)
        #expect(again.err.contains("already holds 2503 users"), "\(again.err)")
        let t2 = try await Backend.open(target)
        #expect(try await t2.count() == 2503)
        try await t2.close()
    }

    /// An empty source gives an empty target whose first id is still 1.
    @Test(arguments: [(Backend.sqlite, Backend.postgres), (.postgres, .sqlite)])
    func anEmptySourceGivesAFreshTarget(_ from: Backend, _ to: Backend) async throws {
        let source = try await from.freshLocation()
        let target = try await to.freshLocation()
        try await Backend.open(source).close()
        let r = try await HometownBinary.run(["db", "copy", "--from", source.description, "--to", target.description])
        #expect(r.status == 0 && r.err.contains("copied 0 users"), "\(r.err)")
        let t = try await Backend.open(target)
        #expect(try await t.nextID() == 1)
        #expect(try await t.insert(Users.user("first"), passwordHash: "h", now: 1).id == 1)
        try await t.close()
    }

    @Test func badLocationsAreRefusedWithTheirReason() async throws {
        let pw = try await HometownBinary.run([
            "db", "copy", "--from", "a.sqlite", "--to", "postgres://u:pw@127.0.0.1/x",
        ])
        #expect(pw.status == 2 && pw.err.contains("PGPASSWORD"), "\(pw.err)")
        let missing = try await HometownBinary.run(
            ["db", "copy", "--from", "/nonexistent/none.sqlite", "--to", Backend.freshSQLitePath()])
        #expect(missing.status == 2 && missing.err.contains("no such file"), "\(missing.err)")
        // An empty file, or one that is no database, is refused as it is: never made a database.
        for (bytes, said) in [("", "an empty file"), ("id,lat,lon\n1,2,3\n", "not a SQLite database")] {
            let path = Backend.freshSQLitePath()
            try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
            let r = try await HometownBinary.run(["db", "copy", "--from", path, "--to", Backend.freshSQLitePath()])
            #expect(r.status == 2 && r.err.contains(said), "\(r.err)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes.utf8), "the source is untouched")
        }
        // The same for a backup, and a folder for either: invalid input (2), named for what it is.
        let folder = TestScratch.newFolder("db-source").path
        let csv = Backend.freshSQLitePath()
        try Data("id,lat,lon\n1,2,3\n".utf8).write(to: URL(fileURLWithPath: csv))
        for (command, source, said) in [
            ("backup", csv, "not a SQLite database"), ("backup", folder, "it is a folder"),
            ("copy", folder, "it is a folder"),
        ] {
            let r = try await HometownBinary.run(["db", command, "--from", source, "--to", Backend.freshSQLitePath()])
            #expect(r.status == 2 && r.err.contains(said), "\(command) \(source): \(r.err)")
        }
        // A backup never takes a name already taken, even by a link to nothing.
        let database = Backend.freshSQLitePath()
        try await Backend.open(.sqlite(path: database)).close()
        let link = Backend.freshSQLitePath()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere.sqlite")
        let taken = try await HometownBinary.run(["db", "backup", "--from", database, "--to", link])
        #expect(taken.status == 2 && taken.err.contains("the name exists"), "\(taken.err)")
        let same = try await HometownBinary.run(["db", "copy", "--from", "a.sqlite", "--to", "a.sqlite"])
        #expect(same.status == 2 && same.err.contains("same database"))
        let down = try await HometownBinary.run(
            [
                "db", "copy", "--from", "postgres://u@127.0.0.1:\(try LoopbackPort.free())/x", "--to",
                Backend.freshSQLitePath(),
            ])
        #expect(down.status == 1 && down.err.contains("--from"), "\(down.err)")
    }

    /// A source that holds no Hometown database (a new PostgreSQL database, an empty file) is refused and left
    /// as it is: the copy made its schema there and "copied 0 users", the backup "backed up" an empty file. The
    /// second try is refused too, so the first wrote nothing.
    @Test func aSourceWithoutAHometownDatabaseIsRefusedAndLeftAlone() async throws {
        let database = try await Backend.postgres.freshLocation().description
        for _ in 0..<2 {
            let r = try await HometownBinary.run(["db", "copy", "--from", database, "--to", Backend.freshSQLitePath()])
            #expect(r.status == 2 && r.err.contains("no Hometown database"), "\(r.err)")
        }
        let empty = Backend.freshSQLitePath()
        try Data().write(to: URL(fileURLWithPath: empty))
        let target = Backend.freshSQLitePath()
        let r = try await HometownBinary.run(["db", "backup", "--from", empty, "--to", target])
        #expect(r.status == 2 && r.err.contains("no Hometown database"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    }

    @Test func thePasswordComesFromAFileOrTheEnvironment() async throws {
        let server = try await PostgresServer.shared()
        let url = "postgres://\(server.passwordRole)@127.0.0.1:\(server.port)/\(try await server.createDatabase())"
        let source = Backend.freshSQLitePath()
        let s = try await Backend.open(.sqlite(path: source))
        _ = try await s.insert(Users.user("one"), passwordHash: "h", now: 1)
        try await s.close()
        let none = try await HometownBinary.run(["db", "copy", "--from", source, "--to", url])
        #expect(none.status == 1 && none.err.contains("PGPASSWORD"), "\(none.err)")
        let file = Backend.freshSQLitePath() + ".pw"
        try (server.password + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let viaFile = try await HometownBinary.run([
            "db", "copy", "--from", source, "--to", url, "--db-password-file", file,
        ])
        #expect(viaFile.status == 0, "\(viaFile.err)")
        let back = Backend.freshSQLitePath()
        let viaEnv = try await HometownBinary.run(
            ["db", "copy", "--from", url, "--to", back], environment: ["PGPASSWORD": server.password])
        #expect(viaEnv.status == 0, "\(viaEnv.err)")
        let b = try await Backend.open(.sqlite(path: back))
        #expect(try await b.users(UsersQuery()).map(\.nickname) == ["one"])
        try await b.close()
    }

    /// A backup taken while posts keep arriving is a consistent database holding a prefix of them.
    @Test func anOnlineBackupIsAConsistentPrefix() async throws {
        let path = Backend.freshSQLitePath()
        let store = try await Backend.open(.sqlite(path: path))
        try await DbCommandTests.fill(store)
        // Told to stop by a flag, not by cancelling it: a cancelled task's insert may be refused half-way.
        let stop = Locked(false)
        let writer = Task {
            var n = 0
            while !stop.withLock({ $0 }) && n < 2000 {
                _ = try await store.insert(Users.user("live\(n)"), passwordHash: "h\(n)", now: Int64(10_000 + n))
                n += 1
            }
            return n
        }
        try await Task.sleep(for: .milliseconds(100))
        let target = Backend.freshSQLitePath()
        let r = try await HometownBinary.run(["db", "backup", "--from", path, "--to", target])
        stop.withLock { $0 = true }
        let written: Int
        do {
            written = try await writer.value
        } catch {
            try await store.close()  // (an open store left to deinit stops the test process)
            throw error
        }
        #expect(r.status == 0, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
        let all = try await Self.rows(store)
        try await store.close()
        let copy = try await Backend.open(.sqlite(path: target))
        let copied = try await Self.rows(copy)
        try await copy.close()
        #expect(copied.count >= 2502 && copied.count <= all.count)
        #expect(copied == Array(all.prefix(copied.count)))
        print("db backup: \(copied.count - 2502) of \(written) live posts were in the snapshot")
        // An existing target is never overwritten.
        let again = try await HometownBinary.run(["db", "backup", "--from", path, "--to", target])
        #expect(again.status == 2 && again.err.contains("exists"))
    }
}
