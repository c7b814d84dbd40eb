import Foundation
import HometownCore

#if canImport(Glibc)
    import Glibc
#endif

/// Progress of a batch run on standard error, only when standard error is a terminal (and not `--quiet`):
/// rows done, rows per second, time so far, and an estimate of the time left when the input's size is known.
/// Rewritten in place at most twice a second; erased at the end.
final class BatchProgress {
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var lastShown = ContinuousClock.now
    private var shown = false

    init(quiet: Bool) { enabled = !quiet && isatty(2) == 1 }

    /// Reports `rows` done after `bytesRead` of `size` input bytes (size nil: unknown).
    func update(rows: Int, bytesRead: Int, size: Int?) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= .milliseconds(500) else { return }
        lastShown = now
        let line = BatchProgress.line(
            rows, "rows", elapsed: BatchProgress.seconds(now - start), bytesRead: bytesRead, size: size)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        shown = true
    }

    /// Erases the progress line.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// "N rows, R rows/s, m:ss", and ", about m:ss left (P %)" when `size` is known and `bytesRead` of it done.
    static func line(_ count: Int, _ unit: String, elapsed: Double, bytesRead: Int, size: Int?) -> String {
        var line = "\(count) \(unit), \(Int(Double(count) / max(elapsed, 1e-3))) \(unit)/s, \(clock(elapsed))"
        if let size, size > 0, bytesRead > 0, bytesRead < size {
            let left = elapsed * Double(size - bytesRead) / Double(bytesRead)
            line += ", about \(clock(left)) left (\(Int(100 * Double(bytesRead) / Double(size))) %)"
        }
        return line
    }

    /// A duration in seconds.
    static func seconds(_ d: Duration) -> Double { DurationUnits.seconds(d) }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
