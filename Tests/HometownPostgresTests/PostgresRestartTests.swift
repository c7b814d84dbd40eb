import Foundation
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
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
        let store = try await Backend.open(location, connections: 4, wait: .seconds(1))
        // The first connection may take a while on a busy machine: try for up to a minute.
        var before: User?
        let opened = ContinuousClock.now
        while before == nil, ContinuousClock.now - opened < .seconds(60) {
            before = try? await store.insert(Users.user("before"), passwordHash: "h", now: 1)
        }
        let first = try #require(before, "the store did not work within a minute")

        try await server.stopServer()
        // Down: every call fails after the wait (1 s; loosely bounded, the whole suite shares 2 cores), as
        // unavailable.
        for call in 0..<3 {
            let started = ContinuousClock.now
            await #expect {
                _ = try await store.insert(Users.user("down\(call)"), passwordHash: "h", now: 2)
            } throws: { e in
                if case StoreError.unavailable = e { return true }
                return false
            }
            #expect(ContinuousClock.now - started < TestSlowdown.scaled(.seconds(5)))
        }
        await #expect(throws: StoreError.self) { try await store.count() }

        // Back: an insert waiting since before the server's return is stored within 2 s of it (the pool tries to
        // connect again at most 0.25 s apart however long the server was gone, here about 5 s).
        let waiting = Task { () -> (User, ContinuousClock.Instant)? in
            let deadline = ContinuousClock.now + TestSlowdown.scaled(.seconds(60))
            while ContinuousClock.now < deadline {
                if let stored = try? await store.insert(Users.user("after"), passwordHash: "h", now: 3) {
                    return (stored, ContinuousClock.now)
                }
            }
            return nil
        }
        try await Task.sleep(for: .milliseconds(500))
        try await server.start()
        let back = ContinuousClock.now
        let (recovered, at) = try #require(await waiting.value, "the store did not work again after the restart")
        #expect(at - back < TestSlowdown.scaled(.seconds(2)), "the store worked again \(at - back) after the restart")
        #expect(recovered.id > first.id)
        #expect(try await store.users(UsersQuery()).map(\.nickname) == ["before", "after"])
        // Time to recover, for the report.
        print("postgres restart: store worked again \(at - back) after the server was back")
        try await store.close()
    }
}
