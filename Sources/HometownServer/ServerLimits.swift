import HometownProtocol

/// The bounds `hometown serve` keeps on connections, slow or odd clients, the database lock and shutdown. Each is
/// an option of `hometown serve` (`ServerLimitOptions`) and is described in docs/server.md ("Limits").
public struct ServerLimits: Sendable, Equatable {
    /// Connections open at once; nil: `defaultMaxConnections`, lowered to fit the open-file limit. A connection
    /// beyond it is accepted, answered 503 with `Retry-After`, and closed.
    public var maxConnections: Int?
    /// A keep-alive connection with no request in flight is closed after this long without a byte from the client.
    public var idleTimeout: Duration = .seconds(30)
    /// A request head (request line and headers) must arrive whole within this long of its first byte, and a body
    /// may pause at most this long between bytes; otherwise 408 and the connection closes.
    public var readTimeout: Duration = .seconds(20)
    /// Bytes per second a request body must keep up after a grace of `readTimeout`: t seconds after its head, at
    /// least `minBodyRate` × (t − `readTimeout`) bytes of it must have arrived (a slow phone at a few hundred
    /// bytes/s passes; a body trickled byte by byte does not).
    public var minBodyRate = 100
    /// Request line target plus header names and values, in bytes; beyond it 431 and the connection closes.
    public var maxHeaderBytes = 16 * 1024
    /// On SIGTERM or SIGINT, requests in flight get this long to finish; then every connection left is closed
    /// and the process exits 0.
    public var shutdownTimeout: Duration = .seconds(10)
    /// A database statement waits this long for a lock held by another program, then the request gets 503 with
    /// `Retry-After`.
    public var databaseBusyTimeout: Duration = .seconds(5)
    /// How often the in-memory view reads the users other processes stored in the same database (one cheap query
    /// by id, and one for the next id). A post acknowledged by any process is in this process's answers at most
    /// this long (plus that query's time) after it was acknowledged; this process's own posts are there at once.
    public var databaseSyncInterval: Duration = .milliseconds(100)

    /// Used when `maxConnections` is nil and the open-file limit allows it.
    public static let defaultMaxConnections = 4096
    /// Files kept free beside the connections: the database, the bundled data, the event loops, the server socket.
    public static let reservedFiles = 128
    /// The request body limit, fixed by the protocol (`ProtocolLimits.maxBodyBytes`, 16 KiB); a declared
    /// Content-Length above it is answered 413 before any of the body is read.
    public static var maxBodyBytes: Int { ProtocolLimits.maxBodyBytes }

    public init() {}

    /// The connection limit in force under an open-file limit of `openFiles`.
    /// - Throws: `ServerError.badConfiguration` when a given `maxConnections` is below 1 or needs more files than
    ///   `openFiles` allows, or when a timeout or size is out of range.
    public func resolvedMaxConnections(openFiles: Int) throws -> Int {
        try validate()
        let room = openFiles - Self.reservedFiles
        guard let given = maxConnections else {
            guard room >= 1 else {
                throw ServerError.badConfiguration(
                    "--max-connections",
                    "the open-file limit (\(openFiles), ulimit -n) leaves no room for connections beside the \(Self.reservedFiles) files the server keeps"
                )
            }
            return min(Self.defaultMaxConnections, room)
        }
        guard given >= 1 else { throw ServerError.badConfiguration("--max-connections", "must be 1 or more") }
        guard given <= room else {
            throw ServerError.badConfiguration(
                "--max-connections",
                "\(given) connections need \(given + Self.reservedFiles) open files, but this process may open \(openFiles) (ulimit -n); give at most \(max(room, 0)) or raise the limit"
            )
        }
        return given
    }

    /// Checks the ranges of the timeouts and sizes.
    public func validate() throws {
        for (name, value) in [("--idle-timeout", idleTimeout), ("--read-timeout", readTimeout)]
        where value <= .zero || value > .seconds(86_400) {
            throw ServerError.badConfiguration(name, "must be more than 0 and at most 86400 seconds (got \(value))")
        }
        for (name, value) in [("--shutdown-timeout", shutdownTimeout), ("--db-busy-timeout", databaseBusyTimeout)]
        where value < .zero || value > .seconds(86_400) {
            throw ServerError.badConfiguration(name, "must be from 0 to 86400 seconds (got \(value))")
        }
        guard databaseSyncInterval >= .milliseconds(1), databaseSyncInterval <= .seconds(3600) else {
            throw ServerError.badConfiguration("--db-sync-interval", "must be from 0.001 to 3600 seconds")
        }
        guard minBodyRate >= 1 else {
            throw ServerError.badConfiguration("--min-body-rate", "must be 1 byte/s or more")
        }
        guard (1024...(1 << 20)).contains(maxHeaderBytes) else {
            throw ServerError.badConfiguration("--max-header-bytes", "must be from 1024 to 1048576")
        }
    }
}
