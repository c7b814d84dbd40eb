import HometownCore
import HometownTestSupport
import Testing

@testable import HometownServer

/// Expensive work waits its turn, a full queue or a long wait is refused (503), and a turn passes on in order.
@Suite struct WorkLimiterTests {
    /// A gate the test opens: tasks holding a turn wait on it.
    final class Gate: Sendable {
        private let open = Locked(false)
        func release() { open.withLock { $0 = true } }
        func wait() async { while !open.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) } }
    }

    @Test func turnsQueueAndFullQueuesAreRefused() async throws {
        let limiter = WorkLimiter(running: 2, waiting: 1, maxWait: .seconds(30))
        let gate = Gate()
        let done = Counter()
        async let a: Void = limiter.run {
            await gate.wait()
            done.add()
        }
        async let b: Void = limiter.run {
            await gate.wait()
            done.add()
        }
        while limiter.load.running < 2 { try await Task.sleep(for: .milliseconds(5)) }
        async let c: Void = limiter.run { done.add() }
        while limiter.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        // Two running, one waiting: a fourth is refused at once.
        await #expect(throws: ServerBusy(reason: .expensiveWork)) { try await limiter.run { 1 } }
        gate.release()
        _ = try await (a, b, c)
        #expect(done.value == 3)
        #expect(limiter.load.running == 0 && limiter.load.waiting == 0)
    }

    @Test func aWaitLongerThanTheTimeoutIsRefused() async throws {
        let limiter = WorkLimiter(running: 1, waiting: 4, maxWait: .milliseconds(200))
        let gate = Gate()
        async let holder: Void = limiter.run { await gate.wait() }
        while limiter.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: ServerBusy(reason: .expensiveWork)) { try await limiter.run { 1 } }
        let waited = clock.now - start
        // Refused by its deadline while the turn is still held (the holder lets go only below); how late the
        // timer fires depends on how busy the test process's threads are, so only the lower bound is exact.
        #expect(waited >= .milliseconds(150) && waited < .seconds(60))
        #expect(limiter.load.waiting == 0)
        gate.release()
        try await holder
        #expect(try await limiter.run { 7 } == 7)
    }

    /// Many short turns racing: a turn freed between a waiter's first look and its joining the queue is taken at
    /// once. A lost wakeup would leave the last waiter until its deadline (an hour here), so the test would run
    /// into its time limit; how long the turns take depends only on how busy the test process is.
    @Test(.timeLimit(.minutes(3))) func racingTurnsAreNeverLost() async throws {
        let limiter = WorkLimiter(running: 1, waiting: 10_000, maxWait: .seconds(3600))
        let done = Counter()
        let refused = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<500 {
                group.addTask {
                    do {
                        try await limiter.run {
                            await Task.yield()
                            done.add()
                        }
                    } catch is ServerBusy { refused.add() }
                }
            }
            try await group.waitForAll()
        }
        #expect(done.value == 500 && refused.value == 0)
        #expect(limiter.load.running == 0 && limiter.load.waiting == 0)
    }

    /// A limiter of one turn: eight tasks take 500 turns each, handed from one to the next (`TurnTally`).
    @Test func aTurnSeesWhatTheLastOneWrote() async throws {
        let limiter = WorkLimiter(running: 1, waiting: 10_000, maxWait: .seconds(3600))
        let tally = try await TurnTally.run(tasks: 8, each: 500) { body in try await limiter.run { await body() } }
        #expect(tally.count == 4_000)
        #expect(tally.most == 1 && tally.inside == 0)
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let limiter = WorkLimiter(running: 1, waiting: 4, maxWait: .seconds(30))
        let gate = Gate()
        async let holder: Void = limiter.run { await gate.wait() }
        while limiter.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let waiter = Task { try await limiter.run { 1 } }
        while limiter.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.load.waiting == 0)
        gate.release()
        try await holder
        #expect(limiter.load.running == 0)
    }
}

/// Results kept within a budget of bytes, one computation for identical concurrent requests, never an old version.
@Suite struct SharedCacheTests {
    @Test func identicalConcurrentRequestsComputeOnce() async throws {
        let cache = SharedCache<Int>(budget: 1000)
        let runs = Counter()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.value("k", version: 1) {
                        runs.add()
                        try await Task.sleep(for: .milliseconds(200))
                        return (42, 10)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 20))
        #expect(runs.value == 1)
        // Kept: no new computation.
        #expect(
            try await cache.value("k", version: 1) {
                runs.add()
                return (0, 10)
            } == 42)
        #expect(runs.value == 1)
    }

    @Test func keepsWithinItsBytesLeastRecentlyUsedFirstOut() async throws {
        let cache = SharedCache<String>(budget: 100)
        for name in ["a", "b", "c"] { _ = try await cache.value(name, version: 1) { (name, 40) } }
        // a and b were 80 bytes; c pushed out a (the least recently used).
        #expect(cache.usage.bytes == 80 && cache.usage.count == 2)
        let recomputed = Failures()
        for name in ["a", "c"] {
            _ = try await cache.value(name, version: 1) {
                recomputed.add(name)
                return (name, 40)
            }
        }
        #expect(recomputed.list == ["a"])
        // Larger than the whole budget: answered, not kept.
        #expect(try await cache.value("huge", version: 1) { ("huge", 500) } == "huge")
        #expect(cache.usage.bytes <= 100)
        // A newer version lets every older result go.
        _ = try await cache.value("a", version: 2) { ("a2", 10) }
        #expect(cache.usage.count == 1 && cache.usage.bytes == 10)
    }

    /// A computation sees itself unwanted only once every caller awaiting it has gone; a caller still there when
    /// the others gave it up gets it computed again.
    @Test func aComputationStopsWhenNoCallerWantsItAnyMore() async throws {
        let cache = SharedCache<Int>(budget: 100)
        let firstThere = Locked(true)
        let secondThere = Locked(true)
        let sawUnwanted = Locked<Int?>(nil)
        let started = Counter()
        let compute: @Sendable (@escaping @Sendable () -> Bool) async throws -> (Int, Int) = { unwanted in
            started.add()
            var polls = 0
            while polls < 2_000 {
                if unwanted() {
                    sawUnwanted.withLock { $0 = polls }
                    throw CancellationError()
                }
                polls += 1
                try await Task.sleep(for: .milliseconds(5))
            }
            return (7, 1)
        }
        let first = Task {
            try await cache.value("k", version: 1, wanted: { firstThere.withLock { $0 } }, compute: compute)
        }
        let second = Task {
            try await cache.value("k", version: 1, wanted: { secondThere.withLock { $0 } }, compute: compute)
        }
        try await Task.sleep(for: .milliseconds(100))
        // One of two gone: the work goes on.
        firstThere.withLock { $0 = false }
        try await Task.sleep(for: .milliseconds(100))
        #expect(sawUnwanted.withLock { $0 } == nil)
        // Both gone: it stops at its next look.
        secondThere.withLock { $0 = false }
        await #expect(throws: CancellationError.self) { try await first.value }
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(sawUnwanted.withLock { $0 } != nil)
        #expect(started.value == 1)
        #expect(cache.usage.count == 0)
        // A computation that gave up (its callers had gone when it looked) while a caller that still wants it had
        // joined meanwhile: computed again for that caller, who gets the value; the one that left gets the error.
        let leaving = Locked(true)
        let leaver = Task {
            try await cache.value("j", version: 1, wanted: { leaving.withLock { $0 } }) { _ in
                try await Task.sleep(for: .milliseconds(150))
                throw CancellationError()
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        leaving.withLock { $0 = false }
        let stayer = Task { try await cache.value("j", version: 1, wanted: { true }) { _ in (9, 1) } }
        #expect(try await stayer.value == 9)
        await #expect(throws: CancellationError.self) { try await leaver.value }
    }

    @Test func failuresAreNotKept() async throws {
        struct Boom: Error {}
        let cache = SharedCache<Int>(budget: 100)
        await #expect(throws: Boom.self) { try await cache.value("x", version: 1) { throw Boom() } }
        #expect(try await cache.value("x", version: 1) { (5, 1) } == 5)
    }
}
