import Foundation
import HometownMarkers

#if canImport(Glibc)
    import Glibc
#endif

/// A progress line on standard error for work that is not a row-by-row batch (`cluster` and `region` on large
/// files): the current stage, with markers, markers per second, time so far and an estimate of the time left
/// while a file is read. Only when standard error is a terminal (and not `--quiet`); first drawn after half a
/// second, so quick runs print nothing; redrawn twice a second from a thread of its own; erased at the end.
final class StageProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private var text: ((Double) -> String)?
    private var stageStart = ContinuousClock.now
    private var running = false
    /// Which drawing thread is current: one that finds another number here stops.
    private var generation = 0
    private var shown = false

    init(quiet: Bool) { enabled = !quiet && isatty(2) == 1 }

    /// Starts a stage whose line is `describe(seconds since the stage began)`.
    func stage(_ describe: @escaping (Double) -> String) {
        guard enabled else { return }
        lock.withLock {
            text = describe
            stageStart = .now
            if !running {
                running = true
                generation += 1
                let g = generation
                Thread { [self] in self.loop(g) }.start()
            }
        }
    }

    /// Starts the stage of reading `path`, described as the reader reports.
    /// - Returns: where the reader reports, or nil when no line is drawn (nothing to report to).
    func reading(_ path: String) -> MarkerReadProgress? {
        guard enabled else { return nil }
        let reading = MarkerReadProgress()
        let name = path == "-" ? "standard input" : path
        stage { elapsed in
            let (bytes, markers) = reading.current
            guard let size = reading.totalBytes else { return "reading \(name): \(BatchProgress.clock(elapsed))" }
            return "reading \(name): "
                + BatchProgress.line(markers, "markers", elapsed: elapsed, bytesRead: bytes, size: size)
        }
        return reading
    }

    /// Erases the line and stops redrawing.
    func finish() {
        guard enabled else { return }
        lock.withLock {
            running = false
            text = nil
            if shown {
                StageProgress.write("\r\u{1B}[K")
                shown = false
            }
        }
    }

    private func loop(_ g: Int) {
        let begun = ContinuousClock.now
        while true {
            usleep(100_000)
            let done: Bool = lock.withLock {
                guard running, generation == g else { return true }
                let now = ContinuousClock.now
                guard now - begun >= .milliseconds(500), let text else { return false }
                StageProgress.write("\r\u{1B}[K" + text(BatchProgress.seconds(now - stageStart)))
                shown = true
                return false
            }
            if done { return }
            usleep(400_000)
        }
    }

    private static func write(_ s: String) {
        var e = StandardError()
        e.write(s)
    }
}
