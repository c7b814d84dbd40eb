import Foundation
import HometownTestSupport
import Testing

/// The web map is prepared in the background once the server listens (`--prepare-map-zooms`): the server answers
/// at once meanwhile, and once it is done the first tiles of the world view come from memory, though no tile was
/// asked for before. A real process on loopback.
@Suite struct MapPreparationTests {
    /// How long one GET of `path` on 127.0.0.1:`port` takes (a fresh connection, read to its end; off the task
    /// pool), in seconds, with the status and the bytes of the answer.
    static func timedGet(_ path: String, port: Int) async throws -> (seconds: Double, status: Int, bytes: Int) {
        try await offThePool {
            let started = ContinuousClock.now
            let connection = try RawConnection(port: port, timeout: 60)
            defer { connection.close() }
            _ = connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let text = connection.readToEnd(timeout: 60).text
            let d = ContinuousClock.now - started
            let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            let status = Int(text.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
            return (seconds, status, text.utf8.count)
        }
    }

    @Test func theFirstTilesAreReadyAfterStart() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-prep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let launched = ContinuousClock.now
        let server = try await ServerProcess(
            database: dir.appendingPathComponent("users.sqlite").path,
            extra: ["--prepare-map-zooms", "3", "--log-level", "info"])
        defer { server.stop() }
        let listening = ContinuousClock.now - launched
        // The server answers while the map is being prepared.
        let count = try await Self.timedGet("/hometown/count", port: server.port)
        #expect(count.status == 200 && count.seconds < 5, "count took \(count.seconds) s")
        // Wait (bounded) for the preparation's log line.
        var waited = 0
        while !server.errorOutput.contains("map prepared for zooms 0-2"), waited < 1200 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        let line = server.errorOutput.split(separator: "\n").first { $0.contains("map prepared") }
        #expect(line != nil, "no preparation logged: \(server.errorOutput.suffix(2000))")
        print("listening after \(listening); \(line ?? "")")
        // The web app's first view: zoom 2, its boundary tiles and names, each answered from memory.
        var slowest = 0.0
        for (x, y) in [(1, 1), (2, 1), (0, 1), (3, 1), (1, 2), (2, 2)] {
            let b = try await Self.timedGet("/hometown/boundaries?z=2&x=\(x)&y=\(y)", port: server.port)
            let l = try await Self.timedGet("/hometown/labels?z=2&x=\(x)&y=\(y)", port: server.port)
            #expect(b.status == 200 && l.status == 200 && b.bytes > 100)
            slowest = max(slowest, b.seconds, l.seconds)
        }
        print("slowest first tile of zoom 2 after preparation: \(Int(slowest * 1000)) ms")
        #expect(slowest < 0.5)
    }

    /// With the bundled tiles drawn ahead (data/tiles.bin), the world view's tiles are answered the moment the
    /// server listens, before its own preparation could have drawn them (it takes seconds in a debug build).
    @Test func theWorldViewIsServedTheMomentTheServerListens() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-prep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try await ServerProcess(
            database: dir.appendingPathComponent("users.sqlite").path, extra: ["--log-level", "info"])
        defer { server.stop() }
        var slowest = 0.0
        for x in 0..<4 {
            for y in 0..<4 {
                let b = try await Self.timedGet("/hometown/boundaries?z=2&x=\(x)&y=\(y)", port: server.port)
                let l = try await Self.timedGet("/hometown/labels?z=2&x=\(x)&y=\(y)", port: server.port)
                #expect(b.status == 200 && l.status == 200 && b.bytes > 100)
                slowest = max(slowest, b.seconds, l.seconds)
            }
        }
        let preparedMeanwhile = server.errorOutput.contains("map prepared")
        print(
            "zoom 2 right after start: slowest of 32 tiles \(Int(slowest * 1000)) ms; preparation done: \(preparedMeanwhile)"
        )
        #expect(await server.waitForOutput("map tiles drawn ahead: 42 from"), "\(server.errorOutput.suffix(2000))")
        // Drawing one tile first needs the boundaries built (seconds in a debug build): none of these waited for it.
        #expect(slowest < 1.0, "slowest tile \(slowest) s")
    }

    @Test func nothingIsPreparedWithZero() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-prep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try await ServerProcess(
            database: dir.appendingPathComponent("users.sqlite").path,
            extra: ["--prepare-map-zooms", "0", "--log-level", "info"])
        defer { server.stop() }
        try await Task.sleep(for: .seconds(1))
        #expect(!server.errorOutput.contains("map prepared"))
        let bad = try await HometownBinary.run(["serve", "--prepare-map-zooms", "7", "--port", "0"])
        #expect(bad.status != 0 && bad.err.contains("--prepare-map-zooms"), "\(bad.err)")
    }
}
