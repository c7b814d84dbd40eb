/// Copies every user from one store into an empty other (`hometown db copy`): ids, nickname keys, password
/// hashes and time-stamps as stored, and the target's id counter moved past every id the source has handed out
/// (so an id is never handed out again, whichever store is used afterwards).
///
/// Rows are read and written `batchSize` at a time (memory stays bounded by one batch), each batch one
/// transaction in the target under its insert lock. The source may keep taking posts meanwhile: every row
/// committed before the copy starts is copied, and rows posted during it may or may not be. A copy that fails
/// leaves the batches copied so far, with the target's id counter past them (`insertStored`); empty the target
/// (or use a new one) before trying again.
public enum StoreCopy {
    /// Why a copy did not start.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The target already holds this many users.
        case targetNotEmpty(target: String, users: Int)
        /// The batch size is below 1.
        case badBatchSize(Int)

        public var description: String {
            switch self {
            case .targetNotEmpty(let t, let n):
                return
                    "the target \(t) already holds \(n) user\(n == 1 ? "" : "s"); db copy fills only an empty database (a new file, or a new PostgreSQL database)"
            case .badBatchSize(let n): return "the batch size must be 1 or more (got \(n))"
            }
        }
    }

    /// Copies `source` into `target` (which must hold no user).
    /// - Parameters:
    ///   - targetName: names the target in a refusal.
    ///   - batchSize: rows per read and per target transaction.
    ///   - progress: called after each batch with the rows copied so far and the source's count at the start.
    /// - Returns: the number of rows copied.
    /// - Throws: `Refusal` before anything is written; `StoreError` from either store.
    @discardableResult
    public static func copy(
        from source: any CopyableUserStore, to target: any CopyableUserStore, targetName: String,
        batchSize: Int = 2000, progress: (_ copied: Int, _ total: Int) async -> Void = { _, _ in }
    ) async throws -> Int {
        guard batchSize >= 1 else { throw Refusal.badBatchSize(batchSize) }
        let present = try await target.count()
        guard present == 0 else { throw Refusal.targetNotEmpty(target: targetName, users: present) }
        let total = try await source.count()
        var last = 0
        var copied = 0
        while true {
            let rows = try await source.storedRows(afterID: last, limit: batchSize)
            guard let end = rows.last else { break }
            try await target.insertStored(rows)
            last = end.id
            copied += rows.count
            await progress(copied, total)
        }
        // Read after the last batch: an id the source handed out while the copy ran (a post not copied, or one
        // posted and deleted meanwhile) is never handed out again by the target either.
        let handedOut = max(last, try await source.nextID() - 1)
        if handedOut > 0 { try await target.advanceIDs(past: handedOut) }
        return copied
    }
}
