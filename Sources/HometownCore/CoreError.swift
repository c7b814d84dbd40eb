/// Errors raised by the core value types. Each message names the offending value and the rule it broke.
public enum CoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A latitude that is NaN, infinite or outside [-90, 90] degrees.
    case invalidLatitude(Double)
    /// A longitude that is NaN, infinite or outside [-180, 180] degrees.
    case invalidLongitude(Double)
    /// A text that should hold a number of degrees but does not.
    case malformedNumber(field: String, text: String)
    /// A bounding box whose south edge lies north of its north edge.
    case invalidBoundingBox(String)
    /// GeoJSON that does not have the expected shape.
    case invalidGeoJSON(String)
    /// Text that is not JSON: where reading stopped (the byte offset from 0, and the line and column from 1,
    /// a column counting characters as Unicode code points), and what was expected there.
    case malformedJSON(offset: Int, line: Int, column: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidLatitude(let v):
            return
                "latitude \(Self.show(v)) is out of range: a latitude must be a finite number of degrees in [-90, 90]"
        case .invalidLongitude(let v):
            return
                "longitude \(Self.show(v)) is out of range: a longitude must be a finite number of degrees in [-180, 180]"
        case .malformedNumber(let field, let text):
            return "\(field) \"\(text)\" is not a number: expected decimal degrees such as 47.6062"
        case .invalidBoundingBox(let why):
            return "invalid bounding box: \(why)"
        case .invalidGeoJSON(let why):
            return "invalid GeoJSON: \(why)"
        case .malformedJSON(let offset, let line, let column, let reason):
            return "not valid JSON at line \(line), column \(column) (byte \(offset + 1)): \(reason)"
        }
    }

    static func show(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return "\(v)"
    }
}
