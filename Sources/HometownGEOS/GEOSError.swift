/// Errors from the GEOS wrapper; `message` is GEOS's own text when it gave one.
public enum GEOSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GEOS could not create a context handle.
    case contextCreationFailed
    /// Text or bytes that are not valid WKT / WKB / GeoJSON.
    case parseFailed(format: String, message: String)
    /// A GEOS operation returned its failure value.
    case operationFailed(operation: String, message: String)
    /// A geometry of the wrong kind for the operation (e.g. a ring with fewer than 4 points).
    case invalidInput(String)

    public var description: String {
        switch self {
        case .contextCreationFailed: return "GEOS could not create a context"
        case .parseFailed(let f, let m): return "cannot read \(f): \(m)"
        case .operationFailed(let op, let m): return "GEOS \(op) failed: \(m)"
        case .invalidInput(let m): return "invalid geometry input: \(m)"
        }
    }
}
