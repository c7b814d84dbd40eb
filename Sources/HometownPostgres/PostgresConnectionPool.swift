import HometownCore
import HometownStore
import Logging
import PostgresNIO

/// The store's connections to one PostgreSQL server: at most `maxConnections` open, each opened when a call needs
/// one and none is idle, closed after `idleTimeout` without use, and dropped once the server has closed it.
///
/// When opening fails (the server down or restarting, log-ins refused), waiting calls keep waiting until their own
/// deadline while the pool tries again, one connection at a time, after pauses that start at 50 ms and double up
/// to `maxRetryPause`. So calls are served within about `maxRetryPause` plus one log-in of the server's return,
/// however long it was gone; a server that stays down costs one refused connection per pause. Nothing is tried
/// while no call waits: the first call after a quiet spell tries at once.
final class PostgresConnectionPool: Sendable {
    /// The first pause after a failed attempt to open a connection.
    static let firstRetryPause: Duration = .milliseconds(50)

    let configuration: PostgresConnection.Configuration
    let maxConnections: Int
    let idleTimeout: Duration
    let maxRetryPause: Duration
    let logger: Logger
    private let state = Locked(State())
    private let sweeper = Locked<Task<Void, Never>?>(nil)

    init(
        configuration: PostgresConnection.Configuration, maxConnections: Int, idleTimeout: Duration,
        maxRetryPause: Duration, logger: Logger
    ) {
        self.configuration = configuration
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = idleTimeout
        self.maxRetryPause = max(Self.firstRetryPause, maxRetryPause)
        self.logger = logger
        // The sweeper holds the pool until `close()` ends it: a pool dropped with open connections would drop them
        // unclosed (PostgresNIO asserts that none is).
        let period = max(.milliseconds(100), idleTimeout / 4)
        sweeper.withLock {
            $0 = Task.detached { [self] in
                while true {
                    do { try await Task.sleep(for: period) } catch { return }
                    perform(state.withLock { $0.closeIdle(olderThan: idleTimeout) })
                }
            }
        }
    }

    /// A connection of the pool's, waiting at most `wait` for one; give it back with `release(_:reusable:)`.
    /// - Throws: `StoreError.unavailable` when none is free within `wait` (every connection busy, or the server
    ///   not reachable: the message gives the last failure), or the pool is closed; `CancellationError`.
    func lease(within wait: Duration) async throws -> PostgresConnection {
        let id = state.withLock { $0.newID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<PostgresConnection, any Error>) in
                let effects = state.withLock { s -> [Effect] in
                    if s.closed { return [.fail(continuation, StoreError.unavailable("the store is closed"), nil)] }
                    if Task.isCancelled { return [.fail(continuation, CancellationError(), nil)] }
                    if let connection = s.takeIdle() { return [.give(continuation, connection, nil)] }
                    let timer = Task { [weak self] in
                        do { try await Task.sleep(for: wait) } catch { return }
                        self?.giveUp(id, waited: wait)
                    }
                    s.waiters.append(Waiter(id: id, continuation: continuation, timer: timer))
                    return s.openIfNeeded(max: maxConnections)
                }
                perform(effects)
            }
        } onCancel: {
            let waiter = state.withLock { $0.removeWaiter(id) }
            if let waiter { perform([.fail(waiter.continuation, CancellationError(), waiter.timer)]) }
        }
    }

    /// Gives back a leased connection: to the next waiting call, or to the idle ones. A connection that is not
    /// `reusable` (a call failed on it in a way that may have left it mid-transaction) or that the server has
    /// closed is closed and dropped.
    func release(_ connection: PostgresConnection, reusable: Bool) {
        let effects = state.withLock { s -> [Effect] in
            if s.closed || !reusable || connection.isClosed {
                s.open -= 1
                return [.close(connection)] + s.openIfNeeded(max: maxConnections)
            }
            if !s.waiters.isEmpty {
                let w = s.waiters.removeFirst()
                return [.give(w.continuation, connection, w.timer)]
            }
            s.idle.append(Idle(connection: connection, since: .now))
            return []
        }
        perform(effects)
    }

    /// Fails the waiting calls, closes the idle connections and stops; connections leased now are closed when
    /// given back, and connections being opened when they open.
    func close() async {
        let (idle, waiters) = state.withLock { s -> ([Idle], [Waiter]) in
            s.closed = true
            let taken = (s.idle, s.waiters)
            s.open -= s.idle.count
            s.idle = []
            s.waiters = []
            return taken
        }
        sweeper.withLock { $0?.cancel() }
        for w in waiters {
            w.timer?.cancel()
            w.continuation.resume(throwing: StoreError.unavailable("the store is closed"))
        }
        for i in idle { try? await i.connection.close() }
    }

    // MARK: State

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<PostgresConnection, any Error>
        let timer: Task<Void, Never>?
    }

    private struct Idle {
        let connection: PostgresConnection
        let since: ContinuousClock.Instant
    }

    private struct State {
        /// Open connections nobody holds, the most recently used last.
        var idle: [Idle] = []
        /// Connections open (idle or leased).
        var open = 0
        /// Connections being opened.
        var connecting = 0
        /// Calls waiting for a connection, the first first.
        var waiters: [Waiter] = []
        /// Failed attempts to open a connection since the last that succeeded.
        var failures = 0
        /// Why the last attempt failed, while `failures` > 0.
        var lastFailure: String?
        /// Whether a pause before the next attempt is running.
        var pausing = false
        var closed = false
        private var lastID = 0

        mutating func newID() -> Int {
            lastID += 1
            return lastID
        }

        /// The most recently used idle connection still open; closed ones found on the way are dropped.
        mutating func takeIdle() -> PostgresConnection? {
            while let i = idle.popLast() {
                if !i.connection.isClosed { return i.connection }
                open -= 1
            }
            return nil
        }

        mutating func removeWaiter(_ id: Int) -> Waiter? {
            guard let i = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: i)
        }

        /// Attempts to open as many connections as calls wait for without one being opened, within the bound;
        /// only one at a time while attempts fail, and none during a pause.
        mutating func openIfNeeded(max: Int) -> [Effect] {
            guard !closed, !pausing else { return [] }
            var count = min(waiters.count - connecting, max - open - connecting)
            if failures > 0 { count = min(count, 1 - connecting) }
            guard count > 0 else { return [] }
            connecting += count
            return (0..<count).map { _ in .open(id: newID()) }
        }

        mutating func closeIdle(olderThan limit: Duration) -> [Effect] {
            let now = ContinuousClock.now
            let old = idle.filter { now - $0.since >= limit || $0.connection.isClosed }
            guard !old.isEmpty else { return [] }
            idle.removeAll { now - $0.since >= limit || $0.connection.isClosed }
            open -= old.count
            return old.map { .close($0.connection) }
        }
    }

    /// What to do once the state's lock is released.
    private enum Effect {
        case give(CheckedContinuation<PostgresConnection, any Error>, PostgresConnection, Task<Void, Never>?)
        case fail(CheckedContinuation<PostgresConnection, any Error>, any Error, Task<Void, Never>?)
        case open(id: Int)
        case close(PostgresConnection)
        case retry(after: Duration)
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .give(let continuation, let connection, let timer):
                timer?.cancel()
                continuation.resume(returning: connection)
            case .fail(let continuation, let error, let timer):
                timer?.cancel()
                continuation.resume(throwing: error)
            case .open(let id):
                let configuration = self.configuration
                let logger = self.logger
                Task.detached { [self] in
                    do {
                        let connection = try await PostgresConnection.connect(
                            configuration: configuration, id: id, logger: logger)
                        opened(connection)
                    } catch {
                        failedToOpen(error)
                    }
                }
            case .close(let connection):
                // The task keeps the connection until it is closed (PostgresNIO asserts that no open connection
                // is dropped).
                if !connection.isClosed { Task { try? await connection.close() } }
            case .retry(let pause):
                Task { [weak self] in
                    try? await Task.sleep(for: pause)
                    guard let self else { return }
                    self.perform(
                        self.state.withLock { s in
                            s.pausing = false
                            return s.openIfNeeded(max: self.maxConnections)
                        })
                }
            }
        }
    }

    private func opened(_ connection: PostgresConnection) {
        let (effects, failed) = state.withLock { s -> ([Effect], Int) in
            s.connecting -= 1
            let failed = s.failures
            s.failures = 0
            s.lastFailure = nil
            if s.closed { return ([.close(connection)], failed) }
            s.open += 1
            if !s.waiters.isEmpty {
                let w = s.waiters.removeFirst()
                return ([.give(w.continuation, connection, w.timer)] + s.openIfNeeded(max: maxConnections), failed)
            }
            s.idle.append(Idle(connection: connection, since: .now))
            return ([], failed)
        }
        if failed > 0 { logger.notice("connected to the database server again after \(failed) failed attempts") }
        perform(effects)
    }

    private func failedToOpen(_ error: any Error) {
        let reason = PostgresFailure.describe(error)
        let (effects, first) = state.withLock { s -> ([Effect], Bool) in
            s.connecting -= 1
            s.failures += 1
            s.lastFailure = reason
            guard !s.closed, !s.waiters.isEmpty, !s.pausing else { return ([], s.failures == 1) }
            s.pausing = true
            return ([.retry(after: retryPause(afterFailures: s.failures))], s.failures == 1)
        }
        if first {
            logger.warning(
                "cannot connect to the database server; trying again while requests wait",
                metadata: ["error": "\(reason)"])
        }
        perform(effects)
    }

    /// 50 ms after the first failure, doubling, at most `maxRetryPause`.
    func retryPause(afterFailures failures: Int) -> Duration {
        var pause = Self.firstRetryPause
        for _ in 1..<max(1, min(failures, 30)) where pause < maxRetryPause { pause *= 2 }
        return min(pause, maxRetryPause)
    }

    /// Fails waiting call `id` at its deadline, saying why no connection came.
    private func giveUp(_ id: Int, waited: Duration) {
        let (waiter, why) = state.withLock { s -> (Waiter?, String) in
            let why: String
            if let failure = s.lastFailure {
                why = "the database server cannot be reached (\(failure))"
            } else if s.connecting > 0 {
                why = "a new connection to the database server was still being opened"
            } else {
                why = "every connection to the database server was busy"
            }
            return (s.removeWaiter(id), why)
        }
        guard let waiter else { return }
        waiter.continuation.resume(
            throwing: StoreError.unavailable("no connection within \(DurationUnits.seconds(waited)) s: \(why)"))
    }
}
