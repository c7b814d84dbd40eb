import Foundation
import HometownProtocol
import HometownStore
import HometownTestSupport
import Synchronization
import Testing

/// The trap of sequence ids: they can commit out of order, and the server's view tails the table by id. The store
/// commits inserts in id order, so a reader that has seen id N has seen every stored id below N.
@Suite struct PostgresOrderTests {
    /// 4 stores (4 pools, as 4 processes would have) insert 400 users at once, 8 at a time each, with clocks that
    /// disagree; meanwhile a tailer reads `usersWithKeys(afterID: last)` in a loop. The tailer must end up with
    /// exactly the rows a final full read has, in the same order (it never skipped one), and time-stamps must
    /// never decrease with id.
    @Test func concurrentInsertsCommitInIdOrderAndATailerSkipsNothing() async throws {
        let location = try await Backend.postgres.freshLocation()
        // 32 inserts wait in turn for the insert lock, and the wait counts against each statement's timeout: at
        // 0.3 s a commit on a loaded machine, the last waits about 10 s, the server's default (seen once in a
        // clean-clone run). The order is what is tested here, not the timeout, so it is a minute.
        let patient = TestSlowdown.scaled(.seconds(60))
        var stores: [any CopyableUserStore] = []
        for _ in 0..<4 { stores.append(try await Backend.open(location, queryTimeout: patient)) }
        let tailStore = try await Backend.open(location)
        let writersDone = Atomic<Bool>(false)
        let perStore = 100
        let tailed = Task { () -> [Int] in
            var seen: [Int] = []
            var last = 0
            while true {
                let finished = writersDone.load(ordering: .acquiring)
                let page = try await tailStore.usersWithKeys(afterID: last, limit: 50)
                seen += page.map(\.user.id)
                if let end = page.last { last = end.user.id }
                if page.isEmpty && finished { return seen }
            }
        }
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (s, store) in stores.enumerated() {
                for lane in 0..<8 {
                    group.addTask {
                        for i in stride(from: lane, to: perStore, by: 8) {
                            // Clocks of different processes disagree: some posts arrive "earlier" than the last.
                            let now = Int64(1_000_000 + i * 10 + (s % 2 == 0 ? 0 : -500))
                            _ = try await store.insert(Users.user("s\(s)-\(i)"), passwordHash: "h", now: now)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - started
        writersDone.store(true, ordering: .releasing)
        print("postgres: \(4 * perStore) inserts from 32 tasks on 4 pools, serialized, in \(elapsed)")
        let tail = try await tailed.value
        let final = try await tailStore.usersWithKeys(afterID: 0, limit: 10_000)
        #expect(final.count == 4 * perStore)
        #expect(tail == final.map(\.user.id), "the tailer skipped or repeated ids")
        let times = final.map(\.user.timestampMilliseconds)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "a time-stamp decreased with id")
        let ids = final.map(\.user.id)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        for s in stores { try await s.close() }
        try await tailStore.close()
    }
}
