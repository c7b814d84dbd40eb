import HometownCore

/// One write at a time on a connection, in the order they arrive: a transaction's statements are never mixed with
/// another call's (a statement sent while another call's transaction is open would join it, and be rolled back
/// with it). The wait is not bounded here: each turn is (the busy timeout, then the statements).
final class WriteTurns: Sendable {
    private struct State {
        var taken = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Runs `body` in the next free turn.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        await take()
        defer { handOn() }
        return try await body()
    }

    private func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if !s.taken {
                    s.taken = true
                    return true
                }
                s.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        // The lock once more after waking: whoever handed the turn on held it before resuming this wait, so
        // ThreadSanitizer sees the order between that turn's writes and this one's. The continuation alone orders
        // them too, but when it is resumed before this task has begun to wait, the Swift runtime goes on with an
        // atomic load the sanitizer does not see.
        state.withLock { _ in }
    }

    /// Gives the turn to the longest waiting, or frees it.
    private func handOn() {
        let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
            guard !s.waiting.isEmpty else {
                s.taken = false
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.resume()
    }
}
