import HometownCore

extension NewUser {
    /// Validates the body of POST adduser by the protocol's rules and this server's limits.
    ///
    /// - Keys: `nickname, password, country, state, city, year` required, `latitude, longitude` optional (both or
    ///   neither; `null` is the same as absent). Any other key is refused rather than dropped, so a misspelled
    ///   "lattitude" cannot lose the point silently; a key given twice is refused.
    /// - Strings: at most `ProtocolLimits.maxStringCharacters` characters and `ProtocolLimits.maxStringBytes` bytes
    ///   of UTF-8, no control characters (C0 and C1: U+0000-U+001F, U+007F-U+009F); the nickname follows
    ///   `NicknameRules` as well (stored trimmed of white space; every other string exactly as sent); city must
    ///   not be empty after trimming white space; password at least 3 characters.
    /// - `year`: a JSON integer (no fraction, no exponent) in `years`.
    /// - `latitude` in [-90, 90], `longitude` in [-180, 180): JSON numbers.
    /// - `country` and `state`: resolved through `vocabulary` to the served names.
    /// The first problem found is thrown, in the protocol's key order.
    public static func validate(body: [UInt8], vocabulary: some ServedNames, years: YearRange) throws(ProtocolError)
        -> NewUser
    {
        try validate(members: try members(of: body, allowed: PostField.allCases), vocabulary: vocabulary, years: years)
    }

    /// The members of a body (`body`) whose keys are all among `allowed`, each once.
    /// - Throws: `ProtocolError` for a body too large or not one JSON object, an unknown or a repeated key.
    static func members(of body: [UInt8], allowed: [PostField]) throws(ProtocolError) -> [PostField: BodyObject.Value] {
        guard body.count <= ProtocolLimits.maxBodyBytes else { throw .bodyTooLarge(limit: ProtocolLimits.maxBodyBytes) }
        let object = try BodyObject(parsing: body)
        var values: [PostField: BodyObject.Value] = [:]
        for (k, v) in object.members {
            guard let field = PostField(rawValue: k), allowed.contains(field) else {
                throw .unknownKey(k, allowed: allowed.map(\.rawValue))
            }
            guard values.updateValue(v, forKey: field) == nil else { throw .repeated(field: k) }
        }
        return values
    }

    /// Validates a post's members (`values`, each key once) by the rules of `validate(body:vocabulary:years:)`.
    static func validate(
        members values: [PostField: BodyObject.Value], vocabulary: some ServedNames, years: YearRange
    ) throws(ProtocolError) -> NewUser {
        func string(_ field: PostField) throws(ProtocolError) -> String {
            let key = field.rawValue
            guard let v = values[field], v != .null else { throw .missing(field: key) }
            guard case .string(let s) = v else {
                throw .wrongType(field: key, expected: "a string", got: v.kindDescription)
            }
            try NewUser.checkString(s, field: key)
            return s
        }
        let nickname = try NicknameRules.validated(try string(.nickname), field: "nickname")
        let password = try string(.password)
        try NewUser.checkPassword(password)
        let countryText = try string(.country)
        let stateText = try string(.state)
        let city = try string(.city)
        guard !city.trimmingWhiteSpace().isEmpty else { throw .length(field: "city", rule: "a non-empty string") }
        guard let yv = values[.year], yv != .null else { throw .missing(field: "year") }
        guard case .number(let yt) = yv, yt.allSatisfy({ $0.isNumber || $0 == "-" }), let year = Int(yt) else {
            throw .wrongType(
                field: "year", expected: "a whole number such as 1985 (no quotes, fraction or exponent)",
                got: yv.kindDescription)
        }
        guard years.contains(year) else {
            throw .outOfRange(field: "year", rule: "from \(years.lowerBound) to \(years.upperBound), not \(year)")
        }
        func number(_ field: PostField) throws(ProtocolError) -> Double? {
            guard let v = values[field], v != .null else { return nil }
            guard case .number(let t) = v, let d = Double(t), d.isFinite else {
                throw .wrongType(field: field.rawValue, expected: "a number of degrees", got: v.kindDescription)
            }
            return d
        }
        let lat = try number(.latitude)
        let lon = try number(.longitude)
        var coordinate: Coordinate?
        switch (lat, lon) {
        case (nil, nil): coordinate = nil
        case (nil, _): throw .missing(field: "latitude")
        case (_, nil): throw .missing(field: "longitude")
        case (let la?, let lo?):
            guard Coordinate.latitudes.contains(la) else {
                throw .outOfRange(field: "latitude", rule: "in [-90, 90] degrees, not \(la)")
            }
            // The protocol's longitudes: Coordinate's without 180 (a post names the meridian once, as -180).
            guard Coordinate.longitudes.contains(lo), lo < 180 else {
                throw .outOfRange(field: "longitude", rule: "in [-180, 180) degrees, not \(lo)")
            }
            coordinate = Coordinate(uncheckedLatitude: la == 0 ? 0 : la, longitude: lo == 0 ? 0 : lo)
        }
        let country = try vocabulary.servedCountry(countryText)
        let state = try vocabulary.servedState(stateText, inCountry: country)
        return NewUser(
            nickname: nickname, password: password, country: country, state: state, city: city,
            year: year, coordinate: coordinate)
    }

    /// Checks a password's length: at least `ProtocolLimits.minPasswordCharacters` characters (after
    /// `checkString`).
    public static func checkPassword(_ password: String) throws(ProtocolError) {
        guard password.count >= ProtocolLimits.minPasswordCharacters else {
            throw .length(field: "password", rule: "at least \(ProtocolLimits.minPasswordCharacters) characters long")
        }
    }

    /// Checks a string value's length (characters, then bytes of UTF-8) and characters; shared by every string
    /// field of a post and every text parameter of a query.
    public static func checkString(_ s: String, field: String) throws(ProtocolError) {
        // Bytes first, so that a huge value is refused before it is counted in characters.
        guard s.utf8.count <= ProtocolLimits.maxStringBytes else {
            throw .length(
                field: field, rule: "at most \(ProtocolLimits.maxStringBytes) bytes of UTF-8 (it has \(s.utf8.count))")
        }
        guard s.count <= ProtocolLimits.maxStringCharacters else {
            throw .length(
                field: field, rule: "at most \(ProtocolLimits.maxStringCharacters) characters (it has \(s.count))")
        }
        if let bad = s.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .invalidCharacter(
                field: field, detail: "must not hold control characters (found \(bad.codePointName))")
        }
    }
}

extension String {
    /// Without leading and trailing white space (Unicode's White_Space property).
    func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
