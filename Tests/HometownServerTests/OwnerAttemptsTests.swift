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
        // The post's count waits 1 s, but only for addresses that failed on it: "c" (the owner, say) is checked.
        #expect(a.wait(post: 1, address: "a", now: t0) == .seconds(1))
        #expect(a.wait(post: 1, address: "c", now: t0) == nil)
        #expect(a.wait(post: 2, address: "a", now: t0) == nil)  // one failure from "a"
        #expect(a.wait(post: 1, address: "a", now: t0 + .seconds(1)) == nil)
        a.succeeded(post: 1, address: "a")
        a.failed(post: 1, address: "c", now: t0 + .seconds(1))
        #expect(a.wait(post: 1, address: "c", now: t0 + .seconds(1)) == .seconds(2), "3 failures on the post")
        #expect(a.wait(post: 1, address: "a", now: t0 + .seconds(1)) == nil, "its right password cleared it")
        // Two failures from one address on different posts slow that address everywhere.
        a.failed(post: 5, address: "x", now: t0)
        a.failed(post: 6, address: "x", now: t0)
        #expect(a.wait(post: 7, address: "x", now: t0 + .milliseconds(500)) == .milliseconds(500))
        // A count not fed for the longest wait starts again.
        #expect(a.wait(post: 7, address: "x", now: t0 + .seconds(9)) == nil)
        a.failed(post: 8, address: "x", now: t0 + .seconds(9))
        #expect(a.wait(post: 9, address: "x", now: t0 + .seconds(9)) == nil, "the count started again at 1")
    }

    @Test func strangersFailuresDoNotRefuseAnotherAddress() {
        let a = Self.attempts(free: 5, max: .seconds(900))
        let t0 = ContinuousClock.now
        // A stranger guesses each time the wait allows: 5 free, then after waits of 1, 2, 4, ... 512 s, then 900 s.
        var now = t0
        var guesses = 0
        while guesses < 17 {
            if let w = a.wait(post: 1, address: "203.0.113.9", now: now) {
                now += w
            } else {
                a.failed(post: 1, address: "203.0.113.9", now: now)
                guesses += 1
            }
        }
        #expect(now == t0 + .seconds(2823), "the 17th guess in the first hour, at 2823 s")
        #expect(a.wait(post: 1, address: "203.0.113.9", now: now) != nil)
        #expect(a.wait(post: 2, address: "203.0.113.9", now: now) != nil, "the stranger is slowed on every post")
        #expect(a.wait(post: 1, address: "198.51.100.7", now: now) == nil, "the owner's own address is checked")
    }

    /// Tries under way count as failures that happen now: a burst gets the free tries and no more, another address
    /// is not refused by them, and a try that ends right or unchecked counts nothing.
    @Test func triesUnderWayCountAsFailures() {
        let a = Self.attempts(free: 3)
        let t0 = ContinuousClock.now
        let letThrough = (0..<10).filter { _ in a.begin(post: 1, address: "203.0.113.9", now: t0) == nil }.count
        #expect(letThrough == 3)
        #expect(a.begin(post: 1, address: "203.0.113.9", now: t0) == .seconds(1), "as after 3 failures")
        #expect(a.begin(post: 2, address: "203.0.113.9", now: t0) == .seconds(1), "the address's count too")
        #expect(a.begin(post: 1, address: "198.51.100.7", now: t0) == nil, "another address is checked")
        a.end(post: 1, address: "198.51.100.7", .right, now: t0)
        for _ in 0..<3 { a.end(post: 1, address: "203.0.113.9", .wrong, now: t0) }
        #expect(a.wait(post: 1, address: "203.0.113.9", now: t0) == .seconds(1))
        #expect(a.wait(post: 1, address: "203.0.113.9", now: t0 + .seconds(1)) == nil)
        // Ended unchecked or right: nothing counted, nothing left under way.
        let b = Self.attempts(free: 1)
        #expect(b.begin(post: 1, address: "a", now: t0) == nil)
        #expect(b.begin(post: 1, address: "a", now: t0) != nil)
        b.end(post: 1, address: "a", .unchecked, now: t0)
        #expect(b.begin(post: 1, address: "a", now: t0) == nil)
        b.end(post: 1, address: "a", .right, now: t0)
        #expect(b.wait(post: 1, address: "a", now: t0) == nil)
        #expect(b.tracked.posts == 0 && b.tracked.addresses == 0 && b.tracked.pairs == 0)
    }

    /// On a post that waits (strangers' failures), a new address gets one try checked, whether its tries come
    /// one after another or all at once: a burst of five got its three free tries through.
    @Test func aBurstFromANewAddressGetsOneTryOnAPostThatWaits() {
        let a = Self.attempts(free: 3, first: .seconds(60), max: .seconds(600))
        let t0 = ContinuousClock.now
        for i in 0..<4 { a.failed(post: 1, address: "198.51.100.\(i)", now: t0) }
        let burst = (0..<5).filter { _ in a.begin(post: 1, address: "203.0.113.9", now: t0) == nil }.count
        #expect(burst == 1)
        a.end(post: 1, address: "203.0.113.9", .wrong, now: t0)
        #expect(a.begin(post: 1, address: "203.0.113.9", now: t0) != nil, "as one after another")
        // The owner at an address of its own is still checked, and its right password clears its own count.
        #expect(a.begin(post: 1, address: "192.0.2.1", now: t0) == nil)
        a.end(post: 1, address: "192.0.2.1", .right, now: t0)
        #expect(a.begin(post: 1, address: "192.0.2.1", now: t0) == nil)
    }

    /// Tries under way whose instants arrive out of order (two requests that read the clock, then took the lock
    /// in the other order) are let through while free failures are left: a try is refused only for failures.
    @Test func triesWithInstantsOutOfOrderAreLetThroughWhileFailuresAreFree() {
        let a = Self.attempts(free: 3)
        let t0 = ContinuousClock.now
        #expect(a.begin(post: 1, address: "a", now: t0 + .milliseconds(2)) == nil)
        #expect(a.begin(post: 1, address: "a", now: t0 + .milliseconds(1)) == nil)
        #expect(a.begin(post: 1, address: "a", now: t0) == nil)
        #expect(a.begin(post: 1, address: "a", now: t0) == .seconds(1), "as after 3 failures")
        for _ in 0..<3 { a.end(post: 1, address: "a", .right, now: t0 + .milliseconds(3)) }
        // One wrong password, stored at a later instant than the next call's: still free.
        #expect(a.begin(post: 1, address: "a", now: t0 + .milliseconds(5)) == nil)
        a.end(post: 1, address: "a", .wrong, now: t0 + .milliseconds(5))
        #expect(a.wait(post: 1, address: "a", now: t0 + .milliseconds(4)) == nil)
    }

    @Test func anIPv6AddressCountsByItsSlash64() {
        let a = Self.attempts()
        let t0 = ContinuousClock.now
        a.failed(post: 5, address: "2001:db8:1:2::1", now: t0)
        a.failed(post: 6, address: "2001:db8:1:2:aaaa:bbbb:cccc:dddd", now: t0)
        #expect(a.wait(post: 7, address: "2001:0db8:0001:0002::9", now: t0) == .seconds(1))
        #expect(a.wait(post: 7, address: "2001:db8:1:3::1", now: t0) == nil, "another /64")
        #expect(ClientAddress.key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(ClientAddress.key("::ffff:192.0.2.4") == "192.0.2.4")
        #expect(ClientAddress.key("192.0.2.4") == "192.0.2.4")
        #expect(ClientAddress.key("unknown") == "unknown")
    }

    /// The documented bound: from all addresses together, one post gets at most the post's own schedule
    /// (`freeFailures`, then one per wait: 17 in the first hour with the defaults) plus one guess per further
    /// address per `maxBackoff`. Here 200 addresses try every 10 s for an hour.
    @Test func guessesOnOnePostFromManyAddressesAreBounded() {
        let a = Self.attempts(free: 5, max: .seconds(900), tracked: 1000)
        let t0 = ContinuousClock.now
        let addresses = (0..<200).map { "198.51.\($0 / 100).\($0 % 100)" }
        var guesses = 0
        for step in 0..<360 {
            let now = t0 + .seconds(step * 10)
            for address in addresses where a.wait(post: 1, address: address, now: now) == nil {
                a.failed(post: 1, address: address, now: now)
                guesses += 1
            }
        }
        #expect(guesses <= 17 + 200 * 4, "\(guesses) guesses in an hour")
    }

    @Test func memoryIsBoundedByTheTrackedCount() {
        let a = Self.attempts(tracked: 1000)
        let t0 = ContinuousClock.now
        for i in 0..<50_000 { a.failed(post: i, address: "addr\(i)", now: t0 + .microseconds(i)) }
        let (posts, addresses, pairs) = a.tracked
        #expect(posts <= 1000 && addresses <= 1000 && pairs <= 1000 && posts >= 500)
        // The latest are the ones kept.
        a.failed(post: 49_999, address: "z", now: t0 + .seconds(1))
        #expect(a.wait(post: 49_999, address: "z", now: t0 + .seconds(1)) == .seconds(1))
    }
}
