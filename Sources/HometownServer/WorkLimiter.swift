import HometownCore

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
    /// What a refusal names.
    let reason: ServerBusy.Reason
    private let state = Locked(State())

    init(running: Int, waiting: Int, maxWait: Duration, reason: ServerBusy.Reason = .expensiveWork) {
        maxRunning = max(1, running)
        maxWaiting = max(0, waiting)
        self.maxWait = maxWait
        self.reason = reason
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
        enum Decision {
            case run, refuse
            case wait(UInt64)
        }
        let first: Decision = state.withLock { s in
            if s.running < maxRunning {
                s.running += 1
                return .run
            }
            guard s.queue.count < maxWaiting else { return .refuse }
            s.nextID &+= 1
            return .wait(s.nextID)
        }
        guard case .wait(let id) = first else {
            if case .refuse = first { throw ServerBusy(reason: reason) }
            return
        }
        // Decided again, and queued, under one lock: a turn freed since the first look is taken at once (a release
        // that found the queue empty has freed it), and the queue never grows past its limit.
        let timeout = TimeoutHolder()
        defer { timeout.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
                enum Outcome { case run, refuse, cancelled, queued }
                let outcome: Outcome = state.withLock { s in
                    if Task.isCancelled { return .cancelled }
                    if s.running < maxRunning {
                        s.running += 1
                        return .run
                    }
                    guard s.queue.count < maxWaiting else { return .refuse }
                    s.queue.append(Waiter(id: id, continuation: c))
                    return .queued
                }
                switch outcome {
                case .run: c.resume()
                case .refuse: c.resume(throwing: ServerBusy(reason: reason))
                case .cancelled: c.resume(throwing: CancellationError())
                case .queued:
                    // If the turn comes first, this finds nothing to abandon and ends at its deadline.
                    timeout.start(
                        Task { [maxWait, reason] in
                            try? await Task.sleep(for: maxWait)
                            self.abandon(id, with: ServerBusy(reason: reason))
                        })
                }
            }
        } onCancel: {
            self.abandon(id, with: CancellationError())
        }
        // The lock once more after the turn came: `release` held it before resuming this wait, so ThreadSanitizer
        // sees the order between the last turn and this one even when the wait was resumed before it had begun
        // (the Swift runtime then goes on with an atomic load the sanitizer does not see).
        state.withLock { _ in }
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

/// The timer of a queued wait, cancelled once the wait is over.
private final class TimeoutHolder: Sendable {
    private let state = Locked<(task: Task<Void, Never>?, done: Bool)>((nil, false))

    func start(_ t: Task<Void, Never>) {
        let cancelNow = state.withLock { s -> Bool in
            if s.done { return true }
            s.task = t
            return false
        }
        if cancelNow { t.cancel() }
    }

    func cancel() {
        let t = state.withLock { s -> Task<Void, Never>? in
            s.done = true
            return s.task
        }
        t?.cancel()
    }
}

/// The server refuses work for now (503 with Retry-After): too many requests are running or waiting for a turn.
struct ServerBusy: Error, Equatable {
    enum Reason: Equatable {
        /// Cluster indexes, region fits (`--max-expensive-work`).
        case expensiveWork
        /// Posts waiting for their turn to be stored.
        case writes
    }
    let reason: Reason

    /// What the 503 says.
    var message: String {
        switch reason {
        case .expensiveWork: return "the server is busy with other expensive requests; try again in a few seconds"
        case .writes: return "too many posts are waiting to be stored; try again in a few seconds"
        }
    }
}
