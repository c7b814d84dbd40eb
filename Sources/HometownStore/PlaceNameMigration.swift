import HometownProtocol
import Logging

/// The data migration run on every start of the server, before the users are loaded: stored country and state
/// names are brought to the names the server serves now. When the bundled data renames a unit (for example
/// "People's Republic of China" -> "China", "Sichuan Sheng" -> "Sichuan", the old names kept as aliases), the
/// posts stored under the old name are stored under the new one, so that lists, filters and answers agree.
///
/// Each distinct stored (country, state) is read through the server's `ServedNames` as a post would be; a pair
/// whose served form differs is renamed, in one transaction, every changed user logged in the change log (so
/// followers see the change). A stored name the vocabulary does not serve (a country left out by `--countries`)
/// is left as it is. Idempotent: once renamed, every pair is its own served form, and a second run changes
/// nothing. Logged: one notice per renamed pair and a summary; nothing above debug when nothing changed.
public enum PlaceNameMigration {
    /// What a run did.
    public struct Outcome: Equatable, Sendable {
        /// The renamings applied, sorted by old country and state.
        public var renames: [PlaceRename]
        /// Users whose country or state changed.
        public var users: Int
    }

    /// The renamings `names` asks for of `stored`: each pair whose served country or state differs.
    public static func renames(of stored: [StoredPlaceName], names: any ServedNames) -> [PlaceRename] {
        var out: [PlaceRename] = []
        for p in stored {
            guard let country = try? names.servedCountry(p.country) else { continue }
            let state = (try? names.servedState(p.state, inCountry: country)) ?? p.state
            let to = StoredPlaceName(country: country, state: state)
            if to != p { out.append(PlaceRename(from: p, to: to)) }
        }
        return out.sorted { ($0.from.country, $0.from.state) < ($1.from.country, $1.from.state) }
    }

    /// Renames the stored place names `names` serves otherwise; see the type's documentation.
    @discardableResult
    public static func run(on store: any PlaceRenamingStore, names: any ServedNames, logger: Logger) async throws
        -> Outcome
    {
        let renames = renames(of: try await store.storedPlaceNames(), names: names)
        guard !renames.isEmpty else {
            logger.debug("stored place names are the served ones: nothing to migrate")
            return Outcome(renames: [], users: 0)
        }
        let users = try await store.renamePlaces(renames)
        for r in renames {
            logger.notice(
                "stored place name migrated: \(r.from.country) / \(r.from.state) -> \(r.to.country) / \(r.to.state)")
        }
        logger.notice(
            "stored place names migrated to the served names",
            metadata: ["pairs": "\(renames.count)", "users": "\(users)"])
        return Outcome(renames: renames, users: users)
    }
}
