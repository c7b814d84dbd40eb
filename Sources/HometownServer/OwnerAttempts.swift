import HometownCore

/// Wrong owner passwords, counted per post and per client address, and the wait they impose (`OwnerLimits`):
/// once `freeFailures` failures are spent, an attempt must wait `firstBackoff` (1 s) after the last failure,
/// doubling with each further failure up to `maxBackoff`. An attempt made during the wait is refused (429) without being checked or counted,
/// so a guesser gains nothing by hurrying. Bounded: at most `tracked` entries per table; when full, the half failed
/// longest ago is forgotten. Thread-safe (one lock per table, held for a dictionary step).
final class OwnerAttempts: Sendable {
    struct Entry {
        var failures: Int
        var last: ContinuousClock.Instant
    }

    let limits: OwnerLimits
    private let posts = Locked<[Int: Entry]>([:])
    private let addresses = Locked<[String: Entry]>([:])

    init(limits: OwnerLimits) { self.limits = limits }

    /// How long an attempt on `post` from `address` must still wait (nil: it may go ahead now).
    func wait(post: Int, address: String, now: ContinuousClock.Instant = .now) -> Duration? {
        let a = posts.withLock { remaining($0[post], now) }
        let b = addresses.withLock { remaining($0[address], now) }
        switch (a, b) {
        case (nil, nil): return nil
        case (let x?, nil), (nil, let x?): return x
        case (let x?, let y?): return max(x, y)
        }
    }

    /// Counts a wrong password (or an unknown id) for `post` and from `address`.
    func failed(post: Int, address: String, now: ContinuousClock.Instant = .now) {
        posts.withLock { count(&$0, post, now) }
        addresses.withLock { count(&$0, address, now) }
    }

    /// A right password: the post's failures are forgotten (the address's stay).
    func succeeded(post: Int) {
        _ = posts.withLock { $0.removeValue(forKey: post) }
    }

    /// Entries remembered now (posts, addresses).
    var tracked: (posts: Int, addresses: Int) { (posts.withLock { $0.count }, addresses.withLock { $0.count }) }

    /// The wait after `failures` failures: none below `freeFailures`; after the last free one `firstBackoff`,
    /// then twice that, four times, ... up to `maxBackoff` (with 5 free failures, the 6th try waits after the 5th
    /// failure).
    func backoff(failures: Int) -> Duration {
        // 0 free failures is 1: the wait begins after the first failure either way.
        let over = failures - max(limits.freeFailures, 1) + 1
        guard over > 0 else { return .zero }
        let maximum = limits.maxBackoff
        guard over <= 40 else { return maximum }
        let wait = limits.firstBackoff * (1 << (over - 1))
        return wait >= maximum ? maximum : wait
    }

    private func remaining(_ entry: Entry?, _ now: ContinuousClock.Instant) -> Duration? {
        guard let entry, !isStale(entry, now) else { return nil }
        let end = entry.last + backoff(failures: entry.failures)
        return end > now ? end - now : nil
    }

    private func isStale(_ e: Entry, _ now: ContinuousClock.Instant) -> Bool { now - e.last >= limits.maxBackoff }

    private func count<K: Hashable>(_ table: inout [K: Entry], _ key: K, _ now: ContinuousClock.Instant) {
        if var e = table[key], !isStale(e, now) {
            e.failures += 1
            e.last = now
            table[key] = e
            return
        }
        if table.count >= limits.tracked {
            // Forget the half failed longest ago (amortized: once per tracked/2 new entries).
            let keep = table.sorted { $0.value.last > $1.value.last }.prefix(limits.tracked / 2)
            table = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
        table[key] = Entry(failures: 1, last: now)
    }
}
