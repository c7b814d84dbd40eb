import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Splitting a batch over all cores. The bodies run concurrently on disjoint parts; both calls return only
/// when every part is done, so the bodies need not be `@Sendable` (they are never used after the call).
/// Public for the batch commands, which split their own parsing and writing the same way.
public enum Parallel {
    /// The number of online cores.
    public static let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Runs `body` over contiguous chunks of 0..<n (4,096 each) on `cores` threads at most (nil: all cores);
    /// each index is visited once.
    static func chunks(_ n: Int, cores: Int? = nil, _ body: (Range<Int>) -> Void) {
        let chunk = 4096
        let count = (n + chunk - 1) / chunk
        let workers = min(count, max(1, cores ?? Parallel.cores))
        if workers <= 1 {
            if n > 0 { body(0..<n) }
            return
        }
        if workers >= Parallel.cores {
            // Every core: let Dispatch hand out the chunks as threads come free.
            slices(count) { k in body((k * chunk)..<min(n, (k + 1) * chunk)) }
            return
        }
        // Fewer threads than cores: worker w takes chunks w, w + workers, ...
        slices(workers) { w in
            var k = w
            while k < count {
                body((k * chunk)..<min(n, (k + 1) * chunk))
                k += workers
            }
        }
    }

    /// Runs `body(0)`, ..., `body(count - 1)` on all cores; returns when all are done. The bodies must write
    /// disjoint memory.
    public static func slices(_ count: Int, _ body: (Int) -> Void) {
        if count == 1 {
            body(0)
            return
        }
        // The callers write disjoint ranges; concurrentPerform returns when every iteration is done.
        nonisolated(unsafe) let run = body
        DispatchQueue.concurrentPerform(iterations: count) { k in run(k) }
    }
}
