import AsyncHTTPClient
import Foundation
import HometownCore
import HometownTestSupport
import NIOCore
import Testing

/// A count shared by concurrent tasks.
final class Counter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Messages collected by concurrent tasks.
final class Failures: Sendable {
    private let items = Locked<[String]>([])
    func add(_ s: String) { items.withLock { $0.append(s) } }
    var list: [String] { items.withLock { $0 } }
}

@Suite struct ServerProcessTests {
    static func request(_ client: HTTPClient, _ url: String, post body: String? = nil) async throws -> (Int, String) {
        var r = HTTPClientRequest(url: url)
        if let body {
            r.method = .POST
            r.headers.add(name: "Content-Type", value: "application/json")
            r.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(r, timeout: .seconds(Int64(30 * TestSlowdown.factor)))
        let bytes = try await response.body.collect(upTo: 1 << 24)
        return (Int(response.status.code), String(buffer: bytes))
    }

    static func post(_ nick: String) -> String {
        #"{"nickname":"\#(nick)","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016,"latitude":44.97,"longitude":-93.26}"#
    }

    @Test func racingPostsOfOneNicknameGiveExactlyOne200() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase())
        defer { server.stop() }
        let client = HTTPClient.shared
        let casings = (0..<24).map { i in
            String("duplicate".enumerated().map { j, c in (i >> (j % 5)) & 1 == 1 ? Character(c.uppercased()) : c })
                + (i >= 12 ? " " : "")
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for nick in casings {
                group.addTask { try await Self.request(client, server.base + "/adduser", post: Self.post(nick)).0 }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1)
        #expect(statuses.filter { $0 == 400 }.count == 23)
        #expect(try await Self.request(client, server.base + "/count").1 == "1")
        #expect(try await Self.request(client, server.base + "/nextid").1 == "2")
    }

    @Test func everyAnsweredPostSurvivesKill9() async throws {
        let db = Fixture.freshDatabase()
        let first = try await ServerProcess(database: db)
        let client = HTTPClient.shared
        // Posts keep coming while the process is killed; every one answered 200 must be there after a restart.
        let okCount = Counter()
        let killed = Counter()
        let failures = Failures()
        let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var ok: [String] = []
                    for i in 0..<10_000 where killed.value == 0 {
                        let nick = "w\(worker)n\(i)"
                        do {
                            let (status, text) = try await Self.request(
                                client, first.base + "/adduser", post: Self.post(nick))
                            if status == 200 {
                                ok.append(nick)
                                okCount.add()
                            } else {
                                failures.add("\(status) \(text)")
                            }
                        } catch {
                            if killed.value == 0 { failures.add("\(error)") }
                        }
                    }
                    return ok
                }
            }
            // Kill while posts are in flight, once at least 20 were answered (or after 300 s: the other suites running in
            // parallel can keep the two cooperative threads busy for a long while).
            let deadline = ContinuousClock.now + .seconds(300)
            while okCount.value < 20, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            await first.kill9()
            killed.add()
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(acknowledged.count >= 20, "failures before the kill: \(failures.list.prefix(5))")
        let server = try await ServerProcess(database: db)
        defer { server.stop() }
        let (_, text) = try await Self.request(client, server.base + "/users")
        let users = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let stored = Set(users.compactMap { $0["nickname"] as? String })
        #expect(Set(acknowledged).isSubset(of: stored))
        let ids = users.compactMap { $0["id"] as? Int }
        #expect(ids == Array(1..<(ids.count + 1)))
        // Ids continue after the restart.
        #expect(try await Self.request(client, server.base + "/adduser", post: Self.post("after")).0 == 200)
        let (_, last) = try await Self.request(client, server.base + "/users?afterid=\(ids.last ?? 0)")
        #expect(last.contains(#""id":\#(ids.count + 1)"#))
    }

    @Test func sigtermStopsGracefully() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase())
        let client = HTTPClient.shared
        #expect(try await Self.request(client, server.base + "/adduser", post: Self.post("x")).0 == 200)
        #expect(await server.terminate() == 0)
    }
}
