import HometownCore

/// The JSON of GET users, written directly as bytes: an array of objects with the keys in the protocol's
/// order (`UserField.allCases`), strings and numbers by Core's `JSONWriter` (whole numbers as JavaScript prints
/// them: 0, not 0.0).
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

    /// Each field with the text that goes before its value (`{"nickname":`, `,"country":`, ...), written once.
    private static let prefixed: [(field: UserField, prefix: [UInt8])] = UserField.allCases.enumerated().map { i, f in
        var prefix: [UInt8] = [UInt8(ascii: i == 0 ? "{" : ",")]
        JSONWriter.appendString(f.key, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        return (f, prefix)
    }

    /// Appends one user object to `out` (the keys of `UserField.allCases`, in order).
    public static func append(_ u: User, to out: inout [UInt8]) {
        for (field, prefix) in prefixed {
            out.append(contentsOf: prefix)
            if field.isString {
                JSONWriter.appendString(field.text(of: u), to: &out)
            } else {
                out.append(contentsOf: field.text(of: u).utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Reads GET users' JSON back (for clients): every object must have the protocol's keys with the right types.
    /// - Throws: `ProtocolError.malformedBody` naming the element and key.
    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> [User] {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw .malformedBody(error.description) }
        guard case .array(let items) = value else { throw .malformedBody("expected a JSON array of users") }
        var users: [User] = []
        users.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { users.append(try user(item, label: "user \(i)")) }
        return users
    }

    /// Reads one user object back (the answer of POST users/{id}/update), checked as `decode(_:)` checks each
    /// element of a list.
    /// - Throws: `ProtocolError.malformedBody` naming the key.
    public static func decodeUser(_ bytes: [UInt8]) throws(ProtocolError) -> User {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw .malformedBody(error.description) }
        guard case .object = value else { throw .malformedBody("expected a JSON object of a user") }
        return try user(value, label: "the user")
    }

    /// One user object: the protocol's keys with the right types; `label` names it in a refusal.
    private static func user(_ item: JSONValue, label: String) throws(ProtocolError) -> User {
        func bad(_ key: String, _ want: String) -> ProtocolError {
            .malformedBody("\(label): '\(key)' is not \(want)")
        }
        func str(_ key: String) throws(ProtocolError) -> String {
            guard let s = item[key]?.stringValue else { throw bad(key, "a string") }
            return s
        }
        func num(_ key: String) throws(ProtocolError) -> Double {
            guard let d = item[key]?.doubleValue else { throw bad(key, "a number") }
            return d
        }
        let lat = try num(UserField.latitude.key)
        let lon = try num(UserField.longitude.key)
        let id = try num(UserField.id.key)
        let year = try num(UserField.year.key)
        guard id.rounded() == id, abs(id) < 9e15 else { throw bad("id", "an integer") }
        guard year.rounded() == year, abs(year) < 1e6 else { throw bad("year", "an integer") }
        guard let ms = Timestamp.milliseconds(iso8601: try str(UserField.timestamp.key)) else {
            throw bad("time-stamp", "an ISO 8601 UTC time")
        }
        let coordinate = (lat == 0 && lon == 0) ? nil : try? Coordinate(latitude: lat, longitude: lon)
        return User(
            id: Int(id), nickname: try str(UserField.nickname.key),
            country: try str(UserField.country.key), state: try str(UserField.state.key),
            city: try str(UserField.city.key), year: Int(year), coordinate: coordinate,
            timestampMilliseconds: ms)
    }
}
