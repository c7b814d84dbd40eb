import HometownCore

/// What the owner of a post changes (POST users/{id}/update): each field nil keeps the stored value. The nickname,
/// the id and the time-stamp never change. The server checks the changed post as it checks a new one
/// (`applied(to:password:vocabulary:years:)`).
public struct UserChange: Hashable, Sendable {
    public var country: String?
    public var state: String?
    public var city: String?
    /// The start year.
    public var year: Int?
    /// The new point; nil keeps the stored one (a point cannot be removed, only moved).
    public var coordinate: Coordinate?

    public init(
        country: String? = nil, state: String? = nil, city: String? = nil, year: Int? = nil,
        coordinate: Coordinate? = nil
    ) {
        self.country = country
        self.state = state
        self.city = city
        self.year = year
        self.coordinate = coordinate
    }

    /// The keys an update body takes: `password` and the changeable fields, in the protocol's order.
    public static let bodyKeys: [PostField] = PostField.allCases.filter { $0 != .nickname }

    /// Whether nothing would change.
    public var isEmpty: Bool { self == UserChange() }

    /// The body of POST users/{id}/update: `password` and the fields given, in `bodyKeys` order, written by Core's
    /// `JSONWriter`. `OwnerRequest.update(body:)` reads it back.
    public func body(password: String) -> [UInt8] {
        var members: [(PostField, JSONValue)] = [(.password, .string(password))]
        if let country { members.append((.country, .string(country))) }
        if let state { members.append((.state, .string(state))) }
        if let city { members.append((.city, .string(city))) }
        if let year { members.append((.year, .number(Double(year)))) }
        if let coordinate {
            members.append((.latitude, .number(coordinate.latitude)))
            members.append((.longitude, .number(coordinate.longitude)))
        }
        return OwnerRequest.write(members)
    }
}

/// The body of the owner's requests, read: POST users/{id}/delete (`{"password"}`) and POST users/{id}/update
/// (`password` and the fields to change). The form is checked here (one JSON object, known keys each given once, a
/// password that is a string of a valid length); whether the password is right is the server's to say, and the
/// changed post (the other fields' types and values) is checked by `applied(to:vocabulary:years:)`.
public struct OwnerRequest: Sendable {
    /// The password as sent.
    public let password: String
    /// The changeable fields given, as written (empty for a delete).
    let given: [PostField: BodyObject.Value]

    /// Reads a delete body: `{"password": "..."}` and nothing else.
    /// - Throws: `ProtocolError` for a body too large or not one JSON object, another key, a key given twice, or
    ///   a missing or malformed password (not a string, too long, or shorter than any post's).
    public static func delete(body: [UInt8]) throws(ProtocolError) -> OwnerRequest {
        try OwnerRequest(body: body, allowed: [.password])
    }

    /// Reads an update body: `password` and any of `UserChange.bodyKeys`.
    /// - Throws: as `delete(body:)`, with the changeable keys allowed too.
    public static func update(body: [UInt8]) throws(ProtocolError) -> OwnerRequest {
        try OwnerRequest(body: body, allowed: UserChange.bodyKeys)
    }

    private init(body: [UInt8], allowed: [PostField]) throws(ProtocolError) {
        var members = try NewUser.members(of: body, allowed: allowed)
        guard let p = members.removeValue(forKey: .password), p != .null else { throw .missing(field: "password") }
        guard case .string(let s) = p else {
            throw .wrongType(field: "password", expected: "a string", got: p.kindDescription)
        }
        try NewUser.checkString(s, field: "password")
        // Shorter than any post's password: refused by its form, before any hashing or counting of failures.
        try NewUser.checkPassword(s)
        password = s
        given = members.filter { $0.value != .null }
    }

    /// `user` with the fields given changed, checked exactly as POST adduser checks a post (the same rules,
    /// refusals and fields): the stored nickname and the sent password stand for those keys.
    /// - Throws: `ProtocolRefusal` with every refused field, in the protocol's key order.
    public func applied(to user: User, vocabulary: some ServedNames, years: YearRange) throws(ProtocolRefusal)
        -> NewUser
    {
        var members = given
        members[.nickname] = .string(user.nickname)
        members[.password] = .string(password)
        if members[.country] == nil { members[.country] = .string(user.country) }
        if members[.state] == nil { members[.state] = .string(user.state) }
        if members[.city] == nil { members[.city] = .string(user.city) }
        if members[.year] == nil { members[.year] = .number(String(user.year)) }
        if members[.latitude] == nil, members[.longitude] == nil, let c = user.coordinate {
            members[.latitude] = .number(JSONValue.number(c.latitude).compactText)
            members[.longitude] = .number(JSONValue.number(c.longitude).compactText)
        }
        return try NewUser.validate(members: members, vocabulary: vocabulary, years: years)
    }

    /// `{"k":v,...}` of `members` in order.
    static func write(_ members: [(PostField, JSONValue)]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(key.rawValue, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value.compactText.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension OwnerRequest {
    /// The body of POST users/{id}/delete.
    public static func deleteBody(password: String) -> [UInt8] { write([(.password, .string(password))]) }
}
