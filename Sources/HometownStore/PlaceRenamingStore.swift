/// A country and state as stored with posts.
public struct StoredPlaceName: Hashable, Sendable {
    public var country: String
    public var state: String

    public init(country: String, state: String) {
        self.country = country
        self.state = state
    }
}

/// One renaming of stored place names: every user stored under `from` is stored under `to`.
public struct PlaceRename: Hashable, Sendable {
    public var from: StoredPlaceName
    public var to: StoredPlaceName

    public init(from: StoredPlaceName, to: StoredPlaceName) {
        self.from = from
        self.to = to
    }
}

/// A `UserStore` whose stored country and state names can be listed and renamed in bulk: what
/// `PlaceNameMigration` needs when the bundled data's names change ("Sichuan Sheng" -> "Sichuan").
/// Every backend conforms.
public protocol PlaceRenamingStore: UserStore {
    /// The distinct (country, state) pairs of the stored users, in no set order.
    func storedPlaceNames() async throws -> [StoredPlaceName]

    /// Applies `renames` in one transaction (taking the same lock as an update), logging every changed user in
    /// the change log as `update` does.
    /// - Returns: how many users changed.
    func renamePlaces(_ renames: [PlaceRename]) async throws -> Int
}
