import HometownProtocol

/// A GET users answer being read from a `UserView`: its plan (`UsersQueryPlan`: which posting list drives, which
/// filters are checked per row, where the page starts) and a cursor, so that a large answer is written a step at a time
/// without holding the view's lock for long and without building the whole answer in memory.
///
/// The answer is that of the view's snapshot it was planned on: rows appended later are never visited. A row
/// changed or deleted while the answer is written is seen as it is when a step reaches it: the cursor is kept in
/// rows, not positions, so posting lists may change between steps.
public struct UsersAnswer: Sendable {
    enum Facet: Sendable { case country, state, city, year, stateYear, alive }

    enum Driver: Sendable {
        /// One posting list (`alive`: every row not deleted); the cursor is kept as rows of it.
        case list(Facet, Int32)
        /// Several states' lists merged for this answer (ascending rows); positions index it.
        case merged([Int32])
    }

    /// Filters checked per row (those the driver does not already guarantee).
    struct Checks: Sendable {
        var country: Int32?
        var states: [Int32]?
        var city: Int32?
        var year: Int32?

        var isEmpty: Bool { country == nil && states == nil && city == nil && year == nil }

        /// No longer checks `facet`'s filter (the visited list guarantees it).
        mutating func remove(_ facet: Facet) {
            switch facet {
            case .country: country = nil
            case .state: states = nil
            case .city: city = nil
            case .year: year = nil
            case .stateYear:
                states = nil
                year = nil
            case .alive: break
            }
        }

        func pass(_ s: UserView.State, _ r: Int) -> Bool {
            if let country, s.country.ofRow[r] != country { return false }
            if let states, !states.contains(s.state.ofRow[r]) { return false }
            if let city, s.city.ofRow[r] != city { return false }
            if let year, s.year.ofRow[r] != year { return false }
            return true
        }
    }

    var driver = Driver.list(.alive, 0)
    var checks = Checks()
    let reverse: Bool
    /// Positions lower..<upper of the driver are still to visit; ascending answers move `lower` up, reverse
    /// answers move `upper` down. For a posting list they are found again each step from `fromRow`/`toRow`.
    var lower = 0
    var upper = 0
    /// For a posting list: the rows fromRow..<toRow of it are still to visit.
    var fromRow = 0
    var toRow = 0
    /// Matches still to pass over (the page's offset), and still to return.
    var skip = 0
    var take = Int.max
    /// Whether the opening bracket, and any user, was written (JSON output).
    var opened = false
    var wroteUser = false
    /// Whether every user of the answer has been visited (and, for JSON, the closing bracket written).
    public private(set) var isFinished = false
    /// The number of users in the answer when known without visiting rows (a single filter or none).
    public private(set) var knownCount: Int?

    /// Rows visited and users returned at most per step (about 100 KiB of JSON).
    static let stepVisits = 16_384
    static let stepUsers = 512

    init(query q: UsersQuery, state s: UserView.State, rowCount n: Int) {
        reverse = q.reverse
        guard let plan = UsersQueryPlan(query: q, state: s, rowCount: n) else {
            finishEmpty()
            return
        }
        checks = plan.checks
        (skip, take) = (plan.skip, plan.take)
        switch plan.source {
        case .list(let kind, let code):
            driver = .list(kind, code)
            let list = Self.list(s, kind, code)
            lower = Self.firstPosition(list, atLeast: plan.rows.lowerBound)
            upper = Self.firstPosition(list, atLeast: plan.rows.upperBound)
        case .states(let codes):
            let merged = Self.merge(
                codes.map { s.state.rows[Int($0)] }, from: plan.rows.lowerBound, to: plan.rows.upperBound)
            driver = .merged(merged)
            lower = 0
            upper = merged.count
        }
        if checks.isEmpty {
            // Every visited row matches: the page starts at its offset.
            let total = upper - lower
            let skipped = min(skip, total)
            if reverse { upper -= skipped } else { lower += skipped }
            skip = 0
            take = min(take, upper - lower)
            if reverse { lower = upper - take } else { upper = lower + take }
            knownCount = take
        }
        if case .list(let kind, let code) = driver {
            let list = Self.list(s, kind, code)
            fromRow = lower < upper ? Int(list[lower]) : plan.rows.upperBound
            toRow = upper < list.count ? Int(list[upper]) : plan.rows.upperBound
        }
    }

    private mutating func finishEmpty() {
        lower = 0
        upper = 0
        take = 0
        knownCount = 0
    }

    /// Visits up to a step of rows under the view's lock, calling `body` with each matching row in the answer's
    /// order. `isFinished` is set when the answer has no more rows.
    mutating func step(view: UserView, _ body: (borrowing UserView.State, Int) -> Void) {
        guard !isFinished else { return }
        view.state.withLock { s in
            var visits = 0
            var users = 0
            let list: [Int32]
            var byRows = false
            switch driver {
            case .list(let kind, let code):
                list = Self.list(s, kind, code)
                lower = Self.firstPosition(list, atLeast: fromRow)
                upper = Self.firstPosition(list, atLeast: toRow)
                byRows = true
            case .merged(let m): list = m
            }
            while take > 0, lower < upper, visits < Self.stepVisits, users < Self.stepUsers {
                let position: Int
                if reverse {
                    upper -= 1
                    position = upper
                } else {
                    position = lower
                    lower += 1
                }
                visits += 1
                let row = Int(list[position])
                if byRows {
                    if reverse { toRow = row } else { fromRow = row + 1 }
                } else if s.isDeleted(row) {
                    // A merged list is this answer's copy: a row deleted since is passed over here.
                    continue
                }
                guard checks.isEmpty || checks.pass(s, row) else { continue }
                if skip > 0 {
                    skip -= 1
                    continue
                }
                take -= 1
                users += 1
                body(s, row)
            }
        }
        if take == 0 || lower >= upper { isFinished = true }
    }

    /// Appends the next part of the answer's JSON array to `out` (the protocol's bytes, as `UserJSON` writes
    /// them): about 100 KiB at most per call. Call until `isFinished`.
    public mutating func writeJSON(view: UserView, to out: inout [UInt8]) {
        guard !isFinished else { return }
        if !opened {
            out.append(UInt8(ascii: "["))
            opened = true
        }
        var wrote = wroteUser
        step(view: view) { s, r in
            if wrote { out.append(UInt8(ascii: ",")) }
            s.appendJSON(r, to: &out)
            wrote = true
        }
        wroteUser = wrote
        if isFinished { out.append(UInt8(ascii: "]")) }
    }

    static func list(_ s: borrowing UserView.State, _ kind: Facet, _ code: Int32) -> [Int32] {
        switch kind {
        case .country: return s.country.rows[Int(code)]
        case .state: return s.state.rows[Int(code)]
        case .city: return s.city.rows[Int(code)]
        case .year: return s.year.rows[Int(code)]
        case .stateYear: return s.stateYear.rows[Int(code)]
        case .alive: return s.alive
        }
    }

    /// The first row in 0..<n whose id satisfies `pred` (monotone: false then true), or n.
    static func firstRow(_ ids: [Int], _ n: Int, where pred: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if pred(ids[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The first position of the ascending `list` holding a row >= `row`, or its count.
    static func firstPosition(_ list: [Int32], atLeast row: Int) -> Int {
        var lo = 0
        var hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(list[mid]) >= row { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The rows in lo..<hi of several ascending, disjoint lists, ascending.
    static func merge(_ lists: [[Int32]], from lo: Int, to hi: Int) -> [Int32] {
        var out: [Int32] = []
        for l in lists { out.append(contentsOf: l[firstPosition(l, atLeast: lo)..<firstPosition(l, atLeast: hi)]) }
        out.sort()
        return out
    }
}
