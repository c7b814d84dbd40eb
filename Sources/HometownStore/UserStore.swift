import HometownProtocol

/// Durable storage of posted users. The server talks to storage only through this protocol; a second backend
/// (PostgreSQL through PostgresKit, say) is one new type that conforms, reusing `SQLUserQueries`.
///
/// Rules every backend keeps:
/// - ids are assigned by the store, increase, and are never reused, not even after a failed insert or a restart;
/// - nicknames are unique by `NicknameKey` (the database enforces it, so racing inserts cannot both succeed);
/// - an insert that returned is durable (on disk before the call returns);
/// - time-stamps never decrease with increasing id;
/// - every change and deletion of a user is logged in the same transaction, under a sequence number that increases
///   in commit order (`changes(after:limit:)`), so a reader tailing the log never skips one; a deletion removes the
///   row, password hash included.
public protocol UserStore: Sendable {
    /// Stores a validated post. `passwordHash` is stored as given and never read back by the server.
    /// - Parameter now: the receiving time in milliseconds since 1970 (UTC); the stored time-stamp is the larger of
    ///   it and the previous user's, so that id order and time order agree.
    /// - Returns: the stored user with its id and time-stamp.
    /// - Throws: `StoreError.nicknameTaken` when the nickname's key exists, other `StoreError`s on failure.
    func insert(_ user: NewUser, passwordHash: String, now: Int64) async throws -> User

    /// Up to `limit` users with ids above `afterID`, in id order, each with its nickname key (`NicknameKey`) as
    /// stored: how a `UserView` is loaded.
    func usersWithKeys(afterID: Int, limit: Int) async throws -> [(user: User, nicknameKey: String)]

    /// How many users there are.
    func count() async throws -> Int

    /// The id the next inserted user will get.
    func nextID() async throws -> Int

    /// The stored user with this id, or nil when no user has it.
    func user(id: Int) async throws -> User?

    /// The password hash stored with user `id` (as `insert` got it), or nil when no user has the id.
    func passwordHash(id: Int) async throws -> String?

    /// Stores the fields a post's owner may change (country, state, city, year, point; not the nickname, the
    /// password, the id or the time-stamp) of user `id` from what `change` makes of the stored user, durably, and
    /// logs the change. Reading, `change` and writing are one transaction under the store's write lock, so two
    /// changes of one post, from this process or another, each start from the other's result and never undo its
    /// fields.
    /// - Returns: the user as changed, or nil when no user has the id or `change` gave nil (nothing is stored then).
    func update(id: Int, _ change: @escaping @Sendable (User) -> NewUser?) async throws -> User?

    /// Deletes user `id` (the row, password hash included), durably, and logs it. The id is never given again;
    /// the nickname is free.
    /// - Returns: whether a user was deleted.
    func delete(id: Int) async throws -> Bool

    /// Up to `limit` logged changes and deletions after `sequence`, in sequence order: the id each was about.
    func changes(after sequence: Int64, limit: Int) async throws -> [(sequence: Int64, id: Int)]

    /// The sequence of the newest logged change or deletion (0 when there is none).
    func lastChange() async throws -> Int64

    /// Ends the store's connections. No call may follow.
    func close() async throws

    /// Why writes fail for want of storage (a full disk, a failing write), or nil: set when a write fails with
    /// `StoreError.storageUnavailable`, cleared when one succeeds. The default, for a store that cannot tell, is
    /// always nil.
    var storageProblem: String? { get }

    /// A small durable write that changes no data (with `storageProblem` set: whether writes work again; a
    /// success clears it). Must not run beside another write of this process.
    /// - Throws: `StoreError.storageUnavailable` while they do not, other `StoreError`s.
    func probeWrite() async throws
}

extension UserStore {
    public var storageProblem: String? { nil }
    public func probeWrite() async throws {}

    /// Stores `change`'s country, state, city, year and point as user `id`'s, whatever it held (`update(id:_:)`).
    public func update(id: Int, to change: NewUser) async throws -> User? {
        try await update(id: id) { _ in change }
    }
}
