import Dispatch
import HometownCore
import Testing

/// `Array(writtenInPlace:initializingWith:)`: the elements written from two threads are all there, and for a
/// capacity of 0 the body runs once on an empty buffer and the array is empty.
@Suite struct ArrayUninitializedTests {
    @Test func elementsWrittenFromTwoThreadsAreKept() {
        let n = 10_001
        let squares = [Int](writtenInPlace: n) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                for i in stride(from: half, to: n, by: 2) { (out.baseAddress! + i).initialize(to: i * i) }
            }
            initialized = n
        }
        #expect(squares.count == n)
        #expect(squares.enumerated().allSatisfy { $0.element == $0.offset * $0.offset })
    }

    @Test func capacityZeroRunsTheBodyOnAnEmptyBuffer() {
        var calls = 0
        var seen = -1
        let empty = [Double](writtenInPlace: 0) { buffer, initialized in
            calls += 1
            seen = buffer.count
            initialized = 0
        }
        #expect(empty.isEmpty)
        #expect(calls == 1)
        #expect(seen == 0)
    }
}
