import HometownProtocol

/// How a users query is answered from a `UserView`'s posting lists, decided once when its answer starts: the rows
/// its id bounds leave, the list whose rows are visited (the shortest of its filters' lists, or every row), the
/// filters still checked per visited row (those that list does not already guarantee), and the page. There is no
/// plan (`init` gives nil) when no user can match: a filter names a value no user has, the id bounds leave no row,
/// or the page lies beyond every possible offset.
struct UsersQueryPlan {
    /// Where the visited rows come from.
    enum Source: Equatable {
        /// One posting list of a facet (`.alive`: every row not deleted).
        case list(UsersAnswer.Facet, Int32)
        /// The lists of several states, merged for this answer.
        case states([Int32])
    }

    /// The rows the id bounds leave (ids ascend with rows).
    let rows: Range<Int>
    let source: Source
    let checks: UsersAnswer.Checks
    /// Matches passed over (the page's offset), and the most returned (`Int.max` without a page).
    let skip: Int
    let take: Int

    /// A list the visit could follow: its length, where its rows come from, and the filter it makes true.
    private struct Candidate {
        let count: Int
        let source: Source
        let covers: UsersAnswer.Facet
    }

    init?(query q: UsersQuery, state s: borrowing UserView.State, rowCount n: Int) {
        var lo = 0
        var hi = n
        if let a = q.afterID { lo = UsersAnswer.firstRow(s.ids, n, where: { $0 > a }) }
        if let b = q.beforeID { hi = UsersAnswer.firstRow(s.ids, n, where: { $0 >= b }) }
        guard lo < hi else { return nil }
        rows = lo..<hi
        var checks = UsersAnswer.Checks()
        var candidates: [Candidate] = []
        if let name = q.country {
            guard let c = s.country.code(TextKey(name)) else { return nil }
            checks.country = c
            candidates.append(
                Candidate(count: s.country.rows[Int(c)].count, source: .list(.country, c), covers: .country))
        }
        if let name = q.city {
            guard let c = s.city.code(TextKey(name)) else { return nil }
            checks.city = c
            candidates.append(Candidate(count: s.city.rows[Int(c)].count, source: .list(.city, c), covers: .city))
        }
        if let y = q.year {
            guard let c = s.year.code(y) else { return nil }
            checks.year = c
            candidates.append(Candidate(count: s.year.rows[Int(c)].count, source: .list(.year, c), covers: .year))
        }
        if let names = q.states {
            let codes = Set(names.map(TextKey.init)).compactMap { s.state.code($0) }.sorted()
            guard !codes.isEmpty else { return nil }
            checks.states = codes
            candidates.append(
                Candidate(
                    count: codes.reduce(0) { $0 + s.state.rows[Int($1)].count },
                    source: codes.count == 1 ? .list(.state, codes[0]) : .states(codes), covers: .state))
            if codes.count == 1, let y = q.year {
                // Both in one list: no user has this state in this year, or the list holds exactly those users.
                guard let pair = s.stateYear.code(StateYear(state: codes[0], year: y)) else { return nil }
                candidates.append(
                    Candidate(
                        count: s.stateYear.rows[Int(pair)].count, source: .list(.stateYear, pair),
                        covers: .stateYear))
            }
        }
        // The shortest list (the first of equals), whose filters then need no check per row.
        if let best = candidates.min(by: { $0.count < $1.count }) {
            source = best.source
            checks.remove(best.covers)
        } else {
            source = .list(.alive, 0)
        }
        self.checks = checks
        if let page = q.page {
            let (offset, overflow) = page.multipliedReportingOverflow(by: q.pageSize)
            guard !overflow else { return nil }
            (skip, take) = (offset, q.pageSize)
        } else {
            (skip, take) = (0, Int.max)
        }
    }
}
