/// A database connection option that cannot be used: the option as written on the command line
/// (`--db-password-file`) and why. `hometown serve` reports it as a configuration error, `hometown db` with exit
/// status 2.
public struct DatabaseOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option, as written on the command line.
    public var option: String
    /// Why its value cannot be used.
    public var reason: String

    public init(option: String, reason: String) {
        self.option = option
        self.reason = reason
    }

    public var description: String { "\(option): \(reason)" }
}
