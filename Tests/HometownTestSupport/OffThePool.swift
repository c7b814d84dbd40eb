import Foundation

/// Runs blocking work (waiting for a child process, a lock held across one, a sleep) on a thread of its own and
/// awaits its result.
///
/// Swift's tasks share one cooperative pool as wide as the machine has cores (2 on our machines): a test that
/// waits for a process on a pool thread stops every other test's tasks meanwhile, their timers and the servers
/// they run in-process included, and deadlines measured there (a database pool's 5 s wait for a connection, a
/// server's idle timeout) then pass with nothing wrong. Every helper here that waits for something outside the
/// test process waits through this.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        startThread { continuation.resume(with: Result { try body() }) }
    }
}

/// `offThePool` for work that cannot fail.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        startThread { continuation.resume(returning: body()) }
    }
}

/// Starts `body` on a new thread that takes no signals: a signal (the SIGCHLD of a child's end, which Foundation
/// handles) arriving on it would end its blocking read with EINTR, and Foundation's `FileHandle` stops the process on
/// that error. The process's other threads take them.
public func startThread(_ body: @escaping @Sendable () -> Void) {
    Thread {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        body()
    }.start()
}
