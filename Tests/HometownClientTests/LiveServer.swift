import HometownClient
import HometownTestSupport

/// The real `hometown serve` on loopback over a new SQLite file, with a library client of it: how the client tests
/// that talk to a real server begin. The caller stops the server (`defer { server.stop() }`).
enum LiveServer {
    /// Starts the server with `extra` arguments and makes a client of it (`timeout` in seconds and `retries` as
    /// `HometownClient` takes them); when the client cannot be made, stops the server before rethrowing.
    static func start(extra: [String] = [], timeout: Double = 10, retries: Int = 2) async throws -> (
        server: ServerProcess, client: HometownClient
    ) {
        let server = try await ServerProcess(database: TestBackend.freshSQLitePath(), extra: extra)
        do {
            return (server, try HometownClient(baseURL: server.url, timeout: timeout, retries: retries))
        } catch {
            server.stop()
            throw error
        }
    }
}
