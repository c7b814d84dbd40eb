import HometownBoundaries

/// Errors from loading the gazetteer and from forward geocoding.
public enum GazetteerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query has no text (empty or only white space).
    case emptyQuery
    /// `limit` is not in 1...`Gazetteer.maxLimit`.
    case badLimit(Int)
    /// The data file could not be read (missing, truncated, corrupted, wrong version).
    case dataFile(BoundariesError)
    /// The file's tables do not fit together.
    case corrupted(path: String, detail: String)

    public var description: String {
        switch self {
        case .emptyQuery:
            return "the query is empty: give a place name such as \"Costa Rica\", \"Seattle, WA\" or \"Minneapolis\""
        case .badLimit(let n):
            return "limit \(n) is out of range: use 1 to \(Gazetteer.maxLimit)"
        case .dataFile(let e):
            return e.description
        case .corrupted(let p, let d):
            return
                "gazetteer file \(p) is corrupted: \(d); restore it from git (git checkout -- data/) or rebuild it with tools/build-data.sh"
        }
    }
}
