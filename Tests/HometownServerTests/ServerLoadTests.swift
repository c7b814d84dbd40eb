import AsyncHTTPClient
import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import HometownTestSupport
import NIOCore
import NIOPosix
import Testing

/// The server under load on a 100,000-user database, as a real process on loopback: memory stays bounded however
/// many distinct heavy queries come, and cheap answers do not wait behind heavy ones.
@Suite(.serialized) struct ServerLoadTests {
    static let userCount = 100_000

    /// A database of 100,000 users in the default vocabulary (made once per test run, in one transaction).
    static func database() async throws -> String {
        let path = Fixture.freshDatabase()
        let store = try await SQLiteUserStore.open(path: path)
        var rng = SeededRandom(seed: 2026)
        let places = [
            ("USA", "Minnesota"), ("USA", "Texas"), ("USA", "California"), ("USA", "Ohio"), ("India", "Kerala"),
            ("India", "Goa"), ("Mexico", "Jalisco"),
        ]
        var batch: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)] = []
        batch.reserveCapacity(userCount)
        for i in 0..<userCount {
            let (country, state) = places[Int(rng.next() % UInt64(places.count))]
            let point =
                i % 25 == 0
                ? nil : Coordinate(uncheckedLatitude: rng.unit() * 120 - 60, longitude: rng.unit() * 360 - 180)
            batch.append(
                (
                    NewUser(
                        nickname: "student\(i)", password: "x", country: country, state: state,
                        city: "Town \(rng.next() % 500)", year: 1970 + Int(rng.next() % 56), coordinate: point),
                    "$scrypt$ln=17,r=8,p=1$c2FsdA$aGFzaA", 1_600_000_000_000 + Int64(i) * 1000
                ))
        }
        try await store.insertBatch(batch)
        try await store.close()
        return path
    }

    /// The server's open connections, the one asking included (`hometown_open_connections` of /metrics).
    static func openConnections(_ server: ServerProcess) async throws -> Int {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/metrics"), timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("hometown_open_connections ") })
        let value = try #require(line.split(separator: " ").last.flatMap { Double($0) }, "\(line)")
        return Int(value)
    }

    /// GETs `url` and reads the whole body, counting bytes without keeping them.
    static func drain(_ client: HTTPClient, _ url: String) async throws -> (status: Int, bytes: Int) {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(120))
        var n = 0
        for try await part in response.body { n += part.readableBytes }
        return (Int(response.status.code), n)
    }

    @Test func distinctHeavyQueriesLeaveMemoryBounded() async throws {
        // A cluster cache of 64 MiB and one build at a time: what the memory bound below is stated for.
        let server = try await ServerProcess(
            database: try await Self.database(), extra: ["--cluster-cache-mb", "64", "--max-expensive-work", "1"])
        defer { server.stop() }
        let client = HTTPClient.shared
        let start = try #require(server.statusKilobytes("VmRSS"))
        // 80 whole lists, each a new query (20 MB of JSON each).
        var sizes = Set<Int>()
        for i in 1...80 {
            let (status, bytes) = try await Self.drain(client, server.base + "/users?afterid=-\(i)")
            #expect(status == 200)
            sizes.insert(bytes)
        }
        #expect(sizes.count == 1 && sizes.first! > 15_000_000)
        let afterLists = try #require(server.statusKilobytes("VmHWM"))
        // Distinct cluster indexes of about 55,000 users each (about 45 MiB each): six, four times what the cache
        // holds, so that a cache that kept them all would pass the bound below by far.
        for i in 1...6 {
            let (status, _) = try await Self.drain(client, server.base + "/clusters?zoom=2&country=USA&afterid=-\(i)")
            #expect(status == 200)
        }
        let peak = try #require(server.statusKilobytes("VmHWM"))
        print(
            "memory: resident \(start / 1024) MB after start, peak \(afterLists / 1024) MB after 80 whole lists, \(peak / 1024) MB after 6 cluster indexes"
        )
        // Bounds on what the queries add to the resident size at start (which holds the mapped data files and the
        // users, and grows with them): the lists are streamed, so they add little; the indexes add at most the
        // cache's 64 MiB, one index in the making (about 45 MiB) and the allocator's slack, never all six
        // (about 270 MiB).
        #expect(afterLists - start < 60 * 1024, "the lists added \((afterLists - start) / 1024) MB")
        #expect(peak - start < 180 * 1024, "the cluster indexes took the resident size \((peak - start) / 1024) MB up")
    }

    /// 600 clients ask for the whole list (about 20 MB each; half of them gzip) and read none of it: the server's
    /// resident size grows by less than 220 MB while they stall (each answer is streamed a step of 128 KiB at a time,
    /// so a stalled one holds the step the connection is sending and the one waiting behind it, about 150 MB in
    /// all, not the list; holding the first step or a second copy of each as well came to 280-310 MB), the write
    /// timeout cuts them off, and once they have closed the freed memory goes back to the system: the resident size
    /// returns within 50 MB of where it was before them.
    @Test func stalledWholeListReadersAreBoundedAndTheirMemoryComesBack() async throws {
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        if files.rlim_cur < 2048 {
            files.rlim_cur = min(files.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }
        let server = try await ServerProcess(
            database: try await Self.database(), extra: ["--read-timeout", "3", "--memory-trim-interval", "1"])
        defer { server.stop() }
        // One whole list first, so that what any answer needs once is in the starting size.
        #expect(try await Self.drain(HTTPClient.shared, server.base + "/users").status == 200)
        try await Task.sleep(for: .seconds(2))
        let start = try #require(server.statusKilobytes("VmRSS"))
        // The peak from here on only (Linux: 5 in clear_refs resets VmHWM to the resident size now).
        try? "5".write(toFile: "/proc/\(server.pid)/clear_refs", atomically: false, encoding: .ascii)
        var stalled: [RawConnection] = []
        for i in 0..<600 {
            let c = try RawConnection(port: server.port)
            let gzip = i % 2 == 0 ? "Accept-Encoding: gzip\r\n" : ""
            #expect(c.send("GET /hometown/users HTTP/1.1\r\nHost: 127.0.0.1\r\n\(gzip)\r\n"))
            stalled.append(c)
        }
        // The server sends until the sockets' buffers are full, then cuts each off 3 s after it stopped draining
        // (its own count of open connections, from /metrics, falls back to the one asking).
        var open = stalled.count
        let until = ContinuousClock.now + .seconds(TestSlowdown.seconds(60))
        while open > 1, ContinuousClock.now < until {
            try await Task.sleep(for: .milliseconds(500))
            open = try await Self.openConnections(server)
        }
        let peak = try #require(server.statusKilobytes("VmHWM"))
        for c in stalled { c.close() }
        var now = try #require(server.statusKilobytes("VmRSS"))
        let settled = ContinuousClock.now + .seconds(TestSlowdown.seconds(20))
        while now - start >= 50 * 1024, ContinuousClock.now < settled {
            try await Task.sleep(for: .milliseconds(500))
            now = try #require(server.statusKilobytes("VmRSS"))
        }
        print(
            "memory: resident \(start / 1024) MB before 600 stalled readers, peak \(peak / 1024) MB, \(now / 1024) MB after they closed"
        )
        #expect(open <= 1, "\(open) connections still open: stalled readers were not cut off")
        #expect(peak - start < 220 * 1024, "600 stalled readers added \((peak - start) / 1024) MB")
        #expect(now - start < 50 * 1024, "resident \((now - start) / 1024) MB above the start after they closed")
        #expect(try await Self.drain(HTTPClient.shared, server.base + "/users?page=0&pagesize=10").status == 200)
    }

    @Test func cheapAnswersDoNotWaitBehindWholeLists() async throws {
        let server = try await ServerProcess(database: try await Self.database())
        defer { server.stop() }
        // 20 whole lists at once, each read by its own curl process (as separate clients would).
        let curlArguments = (0..<20).map { i in ["-s", "-o", "/dev/null", server.base + "/users?afterid=-\(100 + i)"] }
        // The probe has an event loop of its own, apart from anything else in this test process.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = HTTPClient(eventLoopGroupProvider: .shared(group))
        _ = try await Self.drain(client, server.base + "/countries")
        let curls = try curlArguments.map { try Spawned("/usr/bin/curl", $0) }
        var times: [Double] = []
        let clock = ContinuousClock()
        while curls.contains(where: { $0.isRunning }) || times.count < 50 {
            let t = try await clock.measure {
                let (status, _) = try await Self.drain(client, server.base + "/countries")
                #expect(status == 200)
            }
            times.append(Double(t.components.attoseconds) / 1e15 + Double(t.components.seconds) * 1000)
            if times.count > 2000 { break }
        }
        for p in curls { #expect(p.wait() == Spawned.End.success) }
        try await client.shutdown()
        try await group.shutdownGracefully()
        times.sort()
        let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))]
        print(
            "countries during 20 whole lists: \(times.count) requests, median \(times[times.count / 2]) ms, p99 \(p99) ms, slowest \(times.suffix(5))"
        )
        #expect(p99 < 50, "countries p99 \(p99) ms while 20 whole lists ran")
    }

    @Test func aClientThatStopsReadingIsCutOffAndGzipSlotsComeBack() async throws {
        let server = try await ServerProcess(
            database: try await Self.database(), extra: ["--read-timeout", "2", "--max-compressing", "1"])
        defer { server.stop() }
        // Asks for the 20 MB list and reads none of it: once the buffers are full, the read timeout cuts it off.
        let stalled = try RawConnection(port: server.port)
        #expect(stalled.send("GET /hometown/users HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        try await Task.sleep(for: .seconds(6))
        let (text, closed) = stalled.readToEnd(timeout: 20)
        #expect(closed, "the connection of a client that reads nothing is closed")
        #expect(text.utf8.count < 15_000_000, "\(text.utf8.count) bytes were sent to a client that read nothing")
        // Clients that ask for gzip and leave before their answer is written never keep the one compression slot.
        for _ in 0..<4 {
            let gone = try RawConnection(port: server.port)
            #expect(
                gone.send(
                    "GET /hometown/users?country=USA HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n"))
            gone.close()
        }
        try await Task.sleep(for: .seconds(3))
        var request = HTTPClientRequest(url: server.base + "/users?page=0&pagesize=100")
        request.headers.add(name: "Accept-Encoding", value: "gzip")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        #expect(response.status == .ok && response.headers.first(name: "Content-Encoding") == "gzip")
    }

    /// SIGTERM while cluster indexes of 96,000 users are built and their answers (every user a feature of its own,
    /// about 15 MB each) written for clients that read nothing: the server exits 0 within its shutdown deadline,
    /// the database closed, and no fatal error (the work stops once the connections close at the deadline).
    @Test func sigtermWithHeavyWorkInFlightExitsZeroAndClosesTheDatabase() async throws {
        let server = try await ServerProcess(
            database: try await Self.database(),
            extra: ["--shutdown-timeout", "1", "--log-level", "info", "--max-expensive-work", "2"])
        var connections: [RawConnection] = []
        for i in 0..<6 {
            // A filter of its own each (afterid), so that each builds its own index.
            let c = try RawConnection(port: server.port)
            #expect(c.send("GET /hometown/clusters?zoom=20&afterid=-\(i) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
            connections.append(c)
        }
        // The work is under way once the server has spent 0.2 s of CPU on it (polled, so that a loaded machine
        // that gives the server less than a core only makes the wait longer).
        let cpuBefore = try #require(processCPUSeconds(server.pid))
        var cpu = 0.0
        let busyBy = Date().addingTimeInterval(TestSlowdown.seconds(10))
        while cpu <= 0.2, Date() < busyBy {
            try await Task.sleep(for: .milliseconds(50))
            cpu = try #require(processCPUSeconds(server.pid)) - cpuBefore
        }
        #expect(cpu > 0.2, "the server was not busy with the requests (\(cpu) s of CPU)")
        let start = Date()
        let status = await server.terminate()
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 0, "\(server.errorOutput.suffix(2000))")
        #expect(elapsed < 1 + TestSlowdown.seconds(4), "exited \(elapsed) s after SIGTERM")
        #expect(server.errorOutput.contains("database closed"), "\(server.errorOutput.suffix(2000))")
        #expect(!server.errorOutput.contains("Fatal error"))
        for c in connections { #expect(c.readToEnd(timeout: 5).closed) }
    }
}
