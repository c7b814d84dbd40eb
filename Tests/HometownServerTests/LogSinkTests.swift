import Foundation
import HometownTestSupport
import Testing

@testable import HometownServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server's log never makes a request wait for standard error: with a pipe nobody reads, warnings are appended
/// at once, the buffer stays bounded, and the lines dropped are counted in a line once the pipe is read again.
@Suite struct LogSinkTests {
    @Test(.timeLimit(.minutes(1))) func aStalledReaderNeitherBlocksNorGrowsTheLog() async throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let sink = LogSink(fd: fds[1])
        let line = String(repeating: "x", count: 1000) + "\n"
        let start = ContinuousClock.now
        // 12 MiB of warnings: three times the buffer (one buffer may be in the writer's hands), far more than a pipe
        // holds.
        for _ in 0..<(12 << 10) { sink.append(line, urgent: true) }
        #expect(ContinuousClock.now - start < .seconds(5), "appending waited for the pipe")
        // Now read everything until the writer has been idle for a second: the kept lines, and the counts of the
        // dropped ones (one line per write that followed drops). No line may be lost without being counted.
        let reader = fds[0]
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        let text = await offThePool {
            var text = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var lastData = ContinuousClock.now
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline, ContinuousClock.now - lastData < .seconds(1) {
                let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
                if n > 0 {
                    text += buffer[0..<n]
                    lastData = ContinuousClock.now
                } else {
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
            return text
        }
        let lines = text.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let kept = lines.filter { $0.hasPrefix("x") }.count
        let dropped = lines.compactMap { line -> Int? in
            guard let r = line.range(of: " log lines dropped") else { return nil }
            return Int(line[..<r.lowerBound].split(separator: " ").last ?? "")
        }
        #expect(!dropped.isEmpty, "no line says lines were dropped")
        #expect(kept + dropped.reduce(0, +) == 12 << 10, "\(kept) kept, \(dropped) dropped")
        // At most two buffers' worth kept while the reader stalled (one being written, one pending), plus what the
        // pipe holds.
        #expect(kept > 1000 && kept <= 2 * LogSink.maxPendingBytes / 1001 + 70, "\(kept) lines kept")
    }
}
