import HometownPostgres
import HometownTiles

/// Why the server could not start.
public enum ServerError: Error, CustomStringConvertible, Sendable {
    /// A configuration value is unusable (option, reason).
    case badConfiguration(String, String)
    /// Bundled data or the database could not be loaded (what, why).
    case cannotLoad(String, String)
    /// The server cannot listen on its address (why, with what to do).
    case cannotListen(String)

    public var description: String {
        switch self {
        case .badConfiguration(let what, let why): return "\(what): \(why)"
        case .cannotLoad(let what, let why): return "cannot load \(what): \(why)"
        case .cannotListen(let why): return "cannot listen: \(why)"
        }
    }
}

extension ServerError {
    /// A database connection option that cannot be used, as the configuration error it is to the server.
    init(_ e: DatabaseOptionError) { self = .badConfiguration(e.option, e.reason) }

    /// Bundled data that could not be loaded, as the error it is to the server (the same words).
    init(_ e: BundledDataError) {
        switch e {
        case .cannotLoad(let why): self = .cannotLoad("the bundled data", why)
        case .countries(let why): self = .badConfiguration("--countries", why)
        }
    }
}
