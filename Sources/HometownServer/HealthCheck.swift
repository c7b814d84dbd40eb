import HometownCore
import HometownProtocol
import HometownStore
import Logging

/// What `GET /healthz` reports: the server is ready when its in-memory view is loaded (it is before the server
/// listens) and the store can take writes, within `timeout`: it answers one cheap query (`UserStore.nextID`), and,
/// after a write failed for want of storage (`UserStore.storageProblem`), a test write (`UserStore.probeWrite`,
/// in turn with the server's writes) succeeds.
///
/// One query at a time: checks that arrive while one runs wait for its answer (so a store that hangs does not
/// collect a query per check), each for at most `timeout`. A query that outlives its timeout is left to finish
/// on its own; the next check after it starts a new one.
final class HealthCheck: Sendable {
    /// What a check found.
    enum Outcome: Sendable, Equatable {
        /// Ready: the store's next id and how long its query took, in milliseconds.
        case ready(storeNextID: Int, milliseconds: Double)
        /// Not ready, with the reason in words.
        case notReady(String)
    }

    let store: any UserStore
    let view: UserView
    /// The server's turns for writes, which the test write takes too.
    let writes: WorkLimiter
    /// How long a check waits for the store.
    let timeout: Duration
    let logger: Logger
    /// The query running now, shared by the checks that wait for it.
    private let running = Locked<Task<Outcome, Never>?>(nil)

    init(store: any UserStore, view: UserView, writes: WorkLimiter, timeout: Duration, logger: Logger) {
        self.store = store
        self.view = view
        self.writes = writes
        self.timeout = timeout
        self.logger = logger
    }

    /// Checks the store (joining a query already running), waiting at most `timeout`.
    func check() async -> Outcome {
        let query = running.withLock { current -> Task<Outcome, Never> in
            if let current { return current }
            let task = Task { [self] in
                let outcome = await self.query()
                self.running.withLock { $0 = nil }
                return outcome
            }
            current = task
            return task
        }
        if let outcome = await Self.value(of: query, within: timeout) { return outcome }
        let seconds = Double(DurationUnits.wholeMilliseconds(timeout)) / 1000
        logger.warning("health check: the database did not answer within \(seconds) s")
        return .notReady("the database did not answer within \(seconds) s")
    }

    /// One query of the store.
    private func query() async -> Outcome {
        let start = ContinuousClock.now
        do {
            let next = try await store.nextID()
            if store.storageProblem != nil {
                let store = self.store
                try await writes.run { try await store.probeWrite() }
            }
            let nanos = DurationUnits.wholeNanoseconds(ContinuousClock.now - start)
            return .ready(storeNextID: next, milliseconds: Double(nanos / 1000) / 1000)
        } catch StoreError.busy {
            return .notReady("the database is locked by another program")
        } catch StoreError.storageUnavailable(let detail) {
            return .notReady("the database cannot take writes (its disk is full or failing): \(detail)")
        } catch StoreError.unavailable(let detail) {
            logger.warning("health check: the database server cannot be reached", metadata: ["error": "\(detail)"])
            return .notReady("the database server cannot be reached (the server's log says why)")
        } catch is ServerBusy {
            return .notReady("the server's writes are queued beyond their limit")
        } catch {
            logger.error("health check: the database failed", metadata: ["error": "\(error)"])
            return .notReady("the database cannot be read (the server's log says why)")
        }
    }

    /// `task`'s value, or nil when it takes longer than `limit` (the task is not cancelled: others may share it).
    private static func value(of task: Task<Outcome, Never>, within limit: Duration) async -> Outcome? {
        let gate = Gate()
        await withCheckedContinuation { continuation in
            gate.arm(continuation)
            let timer = Task {
                try? await Task.sleep(for: limit)
                gate.resume(nil)
            }
            Task {
                let outcome = await task.value
                timer.cancel()
                gate.resume(outcome)
            }
        }
        return gate.outcome
    }

    /// Resumes a continuation once, with whichever of the answer and the timeout comes first. The outcome is read
    /// back under the gate's lock, not carried by the continuation, so that ThreadSanitizer sees its order (see
    /// `NIOThreadPool.run(nice:_:)`).
    private final class Gate: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Void, Never>?
            var outcome: Outcome?
        }
        private let state = Locked(State())

        func arm(_ c: CheckedContinuation<Void, Never>) { state.withLock { $0.continuation = c } }

        func resume(_ outcome: Outcome?) {
            state.withLock { s in
                guard let c = s.continuation else { return }
                s.outcome = outcome
                s.continuation = nil
                c.resume()
            }
        }

        /// What the first `resume` gave.
        var outcome: Outcome? { state.withLock { $0.outcome } }
    }
}
