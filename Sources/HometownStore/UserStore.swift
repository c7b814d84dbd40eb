import HometownProtocol

/// Durable storage of posted users. The server talks to storage only through this protocol; a second backend
/// (PostgreSQL through PostgresKit, say) is one new type that conforms, reusing `SQLUserQueries`.
///
/// Rules every backend keeps:
/// - ids are assigned by the store, increase, and are never reused, not even after a failed insert or a restart;
/// - nicknames are unique by `NicknameKey` (the database enforces it, so racing inserts cannot both succeed);
/// - an insert that returned is durable (on disk before the call returns);
/// - time-stamps never decrease with increasing id.
public protocol UserStore: Sendable {
    /// Stores a validated post. `passwordHash` is stored as given and never read back by the server.
    /// - Parameter now: the receiving time in milliseconds since 1970 (UTC); the stored time-stamp is the larger of
    ///   it and the previous user's, so that id order and time order agree.
    /// - Returns: the stored user with its id and time-stamp.
    /// - Throws: `StoreError.nicknameTaken` when the nickname's key exists, other `StoreError`s on failure.
    func insert(_ user: NewUser, passwordHash: String, now: Int64) async throws -> User

    /// The users matching `query`, in its order and page.
    func users(_ query: UsersQuery) async throws -> [User]

    /// Up to `limit` users with ids above `afterID`, in id order, each with its nickname key (`NicknameKey`) as
    /// stored: how a `UserView` is loaded.
    func usersWithKeys(afterID: Int, limit: Int) async throws -> [(user: User, nicknameKey: String)]

    /// How many users there are.
    func count() async throws -> Int

    /// The id the next inserted user will get.
    func nextID() async throws -> Int

    /// Whether a user with this nickname (compared by `NicknameKey`) exists.
    func nicknameExists(_ nickname: String) async throws -> Bool

    /// Ends the store's connections. No call may follow.
    func close() async throws
}
