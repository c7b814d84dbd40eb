/// The start years a server accepts (inclusive): from a fixed year through a fixed year, or through the current UTC
/// year, read whenever a year is checked (a server running on New Year's Day takes the new year at once).
public struct YearRange: Hashable, Sendable, CustomStringConvertible {
    public let lowerBound: Int
    /// The last year accepted; nil: the current UTC year.
    private let fixedUpperBound: Int?

    public init(_ lower: Int, _ upper: Int) {
        lowerBound = lower
        fixedUpperBound = upper
    }

    private init(throughCurrentYearFrom lower: Int) {
        lowerBound = lower
        fixedUpperBound = nil
    }

    /// `lower` through the current UTC year, whichever year that is when a year is checked.
    public static func throughCurrentYear(from lower: Int) -> YearRange { YearRange(throughCurrentYearFrom: lower) }

    /// 1970 through the current UTC year.
    public static func defaultRange() -> YearRange { throughCurrentYear(from: ProtocolLimits.defaultMinYear) }

    /// The last year accepted at the moment `now` (milliseconds since 1970, UTC).
    public func upperBound(at now: Int64) -> Int { fixedUpperBound ?? Timestamp.year(milliseconds: now) }

    /// The last year accepted now.
    public var upperBound: Int { upperBound(at: Timestamp.nowMilliseconds()) }

    /// Whether `y` is accepted at the moment `now` (milliseconds since 1970, UTC).
    public func contains(_ y: Int, at now: Int64 = Timestamp.nowMilliseconds()) -> Bool {
        y >= lowerBound && y <= upperBound(at: now)
    }

    public var description: String { "\(lowerBound) to \(upperBound)" }
}
