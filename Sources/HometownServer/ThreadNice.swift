import HometownCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// Lowers the scheduling priority of the calling thread (Linux: a thread's own nice value), so that the heavy
/// work of the server's own pools (scrypt hashes, cluster indexes, steps of large answers) gives way to request
/// handlers and event loops when both want a core, and takes whatever is left otherwise.
enum ThreadNice {
    /// Nice value of the password hashing threads: a hash takes about 0.4 s of a core; a GET's microseconds come first.
    static let hashing: Int32 = 10
    /// Nice value of the bulk threads (cluster indexes, large answers, gzip of large parts).
    static let bulk: Int32 = 5

    /// Sets the calling thread's nice value (only lowers priority; a failure leaves it as it was). On Linux the
    /// nice value belongs to each thread, and `setpriority(PRIO_PROCESS, 0, ...)` sets the caller's own.
    static func set(_ value: Int32) {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value)
        #endif
    }
}

extension NIOThreadPool {
    /// Runs `body` on one of the pool's threads at `nice` (see `ThreadNice`), and returns what it returns or throws
    /// what it throws.
    ///
    /// The result comes back through a pthread mutex as well as through the continuation that wakes the caller. The
    /// continuation orders the two threads, but when the pool thread resumes it before the caller has begun to wait,
    /// the Swift runtime lets the caller go on with an atomic load of its own (`swift_continuation_await`), which
    /// ThreadSanitizer does not see: everything the pool thread wrote (an answer's bytes, a tile) then looks unordered
    /// with the caller's reads, and a race that is not there is reported. The mutex is an order the sanitizer sees,
    /// so a report on these values means a real race. It costs one uncontended lock a call, beside work of
    /// milliseconds.
    func run<T: Sendable>(nice: Int32, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let handoff = Locked<Result<T, any Error>?>(nil)
        try await runIfActive {
            ThreadNice.set(nice)
            let result = Result { try body() }
            handoff.withLock { $0 = result }
        }
        guard let result = handoff.withLock({ $0 }) else {
            preconditionFailure("the pool returned without running the work")
        }
        return try result.get()
    }
}
