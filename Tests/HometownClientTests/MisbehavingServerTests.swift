import HometownClient
import HometownTestSupport
import Testing

/// The client, and `hometown post`, against servers that misbehave on purpose: every case gets its documented
/// error and exit status.
@Suite struct MisbehavingServerTests {
    static let cases: [(String, FakeServer.Behaviour, Int32)] = [
        ("closes the connection", .close, 7),
        ("answers too slowly", .slow(4), 5),
        ("answers HTML", .respond(status: 200, type: "text/html", body: "<html><body>hello</body></html>"), 10),
        ("answers a 404 page", .respond(status: 404, type: "text/html", body: "<html>Cannot GET</html>"), 10),
        ("answers broken JSON", .respond(status: 200, type: "application/json", body: #"["China", "Ind"#), 12),
        ("fails with 500", .respond(status: 500, type: "application/json", body: #"{"error":"database on fire"}"#), 11),
        ("fails with 502 text", .respond(status: 502, type: "text/plain", body: "bad gateway"), 11),
    ]

    @Test(arguments: 0..<cases.count)
    func clientErrorsAndExitStatuses(index: Int) async throws {
        let (name, behaviour, status) = Self.cases[index]
        let server = try FakeServer(behaviour)
        defer { server.stop() }
        let client = try HometownClient(baseURL: server.url, timeout: 1, retries: 1)
        do {
            _ = try await client.countries()
            Issue.record("\(name): no error")
        } catch let e as ClientError {
            #expect(!e.description.isEmpty)
        }
        let run = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "n", "--year", "2016",
                "--server", server.url, "--timeout", "1",
            ], environment: ["HOMETOWN_PASSWORD": "secret"])
        #expect(run.status == status, "\(name): \(run.err)")
        #expect(run.err.hasPrefix("hometown: "), "\(name)")
    }

    @Test func refusedConnectionAndBadURLs() async throws {
        let server = try FakeServer(.close)
        let url = server.url
        server.stop()
        let client = try HometownClient(baseURL: url, timeout: 2, retries: 0)
        await #expect(throws: ClientError.connectionRefused(url: url + "/hometown/count")) { try await client.count() }
        #expect(throws: ClientError.self) { try HometownClient(baseURL: "ftp://x") }
        #expect(throws: ClientError.self) { try HometownClient(baseURL: "127.0.0.1:8080") }
        let run = try await HometownBinary.run(["users", "--server", url])
        #expect(run.status == 3 && run.err.contains("connection refused"))
        let dns = try await HometownBinary.run(["users", "--server", "http://no-such-host.invalid:8080"])
        #expect(dns.status == 4, "\(dns.err)")
    }
}
