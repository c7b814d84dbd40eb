import HometownCore

/// Results of expensive computations kept within a budget of bytes (least recently used first out), each valid
/// for one version of the data; and identical computations running at the same time done once, their result
/// shared by every caller that asked for it meanwhile.
///
/// A result larger than the whole budget is returned but not kept. A result of an older version than the newest
/// one seen is never served.
final class SharedCache<Value: Sendable>: Sendable {
    private struct Entry {
        let value: Value
        let bytes: Int
        var lastUse: UInt64
    }

    private struct Key: Hashable {
        let name: String
        let version: UInt64
    }

    /// A computation under way, and the callers awaiting it: each caller's check says whether it still wants
    /// the result (its client has not gone).
    private struct Flight {
        let task: Task<Value, any Error>
        var waiters: [UInt64: @Sendable () -> Bool] = [:]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var inFlight: [Key: Flight] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var newestVersion: UInt64 = 0
        var nextWaiter: UInt64 = 0
    }

    /// The most bytes kept.
    let budget: Int
    private let state = Locked(State())

    init(budget: Int) { self.budget = max(0, budget) }

    /// Bytes kept now, and results kept.
    var usage: (bytes: Int, count: Int) { state.withLock { ($0.bytes, $0.entries.count) } }

    /// The value for `name` at `version`: kept, being computed by another caller (then awaited), or computed by
    /// `compute`, which returns the value and its size in bytes.
    func value(_ name: String, version: UInt64, compute: @escaping @Sendable () async throws -> (Value, Int))
        async throws -> Value
    {
        try await value(name, version: version, wanted: { true }, compute: { _ in try await compute() })
    }

    /// The value for `name` at `version`, as `value(_:version:compute:)`, for callers that may stop waiting.
    /// - Parameters:
    ///   - wanted: whether this caller still wants the value (false once its client has gone).
    ///   - compute: is given a check that turns true once no caller awaiting the computation wants it any more;
    ///     it should then give up (throw `CancellationError`).
    /// - Throws: what `compute` throws; a computation given up by the others is started again for a caller that
    ///   still wants it (at most three times).
    func value(
        _ name: String, version: UInt64, wanted: @escaping @Sendable () -> Bool,
        compute: @escaping @Sendable (_ unwanted: @escaping @Sendable () -> Bool) async throws -> (Value, Int)
    ) async throws -> Value {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await once(name, version: version, wanted: wanted, compute: compute)
            } catch is CancellationError where attempt < 3 && wanted() && !Task.isCancelled {
                continue
            }
        }
    }

    private func once(
        _ name: String, version: UInt64, wanted: @escaping @Sendable () -> Bool,
        compute: @escaping @Sendable (_ unwanted: @escaping @Sendable () -> Bool) async throws -> (Value, Int)
    ) async throws -> Value {
        let key = Key(name: name, version: version)
        let (task, waiter): (Task<Value, any Error>, UInt64?) = state.withLock { s in
            if version > s.newestVersion {
                s.newestVersion = version
                // Older versions are never asked for again: let their bytes go now.
                for (k, e) in s.entries where k.version < version {
                    s.entries[k] = nil
                    s.bytes -= e.bytes
                }
            }
            s.clock &+= 1
            if var e = s.entries[key] {
                e.lastUse = s.clock
                s.entries[key] = e
                return (Task { e.value }, nil)
            }
            s.nextWaiter &+= 1
            let waiter = s.nextWaiter
            if s.inFlight[key] != nil {
                s.inFlight[key]!.waiters[waiter] = wanted
                return (s.inFlight[key]!.task, waiter)
            }
            let unwanted: @Sendable () -> Bool = { [weak self] in self?.isUnwanted(key) ?? true }
            let t = Task { [weak self] () async throws -> Value in
                do {
                    let (value, bytes) = try await compute(unwanted)
                    self?.finish(key, value: value, bytes: bytes)
                    return value
                } catch {
                    self?.finish(key, value: nil, bytes: 0)
                    throw error
                }
            }
            s.inFlight[key] = Flight(task: t, waiters: [waiter: wanted])
            return (t, waiter)
        }
        defer {
            if let waiter { state.withLock { s in s.inFlight[key]?.waiters[waiter] = nil } }
        }
        return try await task.value
    }

    /// Whether no caller awaiting the computation of `key` wants it any more.
    private func isUnwanted(_ key: Key) -> Bool {
        state.withLock { s in
            guard let flight = s.inFlight[key] else { return false }
            return !flight.waiters.values.contains { $0() }
        }
    }

    private func finish(_ key: Key, value: Value?, bytes: Int) {
        state.withLock { s in
            s.inFlight[key] = nil
            guard let value, bytes <= budget, key.version >= s.newestVersion else { return }
            while s.bytes + bytes > budget, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries[oldest.key] = nil
                s.bytes -= oldest.value.bytes
            }
            s.clock &+= 1
            s.entries[key] = Entry(value: value, bytes: bytes, lastUse: s.clock)
            s.bytes += bytes
        }
    }
}
