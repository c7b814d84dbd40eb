import HometownCore

extension NewUser {
    /// The body of POST adduser for this post: the keys of `PostField.allCases` in order (latitude and
    /// longitude left out without a point), written by Core's `JSONWriter`. `validate(body:vocabulary:years:)`
    /// reads it back.
    public func json() -> [UInt8] {
        var out: [UInt8] = []
        for key in PostField.allCases {
            guard let value = value(of: key) else { continue }
            out.append(UInt8(ascii: out.isEmpty ? "{" : ","))
            JSONWriter.appendString(key.rawValue, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value.compactText.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The value of `field` in this post, as the body carries it (nil for latitude and longitude without a point).
    public func value(of field: PostField) -> JSONValue? {
        switch field {
        case .nickname: return .string(nickname)
        case .password: return .string(password)
        case .country: return .string(country)
        case .state: return .string(state)
        case .city: return .string(city)
        case .year: return .number(Double(year))
        case .latitude: return coordinate.map { .number($0.latitude) }
        case .longitude: return coordinate.map { .number($0.longitude) }
        }
    }
}
