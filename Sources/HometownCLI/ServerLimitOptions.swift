import ArgumentParser
import HometownServer

/// The limits of `hometown serve` (`ServerLimits`), grouped so that `ServeCommand` stays a thin list.
struct ServerLimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Connections open at once; one more is answered 503 with Retry-After and closed (default: \(ServerLimits.defaultMaxConnections), lowered to fit the open-file limit).",
            discussion:
                "The open-file soft limit is raised to the hard limit at start; a value needing more files than that (plus \(ServerLimits.reservedFiles) kept for the server) is refused."
        ))
    var maxConnections: Int?

    @Option(help: "Seconds a keep-alive connection may stay without a request before it is closed.")
    var idleTimeout: Seconds = 30

    @Option(
        help:
            "Seconds for a whole request head from its first byte, and the longest pause in a body (beyond it 408); also the longest a client may leave an answer unread before the connection is closed."
    )
    var readTimeout: Seconds = 20

    @Option(help: "Bytes/s a request body must average after its first --read-timeout; slower gets 408.")
    var minBodyRate = 100

    @Option(help: "Bytes of a request head (target, header names and values); beyond it 431.")
    var maxHeaderBytes = 16 * 1024

    @Option(
        help:
            "Seconds requests in flight get on SIGTERM/SIGINT before the remaining connections are closed and the server exits."
    )
    var shutdownTimeout: Seconds = 10

    @Option(
        help:
            "Seconds a request waits for a database lock held by another program (SQLite) or for a free PostgreSQL connection, before it gets 503 with Retry-After."
    )
    var dbBusyTimeout: Seconds = 5

    @Option(
        help:
            "Seconds between reads of the posts other servers stored in the same database: a post on one server is in every other server's answers at most this long after it was acknowledged."
    )
    var dbSyncInterval: Seconds = 0.1

    /// The options as `ServerLimits`.
    /// - Throws: `ValidationError` for a value out of range.
    func limits() throws -> ServerLimits {
        var l = ServerLimits()
        l.maxConnections = maxConnections
        l.idleTimeout = idleTimeout.duration
        l.readTimeout = readTimeout.duration
        l.minBodyRate = minBodyRate
        l.maxHeaderBytes = maxHeaderBytes
        l.shutdownTimeout = shutdownTimeout.duration
        l.databaseBusyTimeout = dbBusyTimeout.duration
        l.databaseSyncInterval = dbSyncInterval.duration
        try validating(l.validate)
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be 1 or more") }
        return l
    }
}
