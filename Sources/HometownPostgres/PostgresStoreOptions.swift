/// How `PostgresUserStore` connects: the password and the bounds of its connection pool.
public struct PostgresStoreOptions: Sendable {
    /// The password of the location's user, or nil to log in without one (trust or peer authentication).
    public var password: String?
    /// Connections open at once, at most (the pool grows to it on demand and shrinks when idle).
    public var maxConnections = 8
    /// How long opening one TCP connection (and logging in) may take before it fails.
    public var connectTimeout: Duration = .seconds(5)
    /// How long a call waits for a free connection (all busy, or the server unreachable and being retried)
    /// before it fails with `StoreError.unavailable`. A call never gives up once it holds a connection.
    public var acquireTimeout: Duration = .seconds(5)
    /// How long a call may hold a connection (its statements, with an insert's transaction) before it fails with
    /// `StoreError.unavailable`: the bound for a server that stopped answering on an open connection. The server
    /// is also told to cancel a statement that runs this long (`statement_timeout`), and to end a session that
    /// waits this long inside a transaction between statements (`idle_in_transaction_session_timeout`): a client
    /// frozen or cut off in the middle of an insert then holds the insert lock, for which every server's writes
    /// wait, no longer than this.
    public var queryTimeout: Duration = .seconds(10)
    /// How long a connection stays open without use before the pool closes it.
    public var idleTimeout: Duration = .seconds(60)
    /// The longest pause between attempts to connect while the server cannot be reached and calls wait (the
    /// pauses start at 50 ms and double up to it): calls are served again within about this long, plus one log-in,
    /// of the server's return.
    public var maxRetryPause: Duration = .milliseconds(250)

    public init(password: String? = nil) {
        self.password = password
    }
}
