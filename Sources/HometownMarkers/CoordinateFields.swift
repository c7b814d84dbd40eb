import HometownCore

/// Reads a position out of a JSON object with latitude/longitude members (`latitude`/`lat`,
/// `longitude`/`lon`/`lng`; numbers or numeric strings).
enum CoordinateFields {
    static let latitudeKeys = ["latitude", "lat"]
    static let longitudeKeys = ["longitude", "lon", "lng"]

    /// - Returns: the coordinate and the keys it came from.
    /// - Throws: a message naming the missing or bad member.
    static func coordinate(in object: [String: JSONValue]) throws(FieldError) -> (Coordinate, [String]) {
        guard let latKey = latitudeKeys.first(where: { object[$0] != nil }) else {
            throw FieldError("no latitude: expected a \"latitude\" or \"lat\" member")
        }
        guard let lonKey = longitudeKeys.first(where: { object[$0] != nil }) else {
            throw FieldError("no longitude: expected a \"longitude\", \"lon\" or \"lng\" member")
        }
        let lat = try number(object[latKey]!, name: latKey)
        let lon = try number(object[lonKey]!, name: lonKey)
        do {
            return (try Coordinate(latitude: lat, longitude: lon), [latKey, lonKey])
        } catch {
            throw FieldError("\(error)")
        }
    }

    static func number(_ v: JSONValue, name: String) throws(FieldError) -> Double {
        switch v {
        case .number(let d): return d
        case .string(let s):
            do { return try Coordinate.parseDegrees(s, field: name) } catch { throw FieldError("\(error)") }
        default: throw FieldError("\(name) must be a number, got \(describe(v))")
        }
    }

    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let d): return "\(d)"
        case .string(let s): return "\"\(s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A reason a field is bad, turned into `MarkersError.invalidRow` by the reader that knows the row.
struct FieldError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
