import Foundation

/// A batch's answers written to its `BatchOutput` on a thread of its own, in order, at most `ahead` chunks behind
/// the rows being answered: the copy into the file (or pipe) overlaps with the next chunk's lookups. A chunk may
/// come in parts (one per core, each of whole rows), written one after the other without joining them first.
///
/// A failed write (a full disk, a closed pipe) stops the writing; `write` or `finish` then throws it, so no later
/// chunk is written after a failed one.
final class BatchWrites: @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// The queue, the first failure and whether `close()` ran, behind `lock`. An `NSLock` (pthread) rather than a
    /// `Synchronization.Mutex`: ThreadSanitizer misses the ordering of a contended `Mutex` on Linux (its futex
    /// hand-over is not intercepted) and reports races that are not there; with a pthread lock the batch code can
    /// be checked under it (tools/sanitizers).
    private let lock = NSLock()
    private var items: [[[UInt8]]?] = []
    private var failure: Error?
    private var closed = false

    init(to output: BatchOutput, ahead: Int = 2) {
        // Made at 0 and raised to `ahead`: Dispatch stops the process when a semaphore is freed below the value
        // it was made with, which a run that stops early (an error) would leave this one at.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<max(1, ahead) { slots.signal() }
        // Only the writing thread uses `output` from here until `finish()` returns.
        nonisolated(unsafe) let output = output
        let writer = Thread { [self] in run(output) }
        writer.name = "hometown-batch-output"
        writer.start()
    }

    /// Queues one chunk's output, waiting while `ahead` chunks are still unwritten.
    /// - Throws: the error of an earlier write that failed.
    func write(_ parts: [[UInt8]]) throws {
        slots.wait()
        try lock.withLock {
            if let failure { throw failure }
            items.append(parts)
        }
        filled.signal()
    }

    /// Waits until everything queued is written and ends the writing thread. Calling it again is harmless.
    /// - Throws: the error of a write that failed.
    func finish() throws {
        close()
        done.wait()
        done.signal()  // for a later call
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// Lets the writing thread end once it has written what is queued, without waiting for it.
    private func close() {
        let first = lock.withLock {
            defer { closed = true }
            if !closed { items.append(nil) }
            return !closed
        }
        if first { filled.signal() }
    }

    private func run(_ output: BatchOutput) {
        do { try output.prepare() } catch { lock.withLock { failure = error } }
        while true {
            filled.wait()
            guard let parts = lock.withLock({ items.removeFirst() }) else { break }
            if lock.withLock({ failure == nil }) {
                do {
                    for part in parts { try output.write(part) }
                } catch {
                    lock.withLock { failure = error }
                }
            }
            slots.signal()
        }
        done.signal()
    }
}
