import AsyncHTTPClient
import Foundation
import HometownTestSupport
import Testing

/// The owner's changes and deletions across real processes: a deletion or change acknowledged by one
/// `hometown serve` is in the other's answers within the sync bound, and one acknowledged before a kill -9 is still
/// there after a restart.
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
}
