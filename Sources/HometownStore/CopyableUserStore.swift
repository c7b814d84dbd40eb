/// A `UserStore` whose rows can be read and written as stored, ids and hashes included: what `StoreCopy` (and
/// so `hometown db copy`) needs of a source and a target. Every backend conforms; the server never uses it.
public protocol CopyableUserStore: PlaceRenamingStore {
    /// Up to `limit` rows with ids above `afterID`, in id order, as stored.
    func storedRows(afterID: Int, limit: Int) async throws -> [StoredUserRow]

    /// Stores `rows` as they are (their ids, keys, hashes and time-stamps) in one transaction, taking the same
    /// insert lock as `insert`. The ids must be new to the store and above every stored id, ascending. In the
    /// same transaction the id counter moves past them, so that a copy cut short hands none of them out again.
    /// - Throws: `StoreError.nicknameTaken` or `StoreError.failed` (a repeated id); nothing is stored then.
    func insertStored(_ rows: [StoredUserRow]) async throws

    /// Makes the id counter hand out ids above `id` (it is never lowered).
    func advanceIDs(past id: Int) async throws
}
