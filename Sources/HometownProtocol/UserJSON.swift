import HometownCore

/// The JSON of GET users, written directly as bytes: an array of objects with the keys in the protocol's
/// order (`nickname, country, state, city, year, longitude, latitude, id, time-stamp`), strings escaped per
/// RFC 8259 (quotes, backslashes and control characters; everything else as UTF-8), numbers as JavaScript
/// prints them for whole values (0, not 0.0).
public enum UserJSON {
    /// Appends the array of `users` to `out`.
    public static func append(_ users: [User], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, u) in users.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            append(u, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends one user object to `out`.
    public static func append(_ u: User, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"nickname":"#.utf8); appendString(u.nickname, to: &out)
        out.append(contentsOf: #","country":"#.utf8); appendString(u.country, to: &out)
        out.append(contentsOf: #","state":"#.utf8); appendString(u.state, to: &out)
        out.append(contentsOf: #","city":"#.utf8); appendString(u.city, to: &out)
        out.append(contentsOf: #","year":"#.utf8); out.append(contentsOf: String(u.year).utf8)
        out.append(contentsOf: #","longitude":"#.utf8); appendNumber(u.longitude, to: &out)
        out.append(contentsOf: #","latitude":"#.utf8); appendNumber(u.latitude, to: &out)
        out.append(contentsOf: #","id":"#.utf8); out.append(contentsOf: String(u.id).utf8)
        out.append(contentsOf: #","time-stamp":""#.utf8); out.append(contentsOf: u.timestamp.utf8)
        out.append(contentsOf: #""}"#.utf8)
    }

    /// Appends a JSON string literal.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends a finite number the way `JSONValue.compactText` writes it.
    public static func appendNumber(_ d: Double, to out: inout [UInt8]) {
        out.append(contentsOf: JSONValue.number(d).compactText.utf8)
    }

    /// Reads GET users' JSON back (for clients): every object must have the protocol's keys with the right types.
    /// - Throws: `ProtocolError.malformedBody` naming the element and key.
    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> [User] {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw .malformedBody(error.description) }
        guard case .array(let items) = value else { throw .malformedBody("expected a JSON array of users") }
        var users: [User] = []
        users.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            func bad(_ key: String, _ want: String) -> ProtocolError { .malformedBody("user \(i): '\(key)' is not \(want)") }
            func str(_ key: String) throws(ProtocolError) -> String {
                guard let s = item[key]?.stringValue else { throw bad(key, "a string") }
                return s
            }
            func num(_ key: String) throws(ProtocolError) -> Double {
                guard let d = item[key]?.doubleValue else { throw bad(key, "a number") }
                return d
            }
            let lat = try num("latitude"), lon = try num("longitude")
            let id = try num("id"), year = try num("year")
            guard id.rounded() == id, abs(id) < 9e15 else { throw bad("id", "an integer") }
            guard year.rounded() == year, abs(year) < 1e6 else { throw bad("year", "an integer") }
            guard let ms = Timestamp.milliseconds(iso8601: try str("time-stamp")) else { throw bad("time-stamp", "an ISO 8601 UTC time") }
            let coordinate = (lat == 0 && lon == 0) ? nil : try? Coordinate(latitude: lat, longitude: lon)
            users.append(User(id: Int(id), nickname: try str("nickname"), country: try str("country"), state: try str("state"),
                              city: try str("city"), year: Int(year), coordinate: coordinate, timestampMilliseconds: ms))
        }
        return users
    }
}
