/// Why the bundled data could not be loaded (`BundledData`).
public enum BundledDataError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A file is missing, damaged or of another version (why, naming the file).
    case cannotLoad(String)
    /// The countries asked for (`--countries`) cannot be served from this data (why).
    case countries(String)

    public var description: String {
        switch self {
        case .cannotLoad(let why): return "cannot load the bundled data: \(why)"
        case .countries(let why): return "--countries: \(why)"
        }
    }
}
