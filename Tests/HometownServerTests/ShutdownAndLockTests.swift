import Foundation
import HometownTestSupport
import SQLiteNIO
import Testing

/// `hometown serve` against clients that hold on at shutdown, and a database locked by another program.
@Suite struct ShutdownAndLockTests {
    static let post =
        #"{"nickname":"NICK","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016}"#

    static func postRequest(_ nick: String) -> String {
        let body = post.replacingOccurrences(of: "NICK", with: nick)
        return
            "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    @Test(.timeLimit(.minutes(1)))
    func sigtermWithAHalfSentBodyExitsZeroWithinTheDeadline() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            extra: ["--shutdown-timeout", "2", "--idle-timeout", "60", "--read-timeout", "60"])
        // A post whose body stops half-way, an idle keep-alive connection, and one that answered and stays open.
        let half = try RawConnection(port: server.port)
        half.send("POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Length: 500\r\n\r\n{\"nickname\":")
        let idle = try RawConnection(port: server.port)
        let used = try RawConnection(port: server.port)
        used.send("GET /hometown/count HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(used.readUntil("\r\n\r\n0", timeout: 5).hasPrefix("HTTP/1.1 200"))
        try await Task.sleep(for: .milliseconds(300))
        let start = Date()
        let status = await server.terminate()
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 0)
        #expect(elapsed < 2 + TestSlowdown.seconds(3), "exited \(elapsed) s after SIGTERM")
        // The idle ones closed at once; the half-sent post at the deadline.
        #expect(idle.isClosedByServer)
        #expect(used.isClosedByServer)
        #expect(half.readToEnd(timeout: 1).closed)
        #expect(elapsed >= 1.5, "the half-sent post was not given its deadline (\(elapsed) s)")
    }

    /// A port another program holds: the server says so in words and exits 1 with its database closed (it used to
    /// crash on SQLite's "not closed before deinitializing" assertion, exit 132).
    @Test(.timeLimit(.minutes(1)))
    func aPortInUseExitsOneWithTheDatabaseClosed() async throws {
        let held = try LoopbackPort.bound()
        defer { close(held.fd) }
        guard listen(held.fd, 4) == 0 else { throw POSIXError(.EIO) }
        let run = try await HometownBinary.run([
            "serve", "--port", String(held.port), "--db", Fixture.freshDatabase(), "--prepare-map-zooms", "0",
            "--scrypt-log-n", "4",
        ])
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("cannot listen: the port is in use"), "\(run.err)")
        #expect(run.err.contains("database closed") && !run.err.contains("Assertion failed"), "\(run.err)")
    }

    @Test(.timeLimit(.minutes(1)))
    func sigtermWithNothingInFlightExitsAtOnce() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: ["--shutdown-timeout", "10"])
        let idle = try RawConnection(port: server.port)
        idle.send("GET /hometown/count HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(idle.readUntil("\r\n\r\n0", timeout: 5).hasPrefix("HTTP/1.1 200"))
        let start = Date()
        #expect(await server.terminate() == 0)
        #expect(Date().timeIntervalSince(start) < TestSlowdown.seconds(3))
    }

    /// SIGTERM right after the server listens, while it prepares the web map's boundaries in the background (about
    /// a second of CPU in a release build, several in a debug one): the preparation stops at its next step, and
    /// the server exits 0 at once with its database closed, instead of finishing the preparation first.
    @Test(.timeLimit(.minutes(1)))
    func sigtermWhileTheMapIsPreparedExitsAtOnce() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            extra: ["--prepare-map-zooms", "3", "--shutdown-timeout", "10", "--log-level", "info"])
        let start = Date()
        #expect(await server.terminate() == 0)
        #expect(Date().timeIntervalSince(start) < TestSlowdown.seconds(1.5), "\(server.errorOutput)")
        #expect(server.errorOutput.contains("database closed"))
        #expect(!server.errorOutput.contains("map prepared for zooms"), "the preparation ran to its end")
    }

    /// SIGTERM while the server is still starting (its data loaded, not yet listening): remembered and carried
    /// out as the usual graceful shutdown once it runs (exit 0, database closed), not the signal's default action.
    @Test(.timeLimit(.minutes(1)))
    func sigtermWhileStartingExitsZero() async throws {
        let pipe = Pipe()
        let process = try Spawned(
            try HometownBinary.path(),
            [
                "serve", "--port", "0", "--db", Fixture.freshDatabase(), "--scrypt-log-n", "4", "--log-level", "info",
                "--prepare-map-zooms", "0",
            ],
            stderr: pipe.fileHandleForWriting.fileDescriptor)
        try? pipe.fileHandleForWriting.close()
        // The prepared tiles are read while the server starts, before it listens: stop it then.
        let output = await offThePool { () -> String in
            var seen = Data()
            let handle = pipe.fileHandleForReading
            var signalled = false
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
                if !signalled, String(decoding: seen, as: UTF8.self).contains("map tiles drawn ahead") {
                    process.signal(SIGTERM)
                    signalled = true
                }
            }
            return String(decoding: seen, as: UTF8.self)
        }
        let end = await offThePool { process.wait() }
        #expect(end == .success, "\(output)")
        #expect(output.contains("database closed"), "\(output)")
    }

    /// Holds SQLite's write lock on `path` from this process (another program, to the server) until released.
    final class OutsideLock: Sendable {
        let connection: SQLiteConnection
        init(path: String) async throws {
            connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("BEGIN IMMEDIATE")
        }
        /// Rolls back and closes the connection (closed even when the rollback fails).
        func release() async throws {
            do {
                _ = try await connection.query("ROLLBACK")
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anOutsideWriteLockGives503WithRetryAfterWithinTheBusyTimeoutWithoutSpinning() async throws {
        let db = Fixture.freshDatabase()
        let server = try await ServerProcess(database: db, extra: ["--db-busy-timeout", "2"])
        defer { server.stop() }
        #expect(try ConnectionLimitTests.get(server.port, Self.postRequest("first")).hasPrefix("HTTP/1.1 200"))
        let lock = try await OutsideLock(path: db)
        // The lock is let go on every way out (a connection still open when it goes is SQLite's assertion, which
        // would end the whole test process).
        do {
            try Self.checkWhileLocked(server)
        } catch {
            try? await lock.release()
            throw error
        }
        try await lock.release()
        #expect(try ConnectionLimitTests.get(server.port, Self.postRequest("after")).hasPrefix("HTTP/1.1 200"))
        #expect(try ConnectionLimitTests.get(server.port).hasSuffix("\r\n\r\n2"))
    }

    /// A post waits out the busy timeout behind another program's write lock and is refused, without spinning;
    /// reads go on.
    static func checkWhileLocked(_ server: ServerProcess) throws {
        let cpuBefore = try #require(processCPUSeconds(server.pid))
        let start = Date()
        let answer = try ConnectionLimitTests.get(server.port, Self.postRequest("blocked"), timeout: 10)
        let elapsed = Date().timeIntervalSince(start)
        let cpu = try #require(processCPUSeconds(server.pid)) - cpuBefore
        #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
        #expect(answer.lowercased().contains("retry-after: 2"))
        #expect(answer.contains(#"{"code":"database_busy","error":"the database is locked by another program"#))
        #expect(elapsed >= 1.5 && elapsed < 2 + 2, "answered after \(elapsed) s")
        #expect(cpu < elapsed * 0.25, "the server used \(cpu) s of CPU in \(elapsed) s while waiting")
        // Reads are not blocked by the writer's lock (write-ahead log).
        #expect(try ConnectionLimitTests.get(server.port).hasSuffix("\r\n\r\n1"))
    }
}
