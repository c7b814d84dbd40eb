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
    /// Runs `body` on one of the pool's threads at `nice` (see `ThreadNice`).
    func run<T: Sendable>(nice: Int32, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await runIfActive {
            ThreadNice.set(nice)
            return try body()
        }
    }
}
