import Testing

@testable import HometownServer

/// The back-off rule and its memory bound (`OwnerAttempts`), on a clock given by the test.
@Suite struct OwnerAttemptsTests {
    static func attempts(free: Int = 2, first: Duration = .seconds(1), max: Duration = .seconds(8), tracked: Int = 100)
        -> OwnerAttempts
    {
        var l = OwnerLimits()
        l.freeFailures = free
        l.firstBackoff = first
        l.maxBackoff = max
        l.tracked = tracked
        return OwnerAttempts(limits: l)
    }

    @Test func theWaitStartsAfterTheFreeFailuresAndDoublesUpToTheMost() {
        let a = Self.attempts()
        #expect((0...7).map { a.backoff(failures: $0) } == [0, 0, 1, 2, 4, 8, 8, 8].map { Duration.seconds($0) })
        #expect(Self.attempts(free: 0).backoff(failures: 1) == .seconds(1))
        #expect(Self.attempts(first: .milliseconds(250)).backoff(failures: 3) == .milliseconds(500))
        #expect(a.backoff(failures: 10_000) == .seconds(8))
    }

    @Test func waitsCountFromTheLastFailureAndForgetAfterTheLongestWait() {
        let a = Self.attempts()
        let t0 = ContinuousClock.now
        a.failed(post: 1, address: "a", now: t0)
        a.failed(post: 1, address: "b", now: t0)
        #expect(a.wait(post: 1, address: "c", now: t0) == .seconds(1))  // the post's count
        #expect(a.wait(post: 2, address: "a", now: t0) == nil)  // one failure from "a"
        #expect(a.wait(post: 1, address: "c", now: t0 + .seconds(1)) == nil)
        a.succeeded(post: 1)
        #expect(a.wait(post: 1, address: "c", now: t0) == nil)
        // Two failures from one address on different posts slow that address everywhere.
        a.failed(post: 5, address: "x", now: t0)
        a.failed(post: 6, address: "x", now: t0)
        #expect(a.wait(post: 7, address: "x", now: t0 + .milliseconds(500)) == .milliseconds(500))
        // A count not fed for the longest wait starts again.
        #expect(a.wait(post: 7, address: "x", now: t0 + .seconds(9)) == nil)
        a.failed(post: 8, address: "x", now: t0 + .seconds(9))
        #expect(a.wait(post: 9, address: "x", now: t0 + .seconds(9)) == nil, "the count started again at 1")
    }

    @Test func memoryIsBoundedByTheTrackedCount() {
        let a = Self.attempts(tracked: 1000)
        let t0 = ContinuousClock.now
        for i in 0..<50_000 { a.failed(post: i, address: "addr\(i)", now: t0 + .microseconds(i)) }
        let (posts, addresses) = a.tracked
        #expect(posts <= 1000 && addresses <= 1000 && posts >= 500)
        // The latest are the ones kept.
        a.failed(post: 49_999, address: "z", now: t0 + .seconds(1))
        #expect(a.wait(post: 49_999, address: "y", now: t0 + .seconds(1)) == .seconds(1))
    }
}
