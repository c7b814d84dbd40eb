import Foundation

/// How `hometown serve` and `hometown db` reach a PostgreSQL database (`--db-password-file`,
/// `--db-connections`, `--db-connect-timeout`, `--db-query-timeout`); a SQLite file needs none of it.
public struct DatabaseConnectOptions: Sendable {
    /// A file whose first line is the password; nil: `$PGPASSWORD`, else no password.
    public var passwordFile: String?
    /// Connections a process keeps open to the database server at most.
    public var maxConnections = 8
    /// How long opening one connection may take.
    public var connectTimeout: Duration = .seconds(5)
    /// How long one call may hold a connection (its statements) before it fails with 503.
    public var queryTimeout: Duration = .seconds(10)

    public init() {}

    /// Checks the ranges: 1-1000 connections, each timeout more than 0 and at most an hour.
    /// - Throws: `DatabaseOptionError` naming the option of the first value out of range.
    public func validate() throws {
        guard (1...1000).contains(maxConnections) else {
            throw DatabaseOptionError(option: "--db-connections", reason: "must be from 1 to 1000")
        }
        for (name, value) in [("--db-connect-timeout", connectTimeout), ("--db-query-timeout", queryTimeout)]
        where value <= .zero || value > .seconds(3600) {
            throw DatabaseOptionError(option: name, reason: "must be more than 0 and at most 3600 seconds")
        }
    }

    /// The password: the first line of `passwordFile` when given, else `PGPASSWORD` from `environment` (empty
    /// counts as unset), else nil.
    /// - Throws: `DatabaseOptionError` when the file cannot be read or its first line is empty.
    public func password(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let passwordFile {
            guard let data = FileManager.default.contents(atPath: passwordFile) else {
                throw DatabaseOptionError(option: "--db-password-file", reason: "cannot read \(passwordFile)")
            }
            // The bytes before the first LF, without a CR before it (a file written on Windows): split as text,
            // CR LF would be one character, and the first line would run on into the second.
            var bytes = data.prefix { $0 != 0x0A }
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let line = String(decoding: bytes, as: UTF8.self)
            guard !line.isEmpty else {
                throw DatabaseOptionError(
                    option: "--db-password-file", reason: "the first line of \(passwordFile) is empty")
            }
            return line
        }
        if let env = environment["PGPASSWORD"], !env.isEmpty { return env }
        return nil
    }
}
