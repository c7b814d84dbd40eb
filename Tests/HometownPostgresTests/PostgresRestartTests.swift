import Foundation
import HometownProtocol
import HometownStore
import HometownTestSupport
import Testing

/// A PostgreSQL restart under a running store: calls fail with `StoreError.unavailable` (not a crash, not a
/// hang) while the server is down, then succeed again without reopening the store. On a cluster of its own, so
/// that the other suites' server is never restarted under them.
@Suite struct PostgresRestartTests {
    @Test func aRestartGivesErrorsThenTheStoreWorksAgain() async throws {
        let server = try await PostgresServer.started()
        defer { server.stop() }
        let location = try StoreLocation(parsing: server.url(try await server.createDatabase()))
        let store = try await Backend.open(location, connections: 4, wait: .seconds(3))
        // The first connection may take a while on a busy machine: try for up to a minute.
        var before: User?
        let opened = ContinuousClock.now
        while before == nil, ContinuousClock.now - opened < .seconds(60) {
            before = try? await store.insert(Users.user("before"), passwordHash: "h", now: 1)
        }
        let first = try #require(before, "the store did not work within a minute")

        try await server.stopServer()
        // Down: every call fails within about the wait (3 s; loosely bounded, the whole suite shares 2 cores), as
        // unavailable.
        for call in 0..<3 {
            let started = ContinuousClock.now
            await #expect {
                _ = try await store.insert(Users.user("down\(call)"), passwordHash: "h", now: 2)
            } throws: { e in
                if case StoreError.unavailable = e { return true }
                return false
            }
            #expect(ContinuousClock.now - started < .seconds(20))
        }
        await #expect(throws: StoreError.self) { try await store.count() }

        try await server.start()
        // Back: the pool reconnects by itself (it retries with a growing pause, here well under 10 s).
        let back = ContinuousClock.now
        var after: User?
        while after == nil, ContinuousClock.now - back < .seconds(20) {
            after = try? await store.insert(Users.user("after"), passwordHash: "h", now: 3)
            if after == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        let recovered = try #require(after, "the store did not work again within 20 s of the restart")
        #expect(recovered.id > first.id)
        #expect(try await store.users(UsersQuery()).map(\.nickname) == ["before", "after"])
        // Time to recover, for the report.
        print("postgres restart: store worked again \(ContinuousClock.now - back) after the server was back")
        try await store.close()
    }
}
