import Foundation

/// A batch input cut into chunks of whole records on a thread of its own, at most `ahead` chunks ahead of the
/// rows being answered: reading, finding record boundaries and counting lines overlap with the lookups instead
/// of leaving the other cores idle between chunks. A chunk is cut when `rows` records wait (an eighth of that
/// for the first, so that the lookups start early), or when the input has nothing more ready now (so a pipe's
/// rows are answered while it is still being written), or at the end.
///
/// Memory stays bounded: `ahead` chunks plus the one being read. The reading thread owns the `BatchInput` until
/// it has delivered the last chunk (or an error); `stop()` makes it end at its next chunk.
final class BatchChunks: @unchecked Sendable {
    struct Chunk {
        /// Whole records (the last may lack its line feed when `last`).
        var bytes: [UInt8]
        /// The line the first byte is on.
        var firstLine: Int
        /// Whether this is the input's last chunk.
        var last: Bool
        /// Whether the last record was cut short by a truncated input.
        var cut: Bool
        /// The input's bytes read so far (for progress).
        var bytesRead: Int
    }

    /// The chunks read and not yet taken (or the error that ended reading).
    private let queue: BoundedQueue<Result<Chunk, Error>>

    init(input: BatchInput, kind: RecordBuffer.Kind, rows: Int, ahead: Int = 2) {
        queue = BoundedQueue(capacity: ahead)
        // Only the reading thread uses `input` from here until it delivers the last chunk.
        nonisolated(unsafe) let input = input
        let reader = Thread { [self] in read(input, kind: kind, rows: rows) }
        reader.name = "hometown-batch-input"
        reader.start()
    }

    /// The next chunk, waiting for the reading thread when it has none ready.
    /// - Throws: what reading the input threw (a read error, damaged gzip data); no chunk follows an error.
    func next() throws -> Chunk {
        // The reading thread ends only after the last chunk or an error, or after `stop()`, which comes last.
        guard let item = queue.take() else { throw BatchChunksStopped() }
        return try item.get()
    }

    /// Makes the reading thread end before its next chunk (when the answers can no longer be written).
    func stop() { queue.close() }

    /// `next()` after `stop()`: a misuse of `BatchChunks`, never met by `BatchRunner`.
    struct BatchChunksStopped: Error {}

    private func read(_ input: BatchInput, kind: RecordBuffer.Kind, rows: Int) {
        var buffer = RecordBuffer(kind: kind)
        var eof = false
        // The first chunk is smaller, so that the lookups start while the rest is read.
        var wanted = max(1, rows / 8)
        while !eof {
            let item: Result<Chunk, Error>
            do {
                if let data = try input.next() { buffer.append(data) } else { eof = true }
                guard eof || buffer.waiting >= wanted || (buffer.waiting > 0 && !input.moreReadyNow()) else {
                    continue
                }
                wanted = rows
                let cut = eof && input.truncated && buffer.hasPartialRecord
                let (bytes, firstLine) = buffer.take(all: eof)
                item = .success(
                    Chunk(bytes: bytes, firstLine: firstLine, last: eof, cut: cut, bytesRead: input.bytesRead))
            } catch {
                item = .failure(error)
                eof = true
            }
            guard queue.put(item) else { return }
        }
    }
}
