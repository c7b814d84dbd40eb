import HometownCore

/// The keys of a listed user, in the protocol's order (`allCases`): the one list `UserJSON` writes and reads
/// and the CLI's table, CSV and GeoJSON name their columns and properties from.
public enum UserField: String, CaseIterable, Sendable {
    case nickname, country, state, city, year, longitude, latitude, id
    case timestamp = "time-stamp"

    /// The JSON key (and CSV column name).
    public var key: String { rawValue }

    /// The field's value of `user` as plain text: strings as they are, numbers as JSON writes them.
    public func text(of user: User) -> String {
        switch self {
        case .nickname: return user.nickname
        case .country: return user.country
        case .state: return user.state
        case .city: return user.city
        case .year: return String(user.year)
        case .longitude: return JSONWriter.number(user.longitude)
        case .latitude: return JSONWriter.number(user.latitude)
        case .id: return String(user.id)
        case .timestamp: return user.timestamp
        }
    }

    /// The field's value of `user` as a JSON value (a string, or a number).
    public func value(of user: User) -> JSONValue {
        isString ? .string(text(of: user)) : .number(number(of: user))
    }

    /// `fields` of `user` as the members of a JSON object (e.g. a GeoJSON feature's properties).
    public static func members(_ fields: [UserField], of user: User) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for f in fields { out[f.key] = f.value(of: user) }
        return out
    }

    private func number(of user: User) -> Double {
        switch self {
        case .year: return Double(user.year)
        case .longitude: return user.longitude
        case .latitude: return user.latitude
        case .id: return Double(user.id)
        case .nickname, .country, .state, .city, .timestamp: return .nan
        }
    }

    /// Whether the value is a JSON string (else a number).
    public var isString: Bool {
        switch self {
        case .nickname, .country, .state, .city, .timestamp: return true
        case .year, .longitude, .latitude, .id: return false
        }
    }
}
