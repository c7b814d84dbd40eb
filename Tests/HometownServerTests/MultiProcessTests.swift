import AsyncHTTPClient
import Foundation
import HometownCore
import HometownTestSupport
import NIOCore
import Testing

/// Several `hometown serve` processes on one database: every process answers with the posts of all of
/// them within `--db-sync-interval`, the database alone decides a nickname race, and a process killed mid-stream
/// loses no acknowledged post while the other keeps answering.
@Suite struct MultiProcessTests {
    /// The sync interval the tests run with, and the bound they check: a post acknowledged by one process is in the
    /// other's answers within the interval plus `slack` (one catch-up query, and a loaded test machine).
    static let interval = 0.2
    static let slack = 3.0

    /// Two servers on the database at `location`, syncing every `interval` (a failed second start stops the first).
    static func pair(on location: String, extra: [String] = []) async throws -> (ServerProcess, ServerProcess) {
        let options = ["--db-sync-interval", "\(interval)"] + extra
        let a = try await ServerProcess(database: location, extra: options)
        do {
            return (a, try await ServerProcess(database: location, extra: options))
        } catch {
            _ = await a.terminate()
            throw error
        }
    }

    static func get(_ client: HTTPClient, _ url: String) async throws -> String {
        let (status, text) = try await ServerProcessTests.request(client, url)
        #expect(status == 200, "\(url): \(text)")
        return text
    }

    /// Polls `url` until its answer satisfies `done` or `seconds` pass; returns the seconds it took, or nil.
    static func secondsUntil(
        _ client: HTTPClient, _ url: String, within seconds: Double, _ done: (String) -> Bool
    ) async throws -> Double? {
        let start = ContinuousClock.now
        while true {
            let waited = ContinuousClock.now - start
            let s = DurationUnits.seconds(waited)
            if done(try await get(client, url)) { return s }
            if s > seconds { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(arguments: TestBackend.allCases) func aPostOnOneProcessReachesTheOtherWithinTheSyncInterval(
        _ backend: TestBackend
    ) async throws {
        let (a, b) = try await Self.pair(on: backend.freshDatabase())
        defer {
            a.stop()
            b.stop()
        }
        let client = HTTPClient.shared
        var worst = 0.0
        for i in 0..<5 {
            let nick = "traveller\(i)"
            let (status, text) = try await ServerProcessTests.request(
                client, a.base + "/adduser", post: ServerProcessTests.post(nick))
            try #require(status == 200, "\(text)")
            let bound = Self.interval + Self.slack
            let seen = try await Self.secondsUntil(client, b.base + "/count", within: bound) { $0 == "\(i + 1)" }
            let waited = try #require(seen, "process B did not count post \(i + 1) within \(bound) s")
            worst = max(worst, waited)
            // Every kind of answer has it once the count does.
            #expect(try await Self.get(client, b.base + "/nicknameexists?name=\(nick)") == "true")
            #expect(try await Self.get(client, b.base + "/users?afterid=\(i)").contains(#""nickname":"\#(nick)""#))
            #expect(try await Self.get(client, b.base + "/nextid") == "\(i + 2)")
            let clusters = try await Self.get(client, b.base + "/clusters?bbox=-180,-85,180,85&zoom=0")
            #expect(clusters.contains(#""point_count":\#(i + 1)"#) || (i == 0 && clusters.contains(nick)))
        }
        print(
            "multi-process (\(backend)): a post on A was in B's count after at most \(worst) s (sync interval \(Self.interval) s)"
        )
        // And the other way round.
        #expect(
            try await ServerProcessTests.request(client, b.base + "/adduser", post: ServerProcessTests.post("back")).0
                == 200)
        let back = try await Self.secondsUntil(client, a.base + "/count", within: Self.interval + Self.slack) {
            $0 == "6"
        }
        #expect(back != nil)
    }

    @Test(arguments: TestBackend.allCases) func racingPostsOfOneNicknameOverTwoProcessesGiveExactlyOne200(
        _ backend: TestBackend
    ) async throws {
        let (a, b) = try await Self.pair(on: backend.freshDatabase())
        defer {
            a.stop()
            b.stop()
        }
        let client = HTTPClient.shared
        let casings = (0..<24).map { i in
            String("duplicate".enumerated().map { j, c in (i >> (j % 5)) & 1 == 1 ? Character(c.uppercased()) : c })
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for (i, nick) in casings.enumerated() {
                let base = i % 2 == 0 ? a.base : b.base
                group.addTask {
                    try await ServerProcessTests.request(client, base + "/adduser", post: ServerProcessTests.post(nick))
                        .0
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == 400 }.count == 23, "\(statuses)")
        // Both count the one user and, within the bound, agree on the next id: 2 on SQLite; on PostgreSQL the
        // refused inserts drew ids from its sequence, which are never handed out again. The next post gets it.
        for server in [a, b] {
            let counted = try await Self.secondsUntil(
                client, server.base + "/count", within: Self.interval + Self.slack
            ) { $0 == "1" }
            #expect(counted != nil)
        }
        // A refused insert on PostgreSQL draws its id when it runs, and a sync that began before the last one may
        // end after it: both servers can agree on a next id that is already used up (seen in CI under load). After
        // a sync interval and the slack, each has begun a sync after every post was answered.
        try await Task.sleep(for: .seconds(Self.interval + Self.slack))
        var nextIDs: [String] = []
        let start = ContinuousClock.now
        repeat {
            nextIDs = [try await Self.get(client, a.base + "/nextid"), try await Self.get(client, b.base + "/nextid")]
            if nextIDs[0] == nextIDs[1] { break }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now - start < .seconds(Self.interval + Self.slack)
        #expect(nextIDs[0] == nextIDs[1])
        if backend == .sqlite { #expect(nextIDs[0] == "2") }
        #expect(
            try await ServerProcessTests.request(client, a.base + "/adduser", post: ServerProcessTests.post("next")).0
                == 200)
        #expect(try await Self.get(client, a.base + "/users?afterid=1").contains(#""id":\#(nextIDs[0]),"#))
    }

    @Test(arguments: TestBackend.allCases) func killingOneProcessLosesNoAcknowledgedPostAndTheOtherKeepsAnswering(
        _ backend: TestBackend
    ) async throws {
        let (a, b) = try await Self.pair(on: backend.freshDatabase())
        defer { b.stop() }
        let client = HTTPClient.shared
        let killed = Counter()
        let okOnA = Counter()
        let failuresOnB = Failures()
        let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                let onA = worker < 2
                group.addTask {
                    var ok: [String] = []
                    for i in 0..<10_000 {
                        if killed.value > 0 && (onA || i > 40) { break }
                        let nick = "w\(worker)n\(i)"
                        do {
                            let (status, text) = try await ServerProcessTests.request(
                                client, (onA ? a : b).base + "/adduser", post: ServerProcessTests.post(nick))
                            if status == 200 {
                                ok.append(nick)
                                if onA { okOnA.add() }
                            } else if !onA {
                                failuresOnB.add("\(status) \(text)")
                            }
                        } catch {
                            if !onA { failuresOnB.add("\(error)") }
                        }
                    }
                    return ok
                }
            }
            let deadline = ContinuousClock.now + .seconds(300)
            while okOnA.value < 20, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            await a.kill9()
            killed.add()
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failuresOnB.list.isEmpty, "B failed while A was killed: \(failuresOnB.list.prefix(5))")
        // B has every post acknowledged by either process, once it has caught up.
        var stored = Set<String>()
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(Self.interval + Self.slack) {
            let text = try await Self.get(client, b.base + "/users")
            let users = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            stored = Set(users.compactMap { $0["nickname"] as? String })
            if Set(acknowledged).isSubset(of: stored) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Set(acknowledged).isSubset(of: stored), "missing: \(Set(acknowledged).subtracting(stored).prefix(5))")
    }

    /// A PostgreSQL restart while two processes take posts: each post gets 200 or 503 (never another answer, a
    /// dropped connection or a hang), reads keep answering from memory, posts succeed again once the database is
    /// back, and every acknowledged post is stored.
    @Test func aPostgreSQLRestartUnderLoadGives503ThenPostsSucceedAgain() async throws {
        let pg = try await PostgresServer.started()
        defer { pg.stop() }
        // A post waits at most 1 s for the database (--db-busy-timeout), then gets 503; the database stays down 2.5 s.
        let (a, b) = try await Self.pair(on: pg.url(try await pg.createDatabase()), extra: ["--db-busy-timeout", "1"])
        defer {
            a.stop()
            b.stop()
        }
        let client = HTTPClient.shared
        let phase = Counter()  // 0 before the restart, 1 while down, 2 once back
        let okCount = Counter()
        let statuses = Failures()
        let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                let server = worker % 2 == 0 ? a : b
                group.addTask {
                    var ok: [String] = []
                    var afterBack = 0
                    for i in 0..<100_000 {
                        let nick = "r\(worker)n\(i)"
                        let started = ContinuousClock.now
                        let status: Int
                        let text: String
                        do {
                            (status, text) = try await ServerProcessTests.request(
                                client, server.base + "/adduser", post: ServerProcessTests.post(nick))
                        } catch {
                            Issue.record(
                                "post \(nick) (phase \(phase.value)): \(error); log: \(server.errorOutput.suffix(2000))"
                            )
                            throw error
                        }
                        #expect(ContinuousClock.now - started < TestSlowdown.scaled(.seconds(29)), "a post hung")
                        if status == 200 {
                            ok.append(nick)
                            okCount.add()
                        } else {
                            statuses.add("\(status) \(text.contains("database_unavailable") ? "unavailable" : text)")
                        }
                        if phase.value >= 2 {
                            afterBack += 1
                            if status == 200 || afterBack > 400 { break }
                        }
                    }
                    return ok
                }
            }
            // Stop the database once posts flow (at least 20 acknowledged, or after 60 s on a busy machine).
            let deadline = ContinuousClock.now + .seconds(60)
            while okCount.value < 20, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            try await pg.stopServer()
            phase.add()
            // Reads keep answering while the database is down.
            #expect(try await ServerProcessTests.request(client, a.base + "/count").0 == 200)
            try await Task.sleep(for: .milliseconds(2500))
            try await pg.start()
            phase.add()
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let refused = statuses.list
        // 503 database_unavailable while it is down (or work_queue_full for a post that waited its turn too long
        // behind them), never anything else.
        #expect(refused.allSatisfy { $0.hasPrefix("503 ") }, "\(Set(refused))")
        #expect(refused.contains("503 unavailable"), "no post was refused while the database was down")
        // Every worker ended on a 200 after the restart; every acknowledged post is stored and in both views (a
        // post whose commit raced the shutdown may be stored though it got 503: never the other way round).
        let total = acknowledged.count
        for server in [a, b] {
            var missing = Set(acknowledged)
            let start = ContinuousClock.now
            while !missing.isEmpty, ContinuousClock.now - start < .seconds(Self.interval + 5) {
                let text = try await Self.get(client, server.base + "/users")
                let users = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
                missing.subtract(users.compactMap { $0["nickname"] as? String })
                if !missing.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(missing.isEmpty, "\(server.base) lacks acknowledged posts: \(missing.prefix(5))")
        }
        print("multi-process (postgres restart): \(total) posts acknowledged, \(refused.count) answered 503")
    }
}
