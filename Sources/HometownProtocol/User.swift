import HometownCore

/// A posted user as the server stores and returns it (never with the password).
public struct User: Hashable, Sendable {
    /// Assigned by the server: unique, increasing, never reused.
    public var id: Int
    public var nickname: String
    /// The country and state in the server's vocabulary (as GET countries and GET states name them).
    public var country: String
    public var state: String
    public var city: String
    /// The year the user started at the university.
    public var year: Int
    /// The point marked on the map, or nil when the post had none (the protocol then shows 0, 0).
    public var coordinate: Coordinate?
    /// When the post was received: milliseconds since 1970-01-01T00:00:00Z (UTC).
    public var timestampMilliseconds: Int64

    public init(
        id: Int, nickname: String, country: String, state: String, city: String, year: Int,
        coordinate: Coordinate?, timestampMilliseconds: Int64
    ) {
        self.id = id
        self.nickname = nickname
        self.country = country
        self.state = state
        self.city = city
        self.year = year
        self.coordinate = coordinate
        self.timestampMilliseconds = timestampMilliseconds
    }

    /// The protocol's `latitude`: 0 when the post had no point.
    public var latitude: Double { coordinate?.latitude ?? 0 }
    /// The protocol's `longitude`: 0 when the post had no point.
    public var longitude: Double { coordinate?.longitude ?? 0 }
    /// The protocol's `time-stamp`, e.g. "2017-03-01T20:31:00.632Z".
    public var timestamp: String { Timestamp.iso8601(milliseconds: timestampMilliseconds) }
}

/// A validated post: what `adduser` stores, with the password still in clear (the server hashes it).
public struct NewUser: Hashable, Sendable {
    /// Trimmed of surrounding white space.
    public var nickname: String
    public var password: String
    /// Canonical names from the server's vocabulary.
    public var country: String
    public var state: String
    public var city: String
    public var year: Int
    public var coordinate: Coordinate?

    public init(
        nickname: String, password: String, country: String, state: String, city: String, year: Int,
        coordinate: Coordinate?
    ) {
        self.nickname = nickname
        self.password = password
        self.country = country
        self.state = state
        self.city = city
        self.year = year
        self.coordinate = coordinate
    }

    /// The key under which the nickname is unique (see `NicknameKey`).
    public var nicknameKey: String { NicknameKey.key(nickname) }
}
