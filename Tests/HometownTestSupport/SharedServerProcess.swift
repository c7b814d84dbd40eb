import Foundation

/// One `hometown serve` shared by the tests of a suite that never change what it stores (refusals, protocol
/// edges), so that the suite pays one server start instead of one a test (about 1.5 s of CPU in the debug build,
/// 8 s under ThreadSanitizer). Started by the first test that asks, with the arguments given here; asked to stop
/// (SIGTERM) when the test process exits. A test that stores something starts a `ServerProcess` of its own.
public actor SharedServerProcess {
    private let database: @Sendable () -> String
    private let extra: [String]
    private var starting: Task<ServerProcess, any Error>?

    /// - Parameters:
    ///   - database: makes the path of the database file the server creates (called once per start).
    ///   - extra: arguments added to `hometown serve`.
    public init(database: @escaping @Sendable () -> String, extra: [String] = []) {
        self.database = database
        self.extra = extra
    }

    /// The server, started on first use. A failed start is not remembered: the next test tries again (and fails
    /// with its own reason).
    public func server() async throws -> ServerProcess {
        if let starting { return try await starting.value }
        let (database, extra) = (self.database, self.extra)
        let task = Task { try await ServerProcess(database: database(), extra: extra) }
        starting = task
        do {
            let server = try await task.value
            ExitActions.add { server.process.signal(SIGTERM) }
            return server
        } catch {
            starting = nil
            throw error
        }
    }
}
