import HometownCore

extension NewUser {
    /// The body of POST adduser for this post: the keys of `ProtocolLimits.postKeys` in order (latitude and
    /// longitude left out without a point), written by Core's `JSONWriter`. `validate(body:vocabulary:years:)`
    /// reads it back.
    public func json() -> [UInt8] {
        var out: [UInt8] = []
        for key in ProtocolLimits.postKeys {
            let value: [UInt8]?
            switch key {
            case "nickname": value = Self.string(nickname)
            case "password": value = Self.string(password)
            case "country": value = Self.string(country)
            case "state": value = Self.string(state)
            case "city": value = Self.string(city)
            case "year": value = Array(String(year).utf8)
            case "latitude": value = coordinate.map { Array(JSONWriter.number($0.latitude).utf8) }
            case "longitude": value = coordinate.map { Array(JSONWriter.number($0.longitude).utf8) }
            default: value = nil
            }
            guard let value else { continue }
            out.append(UInt8(ascii: out.isEmpty ? "{" : ","))
            JSONWriter.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func string(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendString(s, to: &out)
        return out
    }
}
