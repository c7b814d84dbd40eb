import Dispatch
import HometownCore
import Testing

/// `Locked`: every update made under the lock from many threads at once is kept, the body's result and error come
/// back to the caller, and the lock is free again after a body that threw.
@Suite struct LockedTests {
    @Test func updatesFromManyThreadsAreAllKept() {
        let counter = Locked(0)
        let log = Locked<[Int]>([])
        // 8 threads of 20,000 read-modify-write steps each: without mutual exclusion, updates are lost.
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for _ in 0..<20_000 {
                counter.withLock { $0 += 1 }
            }
            log.withLock { $0.append(t) }
        }
        #expect(counter.withLock { $0 } == 160_000)
        #expect(log.withLock { $0.sorted() } == Array(0..<8))
    }

    struct Refused: Error, Equatable { let value: Int }

    @Test func theBodysResultAndErrorReachTheCaller() throws {
        let box = Locked("a")
        #expect(
            box.withLock { s -> Int in
                s += "b"
                return s.count
            } == 2)
        #expect(throws: Refused(value: 2)) {
            try box.withLock { (s: inout String) throws(Refused) -> Void in
                s += "c"
                throw Refused(value: 2)
            }
        }
        // The change made before the throw stays, and the lock was released (this would otherwise never return).
        #expect(box.withLock { $0 } == "abc")
    }
}
