import Foundation
import HometownCore
import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Gives the memory the server has freed back to the system, every `--memory-trim-interval` once connections have
/// closed since the last time. glibc's allocator keeps freed memory in its arenas for reuse: after a burst of
/// large answers (hundreds of clients reading whole lists, or stalling until the write timeout cuts them off) the
/// resident size would stay at the burst's peak for the life of the process. `malloc_trim(0)` returns the free
/// pages of every arena; it costs a few milliseconds and runs only after connections came and went.
struct MemoryTrimService: Service {
    let connections: ConnectionCounter
    let interval: Duration
    let logger: Logger

    func run() async throws {
        guard interval > .zero else {
            // Never trims, but stays until the server stops: a service that ends stops the whole server.
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            var closedAtLastTrim = connections.closedCount
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                let closed = connections.closedCount
                guard closed != closedAtLastTrim else { continue }
                closedAtLastTrim = closed
                let before = Self.residentBytes()
                let started = ContinuousClock.now
                Self.trim()
                let after = Self.residentBytes()
                if let before, let after, before - after >= 1 << 20 {
                    logger.debug(
                        "returned freed memory to the system",
                        metadata: [
                            "MiB": "\((before - after) >> 20)", "resident MiB": "\(after >> 20)",
                            "ms": "\(DurationUnits.wholeMilliseconds(ContinuousClock.now - started))",
                        ])
                }
            }
        }
    }

    /// glibc's `malloc_trim`, looked up once (its header is not part of the C library's Swift module); nil
    /// elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Returns every arena's free pages to the system (nothing where the C library has no `malloc_trim`).
    static func trim() { _ = mallocTrim?(0) }

    /// The process's resident size in bytes (`/proc/self/statm`); nil where it cannot be read.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
