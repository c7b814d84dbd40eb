import HometownPostgres

/// Why the server could not start.
public enum ServerError: Error, CustomStringConvertible, Sendable {
    /// A configuration value is unusable (option, reason).
    case badConfiguration(String, String)
    /// Bundled data or the database could not be loaded (what, why).
    case cannotLoad(String, String)
    /// A file could not be written (path, why): `hometown prepare-tiles`.
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .badConfiguration(let what, let why): return "\(what): \(why)"
        case .cannotLoad(let what, let why): return "cannot load \(what): \(why)"
        case .cannotWrite(let path, let why): return "cannot write \(path): \(why)"
        }
    }
}

extension ServerError {
    /// A database connection option that cannot be used, as the configuration error it is to the server.
    init(_ e: DatabaseOptionError) { self = .badConfiguration(e.option, e.reason) }
}
