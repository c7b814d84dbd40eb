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

    /// Holds SQLite's write lock on `path` from this process (another program, to the server) until released.
    final class OutsideLock: Sendable {
        let connection: SQLiteConnection
        init(path: String) async throws {
            connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("BEGIN IMMEDIATE")
        }
        func release() async throws {
            _ = try await connection.query("ROLLBACK")
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
        try await lock.release()
        #expect(try ConnectionLimitTests.get(server.port, Self.postRequest("after")).hasPrefix("HTTP/1.1 200"))
        #expect(try ConnectionLimitTests.get(server.port).hasSuffix("\r\n\r\n2"))
    }
}
