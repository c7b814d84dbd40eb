/// The start years a server accepts (inclusive).
public struct YearRange: Hashable, Sendable, CustomStringConvertible {
    public let lowerBound: Int
    public let upperBound: Int

    public init(_ lower: Int, _ upper: Int) {
        lowerBound = lower
        upperBound = upper
    }

    /// 1970 through the current UTC year.
    public static func defaultRange(now: Int64 = Timestamp.nowMilliseconds()) -> YearRange {
        YearRange(ProtocolLimits.defaultMinYear, Timestamp.year(milliseconds: now))
    }

    public func contains(_ y: Int) -> Bool { y >= lowerBound && y <= upperBound }
    public var description: String { "\(lowerBound) to \(upperBound)" }
}
