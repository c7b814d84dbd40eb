import ArgumentParser
import HometownServer

/// How `serve` and `db` reach a PostgreSQL database (`DatabaseConnectOptions`): the password's file, the pool's
/// size and the connect timeout. A SQLite file uses none of them.
struct DbConnectOptions: ParsableArguments {
    @Option(
        name: .customLong("db-password-file"),
        help: ArgumentHelp(
            "PostgreSQL: file whose first line is the password (default: $PGPASSWORD, else none).",
            discussion: "Never put the password in the URL or on the command line; keep the file mode 600.",
            valueName: "file"))
    var passwordFile: String?

    @Option(
        name: .customLong("db-connections"),
        help: "PostgreSQL: connections this process opens to the database server at most (1-1000).")
    var connections = 8

    @Option(
        name: .customLong("db-connect-timeout"),
        help: "PostgreSQL: seconds opening one connection (TCP and log-in) may take.")
    var connectTimeout: Seconds = 5

    @Option(
        name: .customLong("db-query-timeout"),
        help:
            "PostgreSQL: seconds one call may hold a connection (its statements) before it fails (503 for a request); the server is told to cancel statements that run this long."
    )
    var queryTimeout: Seconds = 10

    /// The options as `DatabaseConnectOptions`.
    /// - Throws: `ValidationError` for a value out of range (`DatabaseConnectOptions.validate()`).
    func options() throws -> DatabaseConnectOptions {
        var o = DatabaseConnectOptions()
        o.passwordFile = passwordFile
        o.maxConnections = connections
        o.connectTimeout = connectTimeout.duration
        o.queryTimeout = queryTimeout.duration
        do { try o.validate() } catch { throw ValidationError("\(error)") }
        return o
    }
}
