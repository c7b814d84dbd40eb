import AsyncHTTPClient
import Foundation
import HometownTestSupport
import NIOCore
import Testing

/// The owner's changes and deletions across real processes: a deletion or change acknowledged by one
/// `hometown serve` is in the other's answers within the sync bound, and one acknowledged before a kill -9 is still
/// there after a restart; and strangers' wrong passwords, from addresses a trusted proxy names, slowing the
/// strangers but not the owner.
@Suite struct OwnerProcessTests {
    @Test(arguments: TestBackend.allCases) func aChangeAndADeletionOnOneProcessReachTheOther(_ backend: TestBackend)
        async throws
    {
        let (a, b) = try await MultiProcessTests.pair(on: backend.freshDatabase())
        defer {
            a.stop()
            b.stop()
        }
        let client = HTTPClient.shared
        for nick in ["keep", "gone"] {
            #expect(
                try await ServerProcessTests.request(client, a.base + "/adduser", post: ServerProcessTests.post(nick)).0
                    == 200)
        }
        let bound = MultiProcessTests.interval + MultiProcessTests.slack
        #expect(try await MultiProcessTests.secondsUntil(client, b.base + "/count", within: bound) { $0 == "2" } != nil)
        let (changed, text) = try await ServerProcessTests.request(
            client, a.base + "/users/1/update", post: #"{"password": "secret", "city": "Duluth"}"#)
        #expect(changed == 200, "\(text)")
        let (deleted, text2) = try await ServerProcessTests.request(
            client, a.base + "/users/2/delete", post: #"{"password": "secret"}"#)
        #expect(deleted == 200, "\(text2)")
        let seen = try await MultiProcessTests.secondsUntil(client, b.base + "/users", within: bound) {
            $0.contains("Duluth") && !$0.contains("gone")
        }
        #expect(seen != nil, "process B did not show the change and the deletion within \(bound) s")
        #expect(try await MultiProcessTests.get(client, b.base + "/count") == "1")
        #expect(try await MultiProcessTests.get(client, b.base + "/nicknameexists?name=gone") == "false")
        #expect(try await MultiProcessTests.get(client, b.base + "/users?city=Duluth").contains(#""id":1"#))
        // The nickname is free on B too, and B gives it a new id.
        #expect(
            try await ServerProcessTests.request(client, b.base + "/adduser", post: ServerProcessTests.post("gone")).0
                == 200)
        #expect(try await MultiProcessTests.get(client, b.base + "/users?afterid=2").contains(#""nickname":"gone""#))
    }

    @Test(arguments: TestBackend.allCases) func aDeletionAcknowledgedBeforeKill9StaysDone(_ backend: TestBackend)
        async throws
    {
        let database = try await backend.freshDatabase()
        let client = HTTPClient.shared
        let first = try await ServerProcess(database: database)
        for nick in ["one", "two", "three"] {
            #expect(
                try await ServerProcessTests.request(
                    client, first.base + "/adduser", post: ServerProcessTests.post(nick)
                )
                .0 == 200)
        }
        let (deleted, _) = try await ServerProcessTests.request(
            client, first.base + "/users/2/delete", post: #"{"password": "secret"}"#)
        let (changed, _) = try await ServerProcessTests.request(
            client, first.base + "/users/3/update", post: #"{"password": "secret", "year": 2020}"#)
        #expect(deleted == 200 && changed == 200)
        await first.kill9()
        let second = try await ServerProcess(database: database)
        defer { second.stop() }
        #expect(try await MultiProcessTests.get(client, second.base + "/count") == "2")
        let users = try await MultiProcessTests.get(client, second.base + "/users")
        #expect(!users.contains(#""nickname":"two""#) && users.contains(#""year":2020"#), "\(users)")
        #expect(try await MultiProcessTests.get(client, second.base + "/nextid") == "4" || backend == .postgres)
        let (again, _) = try await ServerProcessTests.request(
            client, second.base + "/users/2/delete", post: #"{"password": "secret"}"#)
        #expect(again == 403)
    }

    /// POST `body` to `url` as the client `from` (X-Forwarded-For, believed from 127.0.0.1): the status.
    static func post(_ client: HTTPClient, _ url: String, _ body: String, from: String) async throws -> Int {
        var r = HTTPClientRequest(url: url)
        r.method = .POST
        r.headers.add(name: "Content-Type", value: "application/json")
        r.headers.add(name: "X-Forwarded-For", value: from)
        r.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(r, timeout: .seconds(Int64(30 * TestSlowdown.factor)))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    @Test func strangersGuessesSlowTheStrangersNotTheOwner() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(),
            extra: ["--trusted-proxy", "127.0.0.1", "--owner-free-failures", "2", "--owner-first-backoff", "30"])
        defer { server.stop() }
        let client = HTTPClient.shared
        #expect(
            try await ServerProcessTests.request(
                client, server.base + "/adduser", post: ServerProcessTests.post("mine")
            )
            .0 == 200)
        let delete = server.base + "/users/1/delete"
        let wrong = #"{"password": "guess"}"#
        // A stranger's two free failures, then the stranger waits, on this post and on others.
        #expect(try await Self.post(client, delete, wrong, from: "203.0.113.9") == 403)
        #expect(try await Self.post(client, delete, wrong, from: "203.0.113.9") == 403)
        #expect(try await Self.post(client, delete, wrong, from: "203.0.113.9") == 429)
        #expect(try await Self.post(client, server.base + "/users/2/delete", wrong, from: "203.0.113.9") == 429)
        // The owner, from an address without failures, with the right password: not refused.
        let update = server.base + "/users/1/update"
        #expect(
            try await Self.post(client, update, #"{"password": "secret", "year": 2021}"#, from: "198.51.100.7") == 200)
        // Addresses of one IPv6 /64 count as one client: rotating them does not evade the count.
        #expect(try await Self.post(client, server.base + "/users/5/delete", wrong, from: "2001:db8:7:7::1") == 403)
        #expect(try await Self.post(client, server.base + "/users/6/delete", wrong, from: "2001:db8:7:7::2") == 403)
        #expect(try await Self.post(client, server.base + "/users/7/delete", wrong, from: "2001:db8:7:7::3") == 429)
        #expect(try await Self.post(client, server.base + "/users/7/delete", wrong, from: "2001:db8:7:8::1") == 403)
    }
}
