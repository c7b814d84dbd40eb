/// Keeps a `UserView` current with its store while other connections or processes write to it: each `catchUp()`
/// appends the users with ids above the view's last one, in id order, and raises the view's next id to the
/// store's. Every backend commits users in id order (`UserStore`'s rules), so reading past the last id never skips
/// one.
///
/// Catch-ups run one at a time, in the order they were asked for. A call that arrives while another catch-up is
/// waiting to start shares it: that one starts after both calls, so it reads everything either caller could ask
/// for (identical work is done once, however many requests wait).
///
/// What a caller gets: when `catchUp()` returns, the view holds every user whose insert committed before the call.
public actor UserViewFollower {
    /// The view kept current.
    public nonisolated let view: UserView
    let store: any UserStore
    /// Users read a query.
    let batch: Int
    /// The last catch-up asked for (the next one starts after it ends).
    private var last: Task<Void, any Error>?
    /// A catch-up asked for that has not started reading yet, with its number.
    private var waiting: (number: UInt64, task: Task<Void, any Error>)?
    private var asked: UInt64 = 0

    /// A follower of `store` that appends to `view`.
    /// - Parameter batch: users read a query (a catch-up reads until a query returns fewer).
    public init(view: UserView, store: any UserStore, batch: Int = 20_000) {
        self.view = view
        self.store = store
        self.batch = max(1, batch)
    }

    /// Brings the view up to everything committed before this call.
    /// - Throws: the store's error (a `StoreError`) when it cannot be read; the view keeps what it has.
    public func catchUp() async throws {
        if let w = waiting { return try await w.task.value }
        asked &+= 1
        let number = asked
        let previous = last
        let task = Task {
            _ = await previous?.result
            await self.started(number)
            try await self.view.catchUp(from: self.store, batch: self.batch)
        }
        waiting = (number, task)
        last = task
        try await task.value
    }

    private func started(_ number: UInt64) {
        if waiting?.number == number { waiting = nil }
    }
}
