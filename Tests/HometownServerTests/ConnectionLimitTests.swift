import Foundation
import HometownTestSupport
import Testing

/// `hometown serve` under idle, excess and slow connections, over raw sockets on loopback (process tests).
@Suite struct ConnectionLimitTests {
    static let countRequest = "GET /hometown/count HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"

    /// A fresh request on a new connection: the whole answer (the server closes after it).
    static func get(_ port: Int, _ request: String = countRequest, timeout: Double = 5) throws -> String {
        let c = try RawConnection(port: port)
        c.send(request)
        return c.readToEnd(timeout: timeout).text
    }

    @Test(.timeLimit(.minutes(2)))
    func idleConnectionsAreClosedByTheIdleTimeoutWhileANewClientIsServed() async throws {
        #expect(OpenFiles.raise(to: 4096) >= 2200)
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            extra: ["--idle-timeout", "2", "--max-connections", "2500"])
        defer { server.stop() }
        let start = Date()
        var idle: [RawConnection] = []
        for _ in 0..<2000 { idle.append(try RawConnection(port: server.port)) }
        let opened = Date().timeIntervalSince(start)
        // Served meanwhile, on a new connection.
        let answer = try Self.get(server.port)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.hasSuffix("\r\n\r\n0"))
        // None is closed well before the timeout...
        if opened < 1 { #expect(idle.prefix(100).allSatisfy { !$0.isClosedByServer }) }
        // ...and every one is closed soon after it (2 s + margin).
        try await Task.sleep(for: .seconds(2))
        var open = idle
        let deadline = Date().addingTimeInterval(4)
        while !open.isEmpty, Date() < deadline {
            open.removeAll { $0.isClosedByServer }
            if !open.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(
            open.isEmpty,
            "\(open.count) of 2000 idle connections still open \(Date().timeIntervalSince(start)) s after they were opened"
        )
        #expect(try Self.get(server.port).hasPrefix("HTTP/1.1 200"))
    }

    @Test(.timeLimit(.minutes(TestSlowdown.factor)))
    func connectionsBeyondTheLimitAreRefusedPromptlyAndTheServerAnswersAfterThey() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            // No map preparation at start: the CPU measured below is the refusals' alone (under ThreadSanitizer the
            // preparation takes a third of a core for half a minute).
            extra: ["--max-connections", "20", "--idle-timeout", "60", "--prepare-map-zooms", "0"])
        defer { server.stop() }
        var held: [RawConnection] = []
        for _ in 0..<20 { held.append(try RawConnection(port: server.port)) }
        // Held connections are served (the limit counts them, it does not stop them); once each has been answered,
        // each is surely counted (connections are set up on two event loops, so not quite in the order they came).
        for c in held {
            c.send("GET /hometown/count HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(c.readUntil("\r\n\r\n0", timeout: TestSlowdown.seconds(5)).hasPrefix("HTTP/1.1 200"))
        }
        let cpuBefore = processCPUSeconds(server.pid)
        let wallStart = Date()
        for _ in 0..<200 {
            let refused = try RawConnection(port: server.port)
            let t0 = Date()
            let (text, closed) = refused.readToEnd(timeout: TestSlowdown.seconds(3))
            #expect(closed && Date().timeIntervalSince(t0) < TestSlowdown.seconds(2))
            #expect(text.hasPrefix("HTTP/1.1 503"), "\(text)")
            #expect(text.contains("retry-after: 1"))
            #expect(text.contains("access-control-allow-origin: *\r\n"), "\(text)")
            #expect(
                text.contains(
                    #"{"code":"connection_limit","error":"the server has as many connections open as it takes (20)"#))
        }
        // Refusing costs little: at most 5 ms of CPU a refusal (times the sanitizer's slowdown, under which a
        // refusal takes about 8 ms here)...
        let cpuAfter = processCPUSeconds(server.pid)
        if let a = cpuBefore, let b = cpuAfter {
            let wall = Date().timeIntervalSince(wallStart)
            #expect(b - a < TestSlowdown.seconds(200 * 0.005), "server CPU \(b - a) s for 200 refusals in \(wall) s")
        }
        // ...and leaves nothing running: a spin on a refused or closing socket would keep a core busy afterwards.
        try await Task.sleep(for: .milliseconds(300))
        let quietStart = (processCPUSeconds(server.pid), Date())
        try await Task.sleep(for: .seconds(1))
        if let a = quietStart.0, let b = processCPUSeconds(server.pid) {
            let wall = Date().timeIntervalSince(quietStart.1)
            #expect(b - a < wall * 0.3, "server CPU \(b - a) s in the \(wall) s after the refusals")
        }
        for c in held { c.close() }
        try await Task.sleep(for: .milliseconds(300))
        let answer = try Self.get(server.port)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        // The limit is whole again: 19 at once are served, not refused (one left for a connection still closing).
        var again: [RawConnection] = []
        for _ in 0..<18 { again.append(try RawConnection(port: server.port)) }
        #expect(try Self.get(server.port).hasPrefix("HTTP/1.1 200"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowlorisHeadIsCutOffAfterTheReadTimeout() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(), extra: ["--read-timeout", "2", "--idle-timeout", "30"])
        defer { server.stop() }
        let c = try RawConnection(port: server.port)
        let start = Date()
        c.send("GET /hometown/count HTTP/1.1\r\n")
        var answer = ""
        var closedAt: Double?
        // One header byte every 300 ms, never finishing the head.
        for byte in String(repeating: "X-Slow: aaaaaaaaaaaaaaaa\r\n", count: 10).utf8 {
            _ = c.send([byte])
            if case .bytes(let b) = c.read(timeout: 0.3) { answer += String(decoding: b, as: UTF8.self) }
            if answer.contains("\r\n\r\n{") || Date().timeIntervalSince(start) > 8 { break }
        }
        let (rest, closed) = c.readToEnd(timeout: 3)
        answer += rest
        if closed { closedAt = Date().timeIntervalSince(start) }
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(answer.contains(#"{"code":"request_timeout","error":"the request head did not arrive within 2 s"}"#))
        #expect(closedAt.map { $0 >= 1.8 && $0 < 5 } == true, "closed after \(closedAt ?? -1) s")
    }

    /// An adduser body of about `size` bytes (JSON padded with spaces).
    static func paddedPost(_ nick: String, size: Int) -> String {
        let json =
            #"{"nickname":"\#(nick)","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016}"#
        return json + String(repeating: " ", count: max(0, size - json.utf8.count))
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowButSteadyBodySucceedsAndATrickleIsCutOff() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            extra: ["--read-timeout", "1", "--min-body-rate", "100"])
        defer { server.stop() }
        // 1,500 bytes at about 300 bytes/s (50 bytes every 1/6 s): 5 s, three times the minimum rate.
        let body = Array(Self.paddedPost("phone", size: 1500).utf8)
        let c = try RawConnection(port: server.port)
        c.send(
            "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        )
        // On a thread of its own: neither a busy task pool may make this client pause nor its pauses hold the pool.
        let allSent = await offThePool {
            var sent = true
            var offset = 0
            while offset < body.count {
                let end = min(offset + 50, body.count)
                sent = c.send(Array(body[offset..<end])) && sent
                offset = end
                usleep(166_000)
            }
            return sent
        }
        #expect(allSent)
        let answer = c.readUntil("\r\n\r\nok", timeout: 5)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.hasSuffix("\r\n\r\nok"))

        // The same body at 30 bytes/s: after the first second it must have averaged 100 bytes/s; cut off.
        let slow = try RawConnection(port: server.port)
        let trickle = Array(Self.paddedPost("trickle", size: 1500).utf8)
        slow.send("POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Length: \(trickle.count)\r\n\r\n")
        let (got, elapsed) = await offThePool {
            let start = Date()
            var got = ""
            for i in 0..<trickle.count / 3 {
                if !slow.send(Array(trickle[(i * 3)..<(i * 3 + 3)])) { break }
                if case .bytes(let b) = slow.read(timeout: 0.1) { got += String(decoding: b, as: UTF8.self) }
                if got.contains("}") || Date().timeIntervalSince(start) > 8 { break }
            }
            got += slow.readToEnd(timeout: 3).text
            return (got, Date().timeIntervalSince(start))
        }
        #expect(got.hasPrefix("HTTP/1.1 408"), "\(got)")
        #expect(got.contains("the request body arrived too slowly"))
        #expect(elapsed < 5, "cut off after \(elapsed) s")
        // Not stored.
        #expect(try Self.get(server.port).hasSuffix("\r\n\r\n1"))
    }
}
