import Synchronization

/// Answers of GET endpoints kept until the next successful post, so repeated reads skip the database.
///
/// Every stored answer carries the generation it was computed in; a post bumps the generation after its insert
/// committed, which makes every older answer a miss. A reader reads the generation before it queries, so an
/// answer computed while a post was landing is stored under the old generation and never served after it.
/// At most `capacity` answers are kept; when full, the oldest generation's answers go first (all are dropped).
final class ResponseCache<Value: Sendable>: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var entries: [String: (generation: UInt64, value: Value)] = [:]
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The current generation (read before computing an answer).
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The answer for `key` if it is of the current generation.
    func value(for key: String) -> Value? {
        state.withLock { s in
            guard let e = s.entries[key], e.generation == s.generation else { return nil }
            return e.value
        }
    }

    /// Keeps `value` for `key`, computed in `generation`.
    func store(_ value: Value, for key: String, generation: UInt64) {
        state.withLock { s in
            guard generation == s.generation else { return }
            if s.entries.count >= capacity { s.entries.removeAll(keepingCapacity: true) }
            s.entries[key] = (generation, value)
        }
    }

    /// Makes every stored answer stale (called after each successful post).
    func invalidate() {
        state.withLock { s in
            s.generation &+= 1
            s.entries.removeAll(keepingCapacity: true)
        }
    }
}
