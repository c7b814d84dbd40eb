import Foundation
import HometownCore
import Logging
import Synchronization

/// A swift-log handler for the server's one line per request: lines are formatted cheaply
/// (`2026-11-23T15:36:33.123Z info hometown.server: GET /hometown/count 200 0.02 ms`) and appended to a buffer
/// that a background thread writes to standard error every 50 ms (at once for warnings and worse), so that a
/// request never waits for the terminal or the disk. `LogSink.flush()` writes what is pending (the server calls
/// it when it stops); a `kill -9` can lose the last 50 ms of lines, never a stored post.
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

    private let fd: Int32
    private let pending = Mutex<[UInt8]>([])

    init(fd: Int32) {
        self.fd = fd
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                self.flush()
            }
        }
        thread.name = "hometown-log"
        thread.start()
    }

    func append(_ line: String, urgent: Bool) {
        pending.withLock { $0.append(contentsOf: line.utf8) }
        if urgent { flush() }
    }

    /// Writes every pending line now.
    public func flush() {
        let bytes = pending.withLock { buffer -> [UInt8] in
            let out = buffer
            buffer.removeAll(keepingCapacity: true)
            return out
        }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n <= 0 { return }
            done += n
        }
    }
}
