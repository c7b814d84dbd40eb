import Foundation
import HometownCore
import Logging

/// A swift-log handler for the server's one line per request: lines are formatted cheaply
/// (`2026-11-23T15:36:33.123Z info hometown.server: GET /hometown/count 200 0.02 ms`) and appended to a buffer
/// that a background thread writes to standard error every 50 ms (woken at once for warnings and worse), so that
/// a request never waits for the terminal, the disk or a reader of a pipe that stopped reading. `LogSink.flush()`
/// writes what is pending (the server calls it when it stops); a `kill -9` can lose the last 50 ms of lines, never
/// a stored post. The buffer is bounded (`LogSink.maxPendingBytes`): while standard error does not take lines,
/// those beyond it are dropped and counted, and a line saying how many follows once it takes them again.
public struct BufferedLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink = .standardError) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = UTCTime.iso8601(milliseconds: UTCTime.nowMilliseconds())
        line += " \(event.level) \(label): \(event.message)"
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        line += "\n"
        sink.append(line, urgent: event.level >= .warning)
    }
}

/// The buffer behind `BufferedLogHandler`, written to a file descriptor by its own thread.
public final class LogSink: Sendable {
    /// Standard error.
    public static let standardError = LogSink(fd: 2)
    /// Bytes of lines kept while the descriptor does not take them; more are dropped (and counted).
    public static let maxPendingBytes = 4 << 20

    private let fd: Int32
    private struct Pending {
        var bytes: [UInt8] = []
        var droppedLines = 0
    }
    private let pending = Locked(Pending())
    /// Wakes the writer thread before its 50 ms are up (a warning).
    private let wake = DispatchSemaphore(value: 0)
    /// One writer at a time (the thread, or a caller of `flush`), so lines keep their order; holds the bytes
    /// written so far (a value with storage: see `Locked` on empty values).
    private let writing = Locked(0)

    init(fd: Int32) {
        self.fd = fd
        let thread = Thread { [self] in
            while true {
                _ = self.wake.wait(timeout: .now() + .milliseconds(50))
                self.flush()
            }
        }
        thread.name = "hometown-log"
        thread.start()
    }

    func append(_ line: String, urgent: Bool) {
        let kept = pending.withLock { p -> Bool in
            guard p.bytes.count + line.utf8.count <= Self.maxPendingBytes else {
                p.droppedLines += 1
                return false
            }
            p.bytes.append(contentsOf: line.utf8)
            return true
        }
        if urgent && kept { wake.signal() }
    }

    /// Writes every pending line now (blocking the caller while the descriptor does not take them).
    public func flush() {
        writing.withLock { written in
            let taken = pending.withLock { p -> ([UInt8], Int) in
                let out = (p.bytes, p.droppedLines)
                p.bytes.removeAll(keepingCapacity: true)
                p.droppedLines = 0
                return out
            }
            var bytes = taken.0
            let dropped = taken.1
            if dropped > 0 {
                let note =
                    UTCTime.iso8601(milliseconds: UTCTime.nowMilliseconds())
                    + " warning hometown.log: \(dropped) log lines dropped (standard error did not take them)\n"
                bytes.append(contentsOf: note.utf8)
            }
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
                if n <= 0 { break }
                done += n
            }
            written += done
        }
    }
}
