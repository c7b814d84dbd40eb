import Dispatch
import Foundation
import HometownCore
import Testing

@testable import HometownCLI

/// `BoundedQueue`, the hand-off between the batch job's reading, answering and writing threads: order kept, never
/// more than `capacity` queued, and `close()` releases a waiting producer and ends the consumer after what was
/// queued.
@Suite struct BoundedQueueTests {
    @Test func everythingPutIsTakenInOrderAndTheBoundHolds() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let most = Locked(0)
        let queued = Locked(0)
        let taken = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            for i in 0..<10_000 {
                queued.withLock { $0 += 1 }
                #expect(queue.put(i))
            }
            queue.close()
            done.signal()
        }.start()
        while let i = queue.take() {
            // Counted before each put; a put returns only with room, so at most capacity + 1 counted and not taken.
            let waiting = queued.withLock { $0 } - (taken.withLock { $0.count } + 1)
            most.withLock { $0 = max($0, waiting) }
            taken.withLock { $0.append(i) }
        }
        done.wait()
        #expect(taken.withLock { $0 } == Array(0..<10_000))
        #expect(most.withLock { $0 } <= 3 + 1)
    }

    @Test func closingReleasesAWaitingPutAndKeepsWhatWasQueued() {
        let queue = BoundedQueue<String>(capacity: 1)
        #expect(queue.put("first"))
        let refused = DispatchSemaphore(value: 0)
        let result = Locked<Bool?>(nil)
        Thread {
            // The queue is full: this put waits until the close.
            let r = queue.put("second")
            result.withLock { $0 = r }
            refused.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(result.withLock { $0 } == nil)
        queue.close()
        #expect(refused.wait(timeout: .now() + 10) == .success)
        #expect(result.withLock { $0 } == false)
        #expect(!queue.put("third"))
        #expect(queue.take() == "first")
        #expect(queue.take() == nil)
        #expect(queue.take() == nil)
    }

    @Test func aTakeWaitsForAPut() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let got = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let v = queue.take()
            got.withLock { $0 = v }
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(got.withLock { $0 } == nil)
        #expect(queue.put(7))
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(got.withLock { $0 } == 7)
    }
}
