import Foundation

/// A first-in, first-out hand-off between threads that holds at most `capacity` elements: `put` waits while it is
/// full, `take` while it is empty. `close()` ends it: later and waiting `put`s give up (returning false), and `take`
/// returns what is still queued, then nil.
///
/// The batch job's reading thread (`BatchChunks`) and writing thread (`BatchWrites`) each talk to the lookups
/// through one; the bound is what keeps their memory to a few chunks whatever the input's size.
///
/// Built on `NSCondition` (a pthread mutex and condition variable): ThreadSanitizer follows it, whereas it misses
/// the hand-over of a contended `Synchronization.Mutex` on Linux (a raw futex call) and reports races that are not
/// there (see docs/testing.md, "Sanitizers"). Thread-safe; no wait has a time limit, so both sides must either keep
/// going or `close()`.
final class BoundedQueue<Element>: @unchecked Sendable {
    /// The most elements queued at once (at least 1).
    let capacity: Int
    private let condition = NSCondition()
    // Behind `condition`:
    // `capacity` is small (a few chunks), so taking from the front of an array costs nothing worth a ring, and a
    // taken element is released at once.
    private var items: [Element] = []
    private var closed = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `element`, waiting while `capacity` elements are queued.
    /// - Returns: false, with `element` dropped, when the queue is closed (before or while waiting).
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count >= capacity { condition.wait() }
        guard !closed else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// The oldest queued element, waiting while there is none; nil once the queue is closed and empty.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.isEmpty { condition.wait() }
        guard !items.isEmpty else { return nil }
        let element = items.removeFirst()
        condition.broadcast()
        return element
    }

    /// Ends the queue: every `put` from now on (and one waiting now) returns false; `take` still returns what was
    /// queued before, then nil. Calling it again is harmless.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
