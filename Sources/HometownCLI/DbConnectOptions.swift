import ArgumentParser
import HometownPostgres

/// How `serve` and `db` reach a PostgreSQL database (`DatabaseConnectOptions`): the password's file, the pool's
/// size and the connect timeout. A SQLite file uses none of them.
struct DbConnectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "PostgreSQL: file whose first line is the password (default: $PGPASSWORD, else none).",
            discussion: "Never put the password in the URL or on the command line; keep the file mode 600.",
            valueName: "file"))
    var dbPasswordFile: String?

    @Option(help: "PostgreSQL: connections this process opens to the database server at most (1-1000).")
    var dbConnections = 8

    @Option(help: "PostgreSQL: seconds opening one connection (TCP and log-in) may take.")
    var dbConnectTimeout: Seconds = 5

    @Option(
        help:
            "PostgreSQL: seconds one call may hold a connection (its statements) before it fails (503 for a request); the server is told to cancel statements that run this long."
    )
    var dbQueryTimeout: Seconds = 10

    /// The options as `DatabaseConnectOptions`.
    /// - Throws: `ValidationError` for a value out of range (`DatabaseConnectOptions.validate()`).
    func options() throws -> DatabaseConnectOptions {
        var o = DatabaseConnectOptions()
        o.passwordFile = dbPasswordFile
        o.maxConnections = dbConnections
        o.connectTimeout = dbConnectTimeout.duration
        o.queryTimeout = dbQueryTimeout.duration
        try validating(o.validate)
        return o
    }
}
