/// Why `TilePreparation.write` wrote no file (besides data that could not be loaded, `BundledDataError`).
public enum TilePreparationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Zooms asked for, and the most a file may hold.
    case zooms(Int, Int)
    /// The file could not be written (path, why).
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .zooms(let n, let most): return "--zooms: \(n) is not from 1 to \(most)"
        case .cannotWrite(let path, let why): return "cannot write \(path): \(why)"
        }
    }
}
