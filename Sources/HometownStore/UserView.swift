import HometownCore
import HometownProtocol

/// Every user in memory, ready to answer GET users (and count, nextid, nicknameexists, and the points of the
/// map endpoints) without SQL: each user's protocol JSON kept as bytes, and per-filter posting lists (country,
/// state, city, year, and state with year: the rows having each value, ascending).
///
/// - The database stays the truth: the view is loaded from it at start (`UserView.load(from:)`) and then follows
///   it (`catchUp(from:)`, run in turn by `UserViewFollower`): after each post of this process, and every few
///   milliseconds for the posts of other processes on the same database. It can always be rebuilt from the store.
/// - Answers cost O(answer bytes) plus, for a query with several filters, O(rows of its most selective filter):
///   the shortest posting list drives, the others are checked per row, ids bound it by binary search, and a page
///   without further checks starts at its offset directly.
/// - Thread-safety: one lock guards everything; readers hold it for one step of bounded size (`UsersAnswer` takes
///   at most `stepBytes` of output or `stepRows` rows a step), so a post appends after at most one step.
/// - Changes and deletions (`replace(_:)`, `remove(id:)`, brought by `catchUp` from the store's change log) keep
///   the row: a changed post is written again and moved between posting lists; a deleted one leaves every list,
///   `alive` included, and its codes become -1. Both bump `version` (which names the data an answer was computed
///   from, for ETags). An answer being written when a row changes sees the row as it is when its step reaches it.
public final class UserView: Sendable {
    /// A point in time of the view: answers computed from it see the rows 0..<`rowCount` that are not deleted.
    public struct Snapshot: Sendable, Hashable {
        /// Rows visible (rows 0..<rowCount), deleted ones included.
        public let rowCount: Int
        /// Users there are (rows not deleted).
        public let userCount: Int
        /// Changes since the view was created (each append adds one); names the data an answer was made from.
        public let version: UInt64
    }

    struct State {
        /// Row JSON bytes, in chunks of `chunkBytes` (a row never spans two chunks).
        var chunks: [[UInt8]] = []
        /// Chunk << 32 | offset, and length, of each row's JSON.
        var location: [UInt64] = []
        var length: [UInt32] = []
        var ids: [Int] = []
        var nicknames: [String] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var hasPoint: [Bool] = []
        var created: [Int64] = []
        var country = UserFacet<TextKey>()
        var state = UserFacet<TextKey>()
        var city = UserFacet<TextKey>()
        var year = UserFacet<Int>()
        var stateYear = UserFacet<StateYear>()
        /// The rows not deleted, ascending: what an answer without filters walks.
        var alive: [Int32] = []
        /// Per nickname key, the rows alive that hold it: one, or two for the moment between a catch-up's appending
        /// a nickname freed and taken again elsewhere and its removing the user who freed it.
        var nicknameKeys: [String: Int32] = [:]
        /// The key each row's nickname is unique under, as the store gave it (what `remove` frees: a key made
        /// unique by the nickname migration is not the key the nickname would get now).
        var nicknameKeyOfRow: [String] = []
        var nextID = 1
        /// The store's change-log sequence read up to (nil before the first catch-up).
        var changesRead: Int64?
        var version: UInt64 = 0
        /// Bytes of row JSON in the chunks, `deadBytes` included.
        var jsonBytes = 0
        /// Bytes of row JSON no row reads any more: a changed post's earlier JSON, a deleted post's. The chunks are
        /// written again without them (`compactIfWorthIt`) once they are half the JSON and at least
        /// `compactionFloor`, so that changes repeated without end keep the JSON within about twice the live
        /// posts' (or the floor).
        var deadBytes = 0
        var compactionFloor = UserView.defaultCompactionFloor

        /// Users there are (deleted rows left out).
        var count: Int { alive.count }

        /// Bytes the columns, the facets and the row JSON hold, roughly: each column's elements at their own
        /// stride (a short string is held inline; a key's entry costs its string and count and about twice that in
        /// hashing room), the facets' own count, and the JSON.
        var approximateBytes: Int {
            func column<T>(_ values: [T]) -> Int { values.count * MemoryLayout<T>.stride }
            let keySet = nicknameKeys.count * 3 * MemoryLayout<(String, Int32)>.stride
            let columns =
                column(location) + column(length) + column(ids) + column(nicknames) + column(latitudes)
                + column(longitudes) + column(hasPoint) + column(created) + column(alive) + column(nicknameKeyOfRow)
            let facets =
                country.approximateBytes + state.approximateBytes + city.approximateBytes + year.approximateBytes
                + stateYear.approximateBytes
            return jsonBytes + columns + keySet + facets
        }

        /// Whether row `r` was deleted.
        func isDeleted(_ r: Int) -> Bool { country.ofRow[r] < 0 }

        /// The row of user `id`, or nil when no row has it.
        func row(id: Int) -> Int? {
            let r = UsersAnswer.firstRow(ids, ids.count, where: { $0 >= id })
            return r < ids.count && ids[r] == id ? r : nil
        }

        /// Writes the chunks again with only the JSON of rows not deleted, when `deadBytes` is worth it. O(live JSON
        /// bytes), under the view's lock; answers read rows through `location`, each step under the lock, so a
        /// step before and one after see the same rows.
        mutating func compactIfWorthIt() {
            guard deadBytes >= compactionFloor, deadBytes * 2 >= jsonBytes else { return }
            let old = chunks
            chunks = []
            jsonBytes = 0
            deadBytes = 0
            for r in 0..<ids.count where !isDeleted(r) {
                let loc = location[r]
                let offset = Int(loc & 0xFFFF_FFFF)
                location[r] = store(Array(old[Int(loc >> 32)][offset..<offset + Int(length[r])]))
            }
        }

        /// Writes `json` into the chunks and returns where it is.
        mutating func store(_ json: [UInt8]) -> UInt64 {
            if chunks.isEmpty || chunks[chunks.count - 1].count + json.count > UserView.chunkBytes {
                var c: [UInt8] = []
                c.reserveCapacity(max(UserView.chunkBytes, json.count))
                chunks.append(c)
            }
            let chunk = chunks.count - 1
            let location = UInt64(chunk) << 32 | UInt64(chunks[chunk].count)
            chunks[chunk].append(contentsOf: json)
            jsonBytes += json.count
            return location
        }

        func row(_ r: Int) -> User {
            User(
                id: ids[r], nickname: nicknames[r], country: country.keys[Int(country.ofRow[r])].string,
                state: state.keys[Int(state.ofRow[r])].string, city: city.keys[Int(city.ofRow[r])].string,
                year: year.keys[Int(year.ofRow[r])],
                coordinate: hasPoint[r] ? Coordinate(uncheckedLatitude: latitudes[r], longitude: longitudes[r]) : nil,
                timestampMilliseconds: created[r])
        }

        /// Appends row `r`'s JSON to `out`.
        func appendJSON(_ r: Int, to out: inout [UInt8]) {
            let loc = location[r]
            let chunk = Int(loc >> 32)
            let offset = Int(loc & 0xFFFF_FFFF)
            let n = Int(length[r])
            chunks[chunk].withUnsafeBufferPointer {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[offset..<offset + n]))
            }
        }
    }

    static let chunkBytes = 1 << 20
    /// The fewest dead JSON bytes the chunks are written again for by default (`State.compactIfWorthIt`).
    public static let defaultCompactionFloor = 4 << 20
    let state: Locked<State>

    /// - Parameter compactionFloor: the fewest bytes of JSON no row reads any more (changed or deleted posts')
    ///   for which the JSON is written again without them, once they are half of it.
    public init(compactionFloor: Int = UserView.defaultCompactionFloor) {
        var s = State()
        s.compactionFloor = max(1, compactionFloor)
        state = Locked(s)
    }

    /// A view of every user in `store`, read in id order in batches of `batch` rows.
    public static func load(
        from store: any UserStore, batch: Int = 20_000, compactionFloor: Int = UserView.defaultCompactionFloor
    ) async throws -> UserView {
        let view = UserView(compactionFloor: compactionFloor)
        try await view.catchUp(from: store, batch: batch)
        return view
    }

    /// Brings the view up to `store`: appends the users with ids above the last one here, in id order, `batch` a
    /// query; then applies the changes and deletions the store logged since the last catch-up (`UserStore.changes`),
    /// each by reading the user as stored now; and raises `nextID` to the store's. One catch-up at a time: two at
    /// once could both read a user (the second append then fails as out of order); `UserViewFollower` runs them in
    /// turn.
    ///
    /// The first catch-up notes the log's end before it reads any user, so a change committed while the users are
    /// read is applied after them. A logged change of a user the view has not read yet is passed over: the next
    /// catch-up reads that user as stored.
    /// - Throws: what the store throws; `AppendError` when the store returns users out of id order.
    public func catchUp(from store: any UserStore, batch: Int = 20_000) async throws {
        let batch = max(1, batch)
        var read: Int64
        if let r = state.withLock({ $0.changesRead }) {
            read = r
        } else {
            read = try await store.lastChange()
        }
        while true {
            let rows = try await store.usersWithKeys(afterID: lastID, limit: batch)
            for (u, key) in rows { try append(u, nicknameKey: key) }
            if rows.count < batch { break }
        }
        while true {
            let changes = try await store.changes(after: read, limit: batch)
            var seen = Set<Int>()
            for c in changes where seen.insert(c.id).inserted {
                if let u = try await store.user(id: c.id) { replace(u) } else { remove(id: c.id) }
            }
            read = changes.last?.sequence ?? read
            state.withLock { $0.changesRead = read }
            if changes.count < batch { break }
        }
        raiseNextID(to: try await store.nextID())
    }

    /// Why a row cannot be appended.
    public enum AppendError: Error, Equatable, CustomStringConvertible {
        /// Rows must come in increasing id order (the id given, the last one).
        case outOfOrder(id: Int, last: Int)

        public var description: String {
            switch self {
            case .outOfOrder(let id, let last):
                return "user \(id) comes after user \(last): the view takes users in id order"
            }
        }
    }

    /// Adds a stored user (its id above every id in the view) with the key its nickname is unique under.
    public func append(_ user: User, nicknameKey: String) throws(AppendError) {
        var json: [UInt8] = []
        json.reserveCapacity(160)
        UserJSON.append(user, to: &json)
        try state.withLock { (s: inout State) throws(AppendError) in
            if let last = s.ids.last, user.id <= last { throw .outOfOrder(id: user.id, last: last) }
            s.location.append(s.store(json))
            s.length.append(UInt32(json.count))
            let row = Int32(s.ids.count)
            s.ids.append(user.id)
            s.nicknames.append(user.nickname)
            s.latitudes.append(user.coordinate?.latitude ?? 0)
            s.longitudes.append(user.coordinate?.longitude ?? 0)
            s.hasPoint.append(user.coordinate != nil)
            s.created.append(user.timestampMilliseconds)
            s.country.append(TextKey(user.country), row: row)
            s.state.append(TextKey(user.state), row: row)
            s.city.append(TextKey(user.city), row: row)
            s.year.append(user.year, row: row)
            s.stateYear.append(StateYear(state: s.state.ofRow[Int(row)], year: user.year), row: row)
            s.alive.append(row)
            s.nicknameKeys[nicknameKey, default: 0] += 1
            s.nicknameKeyOfRow.append(nicknameKey)
            s.nextID = max(s.nextID, user.id + 1)
            s.version &+= 1
        }
    }

    /// Puts the stored `user` (its id in the view) in place of its row: the fields a post's owner may change
    /// (country, state, city, year, point); id, nickname and time-stamp are the row's. Nothing happens when no row
    /// has the id (deleted, or not read yet: the next catch-up reads it as stored).
    /// - Returns: whether a row was changed.
    @discardableResult
    public func replace(_ user: User) -> Bool {
        var json: [UInt8] = []
        json.reserveCapacity(160)
        UserJSON.append(user, to: &json)
        return state.withLock { s in
            guard let r = s.row(id: user.id), !s.isDeleted(r) else { return false }
            let row = Int32(r)
            s.deadBytes += Int(s.length[r])
            s.location[r] = s.store(json)
            s.length[r] = UInt32(json.count)
            s.latitudes[r] = user.coordinate?.latitude ?? 0
            s.longitudes[r] = user.coordinate?.longitude ?? 0
            s.hasPoint[r] = user.coordinate != nil
            s.country.set(TextKey(user.country), row: row)
            s.state.set(TextKey(user.state), row: row)
            s.city.set(TextKey(user.city), row: row)
            s.year.set(user.year, row: row)
            s.stateYear.set(StateYear(state: s.state.ofRow[r], year: user.year), row: row)
            s.version &+= 1
            s.compactIfWorthIt()
            return true
        }
    }

    /// Takes user `id` out of every answer; its nickname becomes free. The row stays (ids and rows keep their order)
    /// with its codes -1. Nothing happens when no row has the id.
    /// - Returns: whether a user was removed.
    @discardableResult
    public func remove(id: Int) -> Bool {
        state.withLock { s in
            guard let r = s.row(id: id), !s.isDeleted(r) else { return false }
            let row = Int32(r)
            s.country.remove(row: row)
            s.state.remove(row: row)
            s.city.remove(row: row)
            s.year.remove(row: row)
            s.stateYear.remove(row: row)
            let position = UsersAnswer.firstPosition(s.alive, atLeast: r)
            if position < s.alive.count, s.alive[position] == row { s.alive.remove(at: position) }
            let key = s.nicknameKeyOfRow[r]
            if let holders = s.nicknameKeys[key], holders > 1 {
                s.nicknameKeys[key] = holders - 1
            } else {
                s.nicknameKeys.removeValue(forKey: key)
            }
            s.deadBytes += Int(s.length[r])
            s.version &+= 1
            s.compactIfWorthIt()
            return true
        }
    }

    /// Makes `nextID` at least `id` (the store's counter, which also counts ids of users no longer there, and,
    /// on PostgreSQL, ids an insert that failed used up). A raise is a change: the version moves with it, so that an
    /// answer tagged with the version before is not taken for the new one.
    public func raiseNextID(to id: Int) {
        state.withLock { s in
            guard id > s.nextID else { return }
            s.nextID = id
            s.version &+= 1
        }
    }

    /// The rows and version visible now.
    public var snapshot: Snapshot {
        state.withLock { Snapshot(rowCount: $0.ids.count, userCount: $0.count, version: $0.version) }
    }

    /// How many users there are.
    public var count: Int { state.withLock { $0.count } }

    /// The id of the newest user read from the store (deleted or not; 0 when there is none): where a catch-up
    /// goes on reading.
    public var lastID: Int { state.withLock { $0.ids.last ?? 0 } }

    /// The id the next stored user will get.
    public var nextID: Int { state.withLock { $0.nextID } }

    /// Whether a user's nickname has this key (`NicknameKey.key`).
    public func containsNicknameKey(_ key: String) -> Bool { state.withLock { $0.nicknameKeys[key] != nil } }

    /// Bytes the view holds, roughly: the JSON, the columns and the posting lists.
    public var approximateBytes: Int { state.withLock { $0.approximateBytes } }

    /// The answer to `query` as of `snapshot` (default: now), to be written a step at a time.
    public func answer(_ query: UsersQuery, at snapshot: Snapshot? = nil) -> UsersAnswer {
        state.withLock { s in UsersAnswer(query: query, state: s, rowCount: snapshot?.rowCount ?? s.ids.count) }
    }

    /// The users matching `query` (as the store's `users` would return them), as of `snapshot`.
    public func users(_ query: UsersQuery, at snapshot: Snapshot? = nil) -> [User] {
        var answer = self.answer(query, at: snapshot)
        var out: [User] = []
        while !answer.isFinished { answer.step(view: self) { s, r in out.append(s.row(r)) } }
        return out
    }

    /// The points of the users matching the filters of `query` (paging ignored), with their rows, as of `snapshot`.
    public func points(_ query: UsersQuery, at snapshot: Snapshot? = nil) -> [(row: Int, coordinate: Coordinate)] {
        var answer = self.answer(query.filtersOnly, at: snapshot)
        var out: [(row: Int, coordinate: Coordinate)] = []
        while !answer.isFinished {
            answer.step(view: self) { s, r in
                if s.hasPoint[r] {
                    out.append((r, Coordinate(uncheckedLatitude: s.latitudes[r], longitude: s.longitudes[r])))
                }
            }
        }
        return out
    }

    /// The user at `row` (a row from `points`), or nil when it was deleted since.
    public func user(row: Int) -> User? { state.withLock { $0.isDeleted(row) ? nil : $0.row(row) } }

    /// The users at `rows` (rows from `points`), in the same order, nil for those deleted since; read in steps of
    /// at most `UsersAnswer.stepUsers` rows, each under the lock once.
    public func users(atRows rows: [Int]) -> [User?] {
        var out: [User?] = []
        out.reserveCapacity(rows.count)
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + UsersAnswer.stepUsers)
            state.withLock { s in
                for r in rows[start..<end] { out.append(s.isDeleted(r) ? nil : s.row(r)) }
            }
            start = end
        }
        return out
    }
}
