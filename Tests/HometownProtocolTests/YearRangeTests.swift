import HometownProtocol
import Testing

@Suite struct YearRangeTests {
    /// 2027-01-01T00:00:00Z in milliseconds since 1970.
    static let newYear2027: Int64 = 1_798_761_600_000

    /// A range through the current year reads the year at each check: a server started in 2026 takes 2027 from
    /// the first millisecond of 2027, without a restart.
    @Test func throughTheCurrentYearFollowsTheClock() {
        let years = YearRange.throughCurrentYear(from: 1970)
        #expect(!years.contains(2027, at: Self.newYear2027 - 1))
        #expect(years.contains(2026, at: Self.newYear2027 - 1))
        #expect(years.contains(2027, at: Self.newYear2027))
        #expect(years.upperBound(at: Self.newYear2027) == 2027)
        #expect(!years.contains(1969, at: Self.newYear2027))
    }

    @Test func aFixedRangeIgnoresTheClock() {
        let years = YearRange(1980, 2000)
        #expect(years.contains(2000, at: Self.newYear2027) && !years.contains(2001, at: Self.newYear2027))
        #expect(years.upperBound(at: 0) == 2000)
        #expect(years != YearRange.throughCurrentYear(from: 1980))
    }
}
