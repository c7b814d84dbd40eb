import Foundation
import HometownCore
import HometownProtocol

/// A second validation of a POST adduser body, written from the protocol's rules (`NewUser.validate`'s
/// documentation) on Foundation's reading of the JSON: the post it describes, or nil when a rule refuses it.
///
/// Two rules come from our own code, as they are rules rather than readings: nicknames follow `NicknameRules`
/// (Unicode confusables and marks, tested apart), and a key given twice is found with `BodyObject`'s list of
/// members (Foundation keeps one value of a repeated key and does not say). Foundation's reading of numbers
/// tells integers from fractions: "year" must be one it read as an integer (no fraction, no exponent).
enum ReferencePost {
    static func validate(_ body: [UInt8], names: FixedNames, years: YearRange) -> NewUser? {
        guard body.count <= ProtocolLimits.maxBodyBytes else { return nil }
        guard case .value = FoundationJSON.read(body),
            let object = try? JSONSerialization.jsonObject(with: Data(FoundationJSON.keepingByteOrderMarks(body)))
                as? [String: Any],
            let members = try? BodyObject(parsing: body)
        else { return nil }
        let keys = members.members.map(\.key)
        guard Set(keys).count == keys.count,
            keys.allSatisfy({ k in PostField.allCases.contains { $0.rawValue == k } })
        else { return nil }
        func string(_ key: String) -> String? {
            // Foundation would drop some byte order marks: the text it reads has them as escapes (`FoundationJSON`).
            guard let s = object[key] as? String else { return nil }
            guard s.utf8.count <= ProtocolLimits.maxStringBytes,
                s.count <= ProtocolLimits.maxStringCharacters,
                !s.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            else { return nil }
            return s
        }
        func number(_ key: String) -> NSNumber? {
            guard let n = object[key] as? NSNumber, case .number? = FoundationJSON.value(n) else { return nil }
            return n
        }
        // The number as written, read by `Double(String)` (the nearest Double, which the `decimal` target holds
        // ours to): the ranges are decided on it, not on Foundation's reading, which may be a few units in the last
        // place off and so land beyond a bound the number is on (corpus/post-body/regression-latitude-on-the-bound:
        // 90 + 1e-19, the Double 90, read by Foundation a unit above 90).
        func nearest(_ key: String) -> Double? {
            guard case .number(let text)? = members.members.first(where: { $0.key == key })?.value else { return nil }
            return Double(text)
        }
        guard let sentNickname = string("nickname"),
            let nickname = try? NicknameRules.validated(sentNickname, field: "nickname"),
            let password = string("password"), password.count >= ProtocolLimits.minPasswordCharacters,
            let countryText = string("country"), let stateText = string("state"), let city = string("city"),
            city.unicodeScalars.contains(where: { !$0.properties.isWhitespace }),
            let y = number("year"), ["q", "l", "i", "s"].contains(String(cString: y.objCType)),
            years.contains(y.intValue)
        else { return nil }
        var coordinate: Coordinate?
        let lat = object["latitude"].flatMap { $0 is NSNull ? nil : $0 }
        let lon = object["longitude"].flatMap { $0 is NSNull ? nil : $0 }
        switch (lat, lon) {
        case (nil, nil): coordinate = nil
        case (.some, .some):
            guard let la = number("latitude")?.doubleValue, let lo = number("longitude")?.doubleValue,
                let nla = nearest("latitude"), let nlo = nearest("longitude"),
                nla >= -90, nla <= 90, nlo >= -180, nlo < 180
            else { return nil }
            coordinate = Coordinate(uncheckedLatitude: la, longitude: lo)
        default: return nil
        }
        guard let country = try? names.servedCountry(countryText),
            let state = try? names.servedState(stateText, inCountry: country)
        else { return nil }
        return NewUser(
            nickname: nickname, password: password, country: country, state: state, city: city, year: y.intValue,
            coordinate: coordinate)
    }
}
