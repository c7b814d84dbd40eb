import Synchronization

/// The server's open connections, counted across event loops, against `--max-connections`.
final class ConnectionCounter: Sendable {
    /// Connections served at once; one more is refused.
    let limit: Int
    private let open = Atomic<Int>(0)
    private let closed = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    /// Counts a newly accepted connection; returns the count with it and whether it is within the limit.
    func admit() -> (admitted: Bool, count: Int) {
        let n = open.wrappingAdd(1, ordering: .relaxed).newValue
        return (n <= limit, n)
    }

    /// Uncounts a closed connection (every admitted one, served or refused).
    func release() {
        open.wrappingSubtract(1, ordering: .relaxed)
        closed.wrappingAdd(1, ordering: .relaxed)
    }

    /// Connections closed since the server started.
    var closedCount: Int { closed.load(ordering: .relaxed) }

    /// Connections open now.
    var count: Int { open.load(ordering: .relaxed) }
}
