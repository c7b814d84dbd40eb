import HometownTestSupport
import Testing

@testable import HometownServer

/// `MemoryTrimService`: `--memory-trim-interval 0` means never trim, and the server keeps serving.
@Suite struct MemoryTrimServiceTests {
    /// The service with no interval ended at once, and a service that ends stops the whole server: `serve
    /// --memory-trim-interval 0` exited 1 a moment after it said it was serving.
    @Test func aServerThatNeverTrimsKeepsServing() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(), extra: ["--memory-trim-interval", "0"])
        defer { server.stop() }
        try await Task.sleep(for: .seconds(2))
        let answer = try await LoopbackHTTP.get(server.url + "/healthz")
        #expect(answer.status == 200, "\(server.errorOutput)")
        #expect(await server.terminate() == 0, "\(server.errorOutput)")
    }
}
