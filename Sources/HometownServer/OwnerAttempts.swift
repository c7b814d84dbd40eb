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
/// hurrying. Tries sent at once gain nothing either: a try let through (`begin`) is under way until its password
/// has been checked (`end`), and a count's tries under way are reckoned as failures that happen now, so a burst of
/// tries gets no more through than the same tries one after another would. A count is forgotten `maxBackoff`
/// after its wait has ended and its last try under way has ended. Bounded: at most `tracked` entries per table
/// (besides those with tries under way, at most one per request being checked); when full, the half failed
/// longest ago is forgotten. Thread-safe: one lock over the three tables, held for a few dictionary steps, so that
/// checking and reserving a try is one step. The calls read the clock under that lock (a test passes `now`
/// instead), so no call sees an instant stored by another that is later than its own.
final class OwnerAttempts: Sendable {
    struct Entry {
        var failures: Int
        var last: ContinuousClock.Instant
        /// Tries let through and not yet ended.
        var pending = 0
    }

    /// A post and an address's key.
    struct Pair: Hashable {
        var post: Int
        var address: String
    }

    /// How a try let through by `begin` ended.
    enum Outcome {
        /// The right password: the address's failures on the post are forgotten (`succeeded`).
        case right
        /// A wrong password or an unknown id: counted (`failed`).
        case wrong
        /// Not checked (the store or the hash pool failed): neither.
        case unchecked
    }

    private struct Tables {
        var posts: [Int: Entry] = [:]
        var addresses: [String: Entry] = [:]
        var pairs: [Pair: Entry] = [:]
    }

    let limits: OwnerLimits
    private let tables = Locked(Tables())

    /// `limits.trustedProxies`, read once (`OwnerLimits.validate()` refuses an entry that is not an address
    /// before a server starts; one that got past it trusts nobody).
    let proxies: TrustedProxies

    init(limits: OwnerLimits) {
        self.limits = limits
        proxies = (try? TrustedProxies(limits.trustedProxies)) ?? .none
    }

    /// How long an attempt on `post` from `address` (as `ClientAddress.of` gives it) must still wait (nil: it may
    /// go ahead now). Reserves nothing: `begin` checks and reserves in one step.
    func wait(post: Int, address: String, now: ContinuousClock.Instant? = nil) -> Duration? {
        let key = ClientAddress.key(address)
        return tables.withLock { wait($0, post: post, key: key, now ?? .now) }
    }

    /// Lets an attempt on `post` from `address` go ahead, counted as under way until `end(post:address:_:)`
    /// (which the caller must call once, however the check ends), or gives how long it must wait first.
    /// - Returns: nil: go ahead; else the wait, nothing reserved.
    func begin(post: Int, address: String, now: ContinuousClock.Instant? = nil) -> Duration? {
        let key = ClientAddress.key(address)
        return tables.withLock { t in
            let now = now ?? .now
            if let w = wait(t, post: post, key: key, now) { return w }
            reserve(&t.posts, post, now)
            reserve(&t.addresses, key, now)
            reserve(&t.pairs, Pair(post: post, address: key), now)
            return nil
        }
    }

    /// Ends an attempt `begin` let through: no longer under way, and counted as `outcome` says.
    func end(post: Int, address: String, _ outcome: Outcome, now: ContinuousClock.Instant? = nil) {
        let key = ClientAddress.key(address)
        let pair = Pair(post: post, address: key)
        tables.withLock { t in
            let now = now ?? .now
            release(&t.posts, post)
            release(&t.addresses, key)
            release(&t.pairs, pair)
            switch outcome {
            case .wrong: countFailure(&t, post: post, key: key, now)
            case .right: forget(&t.pairs, pair)
            case .unchecked: break
            }
            drop(&t.posts, post, now)
            drop(&t.addresses, key, now)
            drop(&t.pairs, pair, now)
        }
    }

    /// Counts a wrong password (or an unknown id) for `post` from `address`.
    func failed(post: Int, address: String, now: ContinuousClock.Instant? = nil) {
        let key = ClientAddress.key(address)
        tables.withLock { countFailure(&$0, post: post, key: key, now ?? .now) }
    }

    /// A right password for `post` from `address`: that address's failures on the post are forgotten (the post's
    /// and the address's own stay, so that an owner's success gives strangers no new free guesses).
    func succeeded(post: Int, address: String) {
        let key = ClientAddress.key(address)
        tables.withLock { forget(&$0.pairs, Pair(post: post, address: key)) }
    }

    /// Entries remembered now (posts, addresses, posts with addresses).
    var tracked: (posts: Int, addresses: Int, pairs: Int) {
        tables.withLock { ($0.posts.count, $0.addresses.count, $0.pairs.count) }
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

    /// A failure of `post` from the address with key `key`, in each of the three counts.
    private func countFailure(_ t: inout Tables, post: Int, key: String, _ now: ContinuousClock.Instant) {
        count(&t.posts, post, now)
        count(&t.addresses, key, now)
        count(&t.pairs, Pair(post: post, address: key), now)
    }

    /// The wait `begin` and `wait` give, from the tables as they are.
    private func wait(_ t: Tables, post: Int, key: String, _ now: ContinuousClock.Instant) -> Duration? {
        var waits: [Duration] = []
        if let w = remaining(t.addresses[key], now) { waits.append(w) }
        // The post's own count applies to an address that has failed on the post (see the type's comment), a try
        // of its own under way counting as a failure: else a burst from a new address would get all its free
        // tries on a post that waits, where the same tries one after another get one.
        if let pair = t.pairs[Pair(post: post, address: key)], !isStale(pair, now) {
            if let w = remaining(pair, now) { waits.append(w) }
            if pair.failures + pair.pending > 0, let w = remaining(t.posts[post], now) { waits.append(w) }
        }
        return waits.max()
    }

    /// How long a new try must wait by `entry`'s count: after its last failure, the wait its failures give; with
    /// tries under way, at least the wait as if they had all failed now.
    private func remaining(_ entry: Entry?, _ now: ContinuousClock.Instant) -> Duration? {
        guard let entry, !isStale(entry, now) else { return nil }
        // No wait before the free failures are spent, even from an entry whose `last` is later than `now`.
        let afterLast = backoff(failures: entry.failures)
        let end = entry.last + afterLast
        var wait = afterLast > .zero && end > now ? end - now : Duration.zero
        if entry.pending > 0 { wait = max(wait, backoff(failures: entry.failures + entry.pending)) }
        return wait > .zero ? wait : nil
    }

    /// Whether `e` is forgotten: `maxBackoff` after its wait ended (not after its last failure, or a guesser
    /// trying once per longest wait would start from zero with each try), and none of its tries under way.
    private func isStale(_ e: Entry, _ now: ContinuousClock.Instant) -> Bool {
        e.pending == 0 && now - e.last >= backoff(failures: e.failures) + limits.maxBackoff
    }

    private func reserve<K: Hashable>(_ table: inout [K: Entry], _ key: K, _ now: ContinuousClock.Instant) {
        if var e = table[key], !isStale(e, now) {
            e.pending += 1
            table[key] = e
            return
        }
        makeRoom(&table)
        table[key] = Entry(failures: 0, last: now, pending: 1)
    }

    private func release<K: Hashable>(_ table: inout [K: Entry], _ key: K) {
        // An entry forgotten to make room meanwhile is gone with its count: nothing to release.
        guard var e = table[key], e.pending > 0 else { return }
        e.pending -= 1
        table[key] = e
    }

    /// Forgets `key`'s failures, keeping the entry while tries are under way.
    private func forget<K: Hashable>(_ table: inout [K: Entry], _ key: K) {
        guard var e = table[key] else { return }
        if e.pending == 0 {
            table.removeValue(forKey: key)
        } else {
            e.failures = 0
            table[key] = e
        }
    }

    /// Removes `key`'s entry once it counts nothing (no failure, no try under way) or is forgotten.
    private func drop<K: Hashable>(_ table: inout [K: Entry], _ key: K, _ now: ContinuousClock.Instant) {
        guard let e = table[key] else { return }
        if (e.failures == 0 && e.pending == 0) || isStale(e, now) { table.removeValue(forKey: key) }
    }

    private func count<K: Hashable>(_ table: inout [K: Entry], _ key: K, _ now: ContinuousClock.Instant) {
        if var e = table[key], !isStale(e, now) {
            e.failures += 1
            e.last = now
            table[key] = e
            return
        }
        // No entry, or a forgotten one (which has no try under way): a new count.
        makeRoom(&table)
        table[key] = Entry(failures: 1, last: now)
    }

    /// When `table` holds `tracked` entries: forgets the half failed longest ago, keeping every entry with tries
    /// under way (amortized: once per tracked/2 new entries).
    private func makeRoom<K: Hashable>(_ table: inout [K: Entry]) {
        guard table.count >= limits.tracked else { return }
        let under = table.filter { $0.value.pending > 0 }
        let rest = table.filter { $0.value.pending == 0 }.sorted { $0.value.last > $1.value.last }
        var kept = under
        for (k, v) in rest.prefix(max(0, limits.tracked / 2 - under.count)) { kept[k] = v }
        table = kept
    }
}
