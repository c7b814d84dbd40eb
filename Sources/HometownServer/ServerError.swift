import HometownPostgres
import HometownTiles

/// Why the server could not start.
public enum ServerError: Error, CustomStringConvertible, Sendable {
    /// A configuration value is unusable (option, reason).
    case badConfiguration(String, String)
    /// A file or folder an option names could not be loaded (what, why).
    case cannotLoad(String, String)
    /// The bundled data (found as `hometown` looks for it, or missing) could not be loaded (why): a data
    /// failure, not a value given wrong.
    case cannotLoadData(String)
    /// The server cannot listen on its address (why, with what to do).
    case cannotListen(String)

    public var description: String {
        switch self {
        case .badConfiguration(let what, let why): return "\(what): \(why)"
        case .cannotLoad(let what, let why): return "cannot load \(what): \(why)"
        case .cannotLoadData(let why): return "cannot load the bundled data: \(why)"
        case .cannotListen(let why): return "cannot listen: \(why)"
        }
    }
}

extension ServerError {
    /// Whether the error is a value the operator gave (exit status 2), not missing data or the machine (1).
    public var isInvalidInput: Bool {
        switch self {
        case .badConfiguration, .cannotLoad: return true
        case .cannotLoadData, .cannotListen: return false
        }
    }

    /// A database connection option that cannot be used, as the configuration error it is to the server.
    init(_ e: DatabaseOptionError) { self = .badConfiguration(e.option, e.reason) }

    /// Bundled data that could not be loaded, as the error it is to the server (the same words).
    init(_ e: BundledDataError) {
        switch e {
        case .cannotLoad(let why): self = .cannotLoadData(why)
        case .countries(let why): self = .badConfiguration("--countries", why)
        }
    }
}
