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
    /// The first problem is thrown, in the protocol's key order; `validateAll(body:vocabulary:years:)` gives every
    /// one.
    public static func validate(body: [UInt8], vocabulary: some ServedNames, years: YearRange) throws(ProtocolError)
        -> NewUser
    {
        do { return try validateAll(body: body, vocabulary: vocabulary, years: years) } catch { throw error.first }
    }

    /// Validates the body of POST adduser by the rules of `validate(body:vocabulary:years:)`, finding every
    /// refused field at once.
    /// - Throws: `ProtocolRefusal` with one problem per refused field in the protocol's key order, or the one
    ///   problem of a body that cannot be read as a post (too large, not one JSON object, an unknown or a repeated
    ///   key).
    public static func validateAll(body: [UInt8], vocabulary: some ServedNames, years: YearRange)
        throws(ProtocolRefusal) -> NewUser
    {
        let values: [PostField: BodyObject.Value]
        do { values = try members(of: body, allowed: PostField.allCases) } catch { throw ProtocolRefusal(error) }
        return try validate(members: values, vocabulary: vocabulary, years: years)
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

    /// Validates a post's members (`values`, each key once) by the rules of `validate(body:vocabulary:years:)`:
    /// every field is checked, a state only when its country is served.
    /// - Throws: `ProtocolRefusal` with each refused field's first problem, in the protocol's key order.
    static func validate(
        members values: [PostField: BodyObject.Value], vocabulary: some ServedNames, years: YearRange
    ) throws(ProtocolRefusal) -> NewUser {
        var problems: [ProtocolError] = []
        /// The value `check` gives, or nil with its problem noted.
        func checked<T>(_ check: () throws(ProtocolError) -> T) -> T? {
            do { return try check() } catch {
                problems.append(error)
                return nil
            }
        }
        func string(_ field: PostField) throws(ProtocolError) -> String {
            let key = field.rawValue
            guard let v = values[field], v != .null else { throw .missing(field: key) }
            guard case .string(let s) = v else {
                throw .wrongType(field: key, expected: "a string", got: v.kindDescription)
            }
            try NewUser.checkString(s, field: key)
            return s
        }
        let nickname = checked { () throws(ProtocolError) in
            try NicknameRules.validated(try string(.nickname), field: "nickname")
        }
        let password = checked { () throws(ProtocolError) in
            let p = try string(.password)
            try NewUser.checkPassword(p)
            return p
        }
        let country = checked { () throws(ProtocolError) in try vocabulary.servedCountry(try string(.country)) }
        // A state is one of its country's: without a served country there is nothing to check it against.
        let stateText = checked { () throws(ProtocolError) in try string(.state) }
        let state = stateText.flatMap { text in
            country.flatMap { c in
                checked { () throws(ProtocolError) in try vocabulary.servedState(text, inCountry: c) }
            }
        }
        let city = checked { () throws(ProtocolError) in
            let c = try string(.city)
            guard !c.trimmingWhiteSpace().isEmpty else { throw .length(field: "city", rule: "a non-empty string") }
            return c
        }
        let year = checked { () throws(ProtocolError) in
            guard let yv = values[.year], yv != .null else { throw .missing(field: "year") }
            guard case .number(let yt) = yv, yt.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
                throw .wrongType(
                    field: "year", expected: "a whole number such as 1985 (no quotes, fraction or exponent)",
                    got: yv.kindDescription)
            }
            let now = Timestamp.nowMilliseconds()
            // A whole number beyond 64 bits is as far out of the range as one within them.
            guard let year = Int(yt), years.contains(year, at: now) else {
                throw .outOfRange(
                    field: "year",
                    rule: "from \(years.lowerBound) to \(years.upperBound(at: now)), not \(yt.prefix(40))")
            }
            return year
        }
        let coordinate = point(of: values, problems: &problems)
        guard problems.isEmpty, let nickname, let password, let country, let state, let city, let year,
            let coordinate
        else {
            throw ProtocolRefusal(problems: problems, acceptedNickname: nickname)
        }
        return NewUser(
            nickname: nickname, password: password, country: country, state: state, city: city,
            year: year, coordinate: coordinate)
    }

    /// The point of a post's members, `.some(nil)` when it has none; nil with the problems of `latitude` and of
    /// `longitude` (each its first) appended to `problems`. Both or neither; `null` is the same as absent.
    private static func point(of values: [PostField: BodyObject.Value], problems: inout [ProtocolError])
        -> Coordinate??
    {
        /// A coordinate's value: nil when absent; `.failure` when not a finite number.
        func number(_ field: PostField) -> Result<Double, ProtocolError>? {
            guard let v = values[field], v != .null else { return nil }
            guard case .number(let t) = v, let d = Double(t), d.isFinite else {
                return .failure(
                    .wrongType(field: field.rawValue, expected: "a number of degrees", got: v.kindDescription))
            }
            return .success(d)
        }
        let lat = number(.latitude)
        let lon = number(.longitude)
        if lat == nil, lon == nil { return .some(nil) }
        let before = problems.count
        switch lat {
        case nil: problems.append(.missing(field: "latitude"))
        case .failure(let e): problems.append(e)
        case .success(let la) where !Coordinate.latitudes.contains(la):
            problems.append(.outOfRange(field: "latitude", rule: "in [-90, 90] degrees, not \(la)"))
        case .success: break
        }
        switch lon {
        case nil: problems.append(.missing(field: "longitude"))
        case .failure(let e): problems.append(e)
        // The protocol's longitudes: Coordinate's without 180 (a post names the meridian once, as -180).
        case .success(let lo) where !(Coordinate.longitudes.contains(lo) && lo < 180):
            problems.append(.outOfRange(field: "longitude", rule: "in [-180, 180) degrees, not \(lo)"))
        case .success: break
        }
        guard problems.count == before, case .success(let la) = lat, case .success(let lo) = lon else { return nil }
        return .some(Coordinate(uncheckedLatitude: la == 0 ? 0 : la, longitude: lo == 0 ? 0 : lo))
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
