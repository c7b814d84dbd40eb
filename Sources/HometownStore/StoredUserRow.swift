/// One row of the `users` table exactly as stored (id, nickname key, password hash and time-stamp included): what
/// `hometown db copy` reads from one store and writes into another.
public struct StoredUserRow: Sendable, Equatable {
    /// The id the store assigned.
    public var id: Int
    public var nickname: String
    /// The nickname's `NicknameKey`, as stored (the unique index's column).
    public var nicknameKey: String
    /// The scrypt hash as the server wrote it (never a password).
    public var passwordHash: String
    public var country: String
    public var state: String
    public var city: String
    public var year: Int
    /// Degrees, or nil for a user posted without a point (then `longitude` is nil too).
    public var latitude: Double?
    /// Degrees, or nil.
    public var longitude: Double?
    /// The stored time-stamp, milliseconds since 1970 (UTC).
    public var createdMilliseconds: Int64

    public init(
        id: Int, nickname: String, nicknameKey: String, passwordHash: String, country: String, state: String,
        city: String, year: Int, latitude: Double?, longitude: Double?, createdMilliseconds: Int64
    ) {
        self.id = id
        self.nickname = nickname
        self.nicknameKey = nicknameKey
        self.passwordHash = passwordHash
        self.country = country
        self.state = state
        self.city = city
        self.year = year
        self.latitude = latitude
        self.longitude = longitude
        self.createdMilliseconds = createdMilliseconds
    }
}
