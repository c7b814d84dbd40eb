import HometownCore

/// Wrong owner passwords and the waits they impose (`OwnerLimits`). Addresses are counted by
/// `ClientAddress.key` (an IPv4 address, or an IPv6 address's /64). Three counts, each with the same schedule:
/// once `freeFailures` failures are spent, a try must wait `firstBackoff` (1 s) after the last failure, doubling
/// with each further failure up to `maxBackoff`:
/// - per address, across posts: a stranger's guesses slow the stranger, on every post;
/// - per post and address: an address's guesses on one post;
/// - per post, from all addresses together: while the post waits, an address that has failed on that post is
///   refused as well. An address without a failure on the post is checked all the same, so that strangers'
///   guesses never refuse the owner with the right password from an address of their own.
///
/// So the guesses on one post, from all addresses together, are at most the post's schedule (`freeFailures`,
/// then one per wait: with the defaults 17 in the first hour, then 4 an hour) plus one per further
/// address (IPv4 address or IPv6 /64) per `maxBackoff`, and each address no more than its own schedule over all
/// posts. A try during a wait is refused (429) without being checked or counted, so a guesser gains nothing by
/// hurrying. A count is forgotten `maxBackoff` after its wait has ended. Bounded: at most `tracked` entries per table; when
/// full, the half failed longest ago is forgotten. Thread-safe (one lock per table, held for a dictionary step).
final class OwnerAttempts: Sendable {
    struct Entry {
        var failures: Int
        var last: ContinuousClock.Instant
    }

    /// A post and an address's key.
    struct Pair: Hashable {
        var post: Int
        var address: String
    }

    let limits: OwnerLimits
    private let posts = Locked<[Int: Entry]>([:])
    private let addresses = Locked<[String: Entry]>([:])
    private let pairs = Locked<[Pair: Entry]>([:])

    init(limits: OwnerLimits) { self.limits = limits }

    /// How long an attempt on `post` from `address` (as `ClientAddress.of` gives it) must still wait (nil: it may
    /// go ahead now).
    func wait(post: Int, address: String, now: ContinuousClock.Instant = .now) -> Duration? {
        let key = ClientAddress.key(address)
        var waits: [Duration] = []
        if let w = addresses.withLock({ remaining($0[key], now) }) { waits.append(w) }
        let pair = pairs.withLock { $0[Pair(post: post, address: key)] }.flatMap { isStale($0, now) ? nil : $0 }
        if let pair {
            if let w = remaining(pair, now) { waits.append(w) }
            if let w = posts.withLock({ remaining($0[post], now) }) { waits.append(w) }
        }
        return waits.max()
    }

    /// Counts a wrong password (or an unknown id) for `post` from `address`.
    func failed(post: Int, address: String, now: ContinuousClock.Instant = .now) {
        let key = ClientAddress.key(address)
        posts.withLock { count(&$0, post, now) }
        addresses.withLock { count(&$0, key, now) }
        pairs.withLock { count(&$0, Pair(post: post, address: key), now) }
    }

    /// A right password for `post` from `address`: that address's failures on the post are forgotten (the post's
    /// and the address's own stay, so that an owner's success gives strangers no new free guesses).
    func succeeded(post: Int, address: String) {
        let key = ClientAddress.key(address)
        _ = pairs.withLock { $0.removeValue(forKey: Pair(post: post, address: key)) }
    }

    /// Entries remembered now (posts, addresses, posts with addresses).
    var tracked: (posts: Int, addresses: Int, pairs: Int) {
        (posts.withLock { $0.count }, addresses.withLock { $0.count }, pairs.withLock { $0.count })
    }

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

    /// Whether `e` is forgotten: `maxBackoff` after its wait ended (not after its last failure, or a guesser
    /// trying once per longest wait would start from zero with each try).
    private func isStale(_ e: Entry, _ now: ContinuousClock.Instant) -> Bool {
        now - e.last >= backoff(failures: e.failures) + limits.maxBackoff
    }

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
