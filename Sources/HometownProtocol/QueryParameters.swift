import HometownCore

/// The parameters of one request's query string, read once: every endpoint names the parameters it takes, and
/// reads them through typed getters that refuse a wrong form or range with the protocol's error naming the
/// parameter. Any parameter not taken, and any given twice, is refused when the reader is made (the first such in
/// query order).
///
/// Range refusals say `"<rule>, not <given>"`: the rule is the caller's (or "from LOW to HIGH"); a number is
/// quoted as the client wrote it, a whole number as read.
public struct QueryParameters: Sendable {
    /// The pairs, in query order (each name at most once).
    public let items: [(name: String, value: String)]

    /// Reads `query` (the part after `?`, percent-encoded; nil or empty for none).
    /// - Throws: `ProtocolError`: broken percent-encoding, a parameter not in `allowed`, or one given twice.
    public init(_ query: String?, allowed: [String]) throws(ProtocolError) {
        try self.init(QueryString.parse(query), allowed: allowed)
    }

    /// The same for pairs already read from a query string.
    public init(_ items: [(name: String, value: String)], allowed: [String]) throws(ProtocolError) {
        var seen = Set<String>()
        for (name, _) in items {
            guard allowed.contains(name) else { throw .unknownParameter(name, allowed: allowed) }
            guard seen.insert(name).inserted else { throw .repeated(field: name) }
        }
        self.items = items
    }

    /// The pairs whose names are among `names` (to hand a subset on, such as the user filters).
    public func items(named names: [String]) -> [(name: String, value: String)] {
        items.filter { names.contains($0.name) }
    }

    /// The value of `name` as given (percent-decoded), or nil when absent.
    public func string(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// The value of `name`. - Throws: `ProtocolError.missing` when absent.
    public func requiredString(_ name: String) throws(ProtocolError) -> String { try Self.given(string(name), name) }

    /// A whole number (optional `-`, then ASCII digits) within `range`, or nil when absent.
    /// - Parameter rule: the range as the refusal states it; "from LOW to HIGH" when nil.
    public func integer(_ name: String, range: ClosedRange<Int>? = nil, rule: String? = nil) throws(ProtocolError)
        -> Int?
    {
        guard let text = string(name) else { return nil }
        let v = try Self.wholeNumber(text, field: name, range: range, rule: rule)
        try Self.check(v, in: range, field: name, rule: rule, shown: "\(v)", bounds: { "\($0)" })
        return v
    }

    /// `integer(_:range:rule:)` for a parameter that must be given. - Throws: `ProtocolError.missing` when absent.
    public func requiredInteger(_ name: String, range: ClosedRange<Int>? = nil, rule: String? = nil)
        throws(ProtocolError) -> Int
    { try Self.given(integer(name, range: range, rule: rule), name) }

    /// A finite decimal number (digits, sign, point, exponent; no hex, "nan" or "inf") within `range`, or nil
    /// when absent.
    /// - Parameter rule: the range as the refusal states it (with its unit); "from LOW to HIGH" when nil.
    public func number(_ name: String, range: ClosedRange<Double>? = nil, rule: String? = nil) throws(ProtocolError)
        -> Double?
    {
        guard let text = string(name) else { return nil }
        let v = try Self.number(text, field: name)
        try Self.check(v, in: range, field: name, rule: rule, shown: text, bounds: \.plainText)
        return v
    }

    /// `number(_:range:rule:)` for a parameter that must be given. - Throws: `ProtocolError.missing` when absent.
    public func requiredNumber(_ name: String, range: ClosedRange<Double>? = nil, rule: String? = nil)
        throws(ProtocolError) -> Double
    { try Self.given(number(name, range: range, rule: rule), name) }

    /// A box `W,S,E,N` in degrees (W > E crosses the antimeridian), or nil when absent.
    public func bbox(_ name: String = "bbox") throws(ProtocolError) -> BoundingBox? {
        guard let text = string(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw .wrongType(field: name, expected: "west,south,east,north in degrees", got: "'\(text.prefix(60))'")
        }
        var v: [Double] = []
        for p in parts { v.append(try Self.number(String(p), field: name)) }
        guard let box = try? BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3]) else {
            throw .outOfRange(field: name, rule: "west and east in [-180, 180], south <= north in [-90, 90]")
        }
        return box
    }

    /// `value`, or `ProtocolError.missing` naming the parameter `name` when it is absent.
    private static func given<T>(_ value: T?, _ name: String) throws(ProtocolError) -> T {
        guard let value else { throw .missing(field: name) }
        return value
    }

    /// `text` as a whole number: an optional `-`, then ASCII digits, nothing else; refused as the value of `field`.
    /// A number beyond `Int`'s bounds is refused by `range` and `rule` when given (as `integer` states them), else
    /// by those bounds.
    public static func wholeNumber(
        _ text: String, field: String, range: ClosedRange<Int>? = nil, rule: String? = nil
    ) throws(ProtocolError) -> Int {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw .wrongType(field: field, expected: "a whole number", got: "'\(text.prefix(40))'")
        }
        guard let v = Int(text) else {
            guard let range else {
                throw .outOfRange(field: field, rule: "a whole number from \(Int.min) to \(Int.max)")
            }
            // Beyond 64 bits: past the range's upper bound, or its lower one for a negative number. A caller's rule
            // that states no such bound ("0 or more") is given it, so that the refusal says what is wrong.
            let above = !text.hasPrefix("-")
            let open = above ? range.upperBound == Int.max : range.lowerBound == Int.min
            let bound = above ? "at most \(range.upperBound)" : "at least \(range.lowerBound)"
            let stated =
                rule.map { open ? "\($0) and \(bound)" : $0 } ?? "from \(range.lowerBound) to \(range.upperBound)"
            throw .outOfRange(field: field, rule: "\(stated), not \(text.prefix(40))")
        }
        return v
    }

    /// Refuses `value` outside `range` (when given): "RULE, not SHOWN", the rule being the caller's or
    /// "from LOW to HIGH" with the bounds written by `bounds`.
    private static func check<T: Comparable>(
        _ value: T, in range: ClosedRange<T>?, field: String, rule: String?, shown: String, bounds: (T) -> String
    ) throws(ProtocolError) {
        guard let range, !range.contains(value) else { return }
        let stated = rule ?? "from \(bounds(range.lowerBound)) to \(bounds(range.upperBound))"
        throw .outOfRange(field: field, rule: "\(stated), not \(shown)")
    }

    /// `text` as a finite decimal number, refused as the value of `field`.
    private static func number(_ text: String, field: String) throws(ProtocolError) -> Double {
        guard let v = try? Coordinate.parseDegrees(text, field: field), v.isFinite else {
            throw .wrongType(field: field, expected: "a decimal number", got: "'\(text.prefix(40))'")
        }
        return v
    }
}
