/// `hometown db copy`'s progress on standard error: a line "copied N of M users (P %)" at most once a second
/// (`interval`), and one for the last batch.
final class DbCopyProgress {
    private let interval: Duration
    private var lastShown: ContinuousClock.Instant?

    init(interval: Duration = .seconds(1)) { self.interval = interval }

    /// Reports `copied` of `total` (the source's count at the start; rows posted since may take it beyond).
    func report(copied: Int, total: Int) {
        let now = ContinuousClock.now
        let last = copied >= total
        if !last, let shown = lastShown, now - shown < interval { return }
        lastShown = now
        let percent = total > 0 ? min(100, copied * 100 / total) : 100
        printError("copied \(copied) of \(total) users (\(percent) %)")
    }
}
