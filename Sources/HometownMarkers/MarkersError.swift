/// Errors from reading or filtering markers. Messages name the file, the row (line, feature or array
/// element) and the value at fault.
public enum MarkersError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file's format cannot be told from its name or content.
    case unknownFormat(file: String)
    /// The file as a whole is not what its format needs (bad JSON, no header, wrong top-level type).
    case malformed(file: String, reason: String)
    /// One row, feature or element is bad. `location` is e.g. "line 12" or "feature 3", counted from 1.
    case invalidRow(file: String, location: String, reason: String)
    /// A filter value that cannot be used.
    case invalidFilter(String)

    public var description: String {
        switch self {
        case .unreadable(let f, let r): return "\(f): cannot read the file: \(r)"
        case .unknownFormat(let f):
            return
                "\(f): unknown marker format: use a .geojson/.json FeatureCollection, a users JSON array, .csv or .ndjson"
        case .malformed(let f, let r): return "\(f): \(r)"
        case .invalidRow(let f, let loc, let r): return "\(f), \(loc): \(r)"
        case .invalidFilter(let r): return "invalid filter: \(r)"
        }
    }
}
