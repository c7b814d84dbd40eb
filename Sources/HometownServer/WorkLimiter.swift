import Synchronization

/// At most `running` expensive computations at once (building a cluster index, fitting a region), at most
/// `waiting` more queued for a turn, each for at most `maxWait`: beyond that the request is refused with
/// `ServerBusy` (503 with Retry-After) instead of piling up. Cheap answers never pass through it, so they never
/// wait behind expensive ones.
final class WorkLimiter: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var queue: [Waiter] = []
        var nextID: UInt64 = 0
    }

    let maxRunning: Int
    let maxWaiting: Int
    let maxWait: Duration
    private let state = Mutex(State())

    init(running: Int, waiting: Int, maxWait: Duration) {
        maxRunning = max(1, running)
        maxWaiting = max(0, waiting)
        self.maxWait = maxWait
    }

    /// Runs `body` when a turn is free (at once, or after waiting at most `maxWait`).
    /// - Throws: `ServerBusy` when the queue is full or the wait ran out, `CancellationError` when the request went
    ///   away while waiting, or what `body` throws.
    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Computations running and waiting now.
    var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.queue.count) } }

    private func acquire() async throws {
        enum Decision { case run, refuse, wait(UInt64) }
        let decision: Decision = state.withLock { s in
            if s.running < maxRunning {
                s.running += 1
                return .run
            }
            guard s.queue.count < maxWaiting else { return .refuse }
            s.nextID &+= 1
            return .wait(s.nextID)
        }
        switch decision {
        case .run: return
        case .refuse: throw ServerBusy(reason: .expensiveWork)
        case .wait(let id):
            let timeout = Task { [maxWait] in
                try? await Task.sleep(for: maxWait)
                self.abandon(id, with: ServerBusy(reason: .expensiveWork))
            }
            defer { timeout.cancel() }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
                    let cancelled = state.withLock { s in
                        if Task.isCancelled { return true }
                        s.queue.append(Waiter(id: id, continuation: c))
                        return false
                    }
                    if cancelled { c.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                self.abandon(id, with: CancellationError())
            }
        }
    }

    /// Takes waiter `id` out of the queue, if it is still there, and fails its wait with `error`.
    private func abandon(_ id: UInt64, with error: any Error) {
        let waiter: Waiter? = state.withLock { s in
            guard let i = s.queue.firstIndex(where: { $0.id == id }) else { return nil }
            return s.queue.remove(at: i)
        }
        waiter?.continuation.resume(throwing: error)
    }

    /// Hands the turn to the first waiter, or frees it.
    private func release() {
        let next: Waiter? = state.withLock { s in
            if s.queue.isEmpty {
                s.running -= 1
                return nil
            }
            return s.queue.removeFirst()
        }
        next?.continuation.resume()
    }
}

/// The server refuses work for now (503 with Retry-After): too many expensive computations are running or waiting.
struct ServerBusy: Error, Equatable {
    enum Reason: Equatable { case expensiveWork }
    let reason: Reason
}
