import Foundation
import HometownCore

/// A batch's answers written to its `BatchOutput` on a thread of its own, in order, at most `ahead` chunks behind
/// the rows being answered: the copy into the file (or pipe) overlaps with the next chunk's lookups. A chunk may
/// come in parts of whole rows, written one after the other without joining them first.
///
/// A failed write (a full disk, a closed pipe) stops the writing; `write` or `finish` then throws it, so no later
/// chunk is written after a failed one.
final class BatchWrites: @unchecked Sendable {
    /// The chunks queued and not yet written, each in parts.
    private let queue: BoundedQueue<[[UInt8]]>
    /// Raised once by the writing thread when it ends.
    private let done = DispatchSemaphore(value: 0)
    /// The first failed write.
    private let failure = Locked<Error?>(nil)

    init(to output: BatchOutput, ahead: Int = 2) {
        queue = BoundedQueue(capacity: ahead)
        // Only the writing thread uses `output` from here until `finish()` returns.
        nonisolated(unsafe) let output = output
        let writer = Thread { [self] in run(output) }
        writer.name = "hometown-batch-output"
        writer.start()
    }

    /// Queues one chunk's output, waiting while `ahead` chunks are still unwritten.
    /// - Throws: the error of an earlier write that failed.
    func write(_ parts: [[UInt8]]) throws {
        if let failure = failure.withLock({ $0 }) { throw failure }
        // Refused only after `finish()`: what is written after it would be lost, so say so.
        guard queue.put(parts) else { throw BatchWritesFinished() }
    }

    /// Waits until everything queued is written and ends the writing thread. Calling it again is harmless.
    /// - Throws: the error of a write that failed.
    func finish() throws {
        queue.close()
        done.wait()
        done.signal()  // for a later call
        if let failure = failure.withLock({ $0 }) { throw failure }
    }

    /// `write` after `finish()`: a misuse of `BatchWrites`, never met by `BatchRunner`.
    struct BatchWritesFinished: Error {}

    private func run(_ output: BatchOutput) {
        // The file is emptied (or cut back for --resume) by the first write, not before: a run refused before it
        // writes (an input without coordinate columns, another run's file to resume) leaves the file as it was.
        var failed = false
        // After a failure the rest is taken and dropped, so that `write` never waits on a full queue.
        while let parts = queue.take() {
            guard !failed else { continue }
            do {
                for part in parts { try output.write(part) }
            } catch {
                failure.withLock { $0 = error }
                failed = true
            }
        }
        done.signal()
    }
}
