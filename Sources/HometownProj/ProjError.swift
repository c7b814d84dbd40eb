/// Errors from the PROJ wrapper; messages carry PROJ's own reason text.
public enum ProjError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PROJ could not create its context (out of memory, missing proj.db).
    case contextCreationFailed
    /// The PROJ shared library could not be opened, or lacks a function this module calls (the reason says
    /// which library names were tried).
    case libraryUnavailable(String)
    /// PROJ found no database (proj.db, installed by proj-data; `PROJ_DATA` names its folder), so it knows no CRS
    /// code: the reason is PROJ's.
    case databaseUnavailable(String)
    /// A CRS text that PROJ does not understand, or no transformation between the two CRS.
    case invalidCRS(source: String, target: String, reason: String)
    /// A point that PROJ cannot transform (outside the projection's domain, or NaN).
    case transformFailed(x: Double, y: Double, reason: String)
    /// Arrays passed to a batch transform that do not have the same length.
    case lengthMismatch(Int, Int)
    /// Polygon with fewer than three vertices, or bad geodesic input.
    case invalidGeodesicInput(String)

    public var description: String {
        switch self {
        case .contextCreationFailed: return "PROJ could not create a context (is proj-data installed?)"
        case .libraryUnavailable(let r): return "PROJ is not available: \(r)"
        case .databaseUnavailable(let r):
            return "PROJ has no database (\(r)); install proj-data, or set PROJ_DATA to the folder holding proj.db"
        case .invalidCRS(let s, let t, let r): return "cannot transform from \"\(s)\" to \"\(t)\": \(r)"
        case .transformFailed(let x, let y, let r): return "cannot transform point (\(x), \(y)): \(r)"
        case .lengthMismatch(let a, let b):
            return "batch transform needs x and y arrays of equal length, got \(a) and \(b)"
        case .invalidGeodesicInput(let r): return "invalid geodesic input: \(r)"
        }
    }
}
