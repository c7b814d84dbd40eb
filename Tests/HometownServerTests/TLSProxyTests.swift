import Foundation
import HometownTestSupport
import Testing

/// TLS for real: Debian's nginx, configured from docs/deploy/nginx.conf with a self-signed certificate, in front
/// of a real `hometown serve` on loopback; the real `hometown post` and `hometown users` through it.
@Suite(.serialized) struct TLSProxyTests {
    static let at = "44.9661,-93.2938"

    /// `hometown post` of `nickname` through the proxy, with `extra` options and `environment`.
    static func post(
        _ nickname: String, _ proxy: NginxProxy, _ extra: [String] = [], environment: [String: String] = [:]
    ) async throws -> (status: Int32, out: String, err: String) {
        try await HometownBinary.run(
            ["post", "--server", proxy.url, "--at", at, "--nickname", nickname, "--password-stdin", "--year", "1985"]
                + extra, environment: environment, stdin: "secret\n")
    }

    /// `hometown users --format json` through the proxy.
    static func users(_ proxy: NginxProxy, _ extra: [String] = [], environment: [String: String] = [:]) async throws
        -> (
            status: Int32, out: String, err: String
        )
    {
        try await HometownBinary.run(
            ["users", "--server", proxy.url, "--format", "json"] + extra, environment: environment)
    }

    /// curl's status code for `url` (trusting `caFile` when given; "000" when it got no answer), and its error.
    /// curl waits longer than the server's `--health-timeout` (30 s here) and nginx's `proxy_read_timeout` (60 s),
    /// so a slow machine (a sanitizer build beside other suites) shows as the server's or nginx's answer, never as
    /// curl giving up first.
    static func curlStatus(_ url: String, caFile: String? = nil) async throws -> (status: String, err: String) {
        let arguments =
            ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "90"]
            + (caFile.map { ["--cacert", $0] } ?? []) + [url]
        let result = try await ChildProcess.run(try NginxProxy.executable("curl"), arguments)
        return (result.out, result.err)
    }

    @Test func postAndUsersOverHTTPSWithTheCertificateTrusted() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: ["--health-timeout", "30"])
        defer { server.stop() }
        let proxy = try await NginxProxy.started(upstreamPort: server.port)
        defer { proxy.stop() }
        // No SSL_CERT_FILE from the test's own environment: each case says what it trusts.
        let clean = ["SSL_CERT_FILE": ""]

        // --ca-file: trusted.
        let a = try await Self.post("tlsa", proxy, ["--ca-file", proxy.certificate], environment: clean)
        #expect(a.status == 0, "post with --ca-file: \(a.err)")
        // SSL_CERT_FILE: trusted as well.
        let b = try await Self.post("tlsb", proxy, environment: ["SSL_CERT_FILE": proxy.certificate])
        #expect(b.status == 0, "post with SSL_CERT_FILE: \(b.err)")
        let listed = try await Self.users(proxy, ["--ca-file", proxy.certificate], environment: clean)
        #expect(listed.status == 0, "users with --ca-file: \(listed.err)")
        let nicknames = (try? JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]])?
            .compactMap { $0["nickname"] as? String }
        #expect(nicknames == ["tlsa", "tlsb"], "\(listed.out)")
        let viaEnvironment = try await Self.users(proxy, environment: ["SSL_CERT_FILE": proxy.certificate])
        #expect(viaEnvironment.status == 0 && viaEnvironment.out == listed.out, "\(viaEnvironment.err)")

        // The documented config: /healthz passes through, /metrics stays internal, http redirects.
        let health = try await Self.curlStatus(proxy.url + "/healthz", caFile: proxy.certificate)
        #expect(health.status == "200", "\(health.err) \(proxy.log())")
        let metrics = try await Self.curlStatus(proxy.url + "/metrics", caFile: proxy.certificate)
        #expect(metrics.status == "404", "\(metrics.err)")
        let internalMetrics = try await Self.curlStatus(server.url + "/metrics")
        #expect(internalMetrics.status == "200", "\(internalMetrics.err)")
    }

    @Test func withoutTheCertificateTheClientExits6() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: ["--health-timeout", "30"])
        defer { server.stop() }
        let proxy = try await NginxProxy.started(upstreamPort: server.port)
        defer { proxy.stop() }
        let clean = ["SSL_CERT_FILE": ""]

        let post = try await Self.post("tlsc", proxy, environment: clean)
        #expect(post.status == 6, "\(post.err)")
        #expect(post.err.contains("TLS") && post.err.contains("certificate"), "\(post.err)")
        #expect(post.err.contains("--ca-file"), "the message says how to trust the server: \(post.err)")
        let users = try await Self.users(proxy, environment: clean)
        #expect(users.status == 6, "\(users.err)")
        #expect(users.err.contains("TLS"), "\(users.err)")
        // Nothing reached the server.
        let count200 = try await Self.curlStatus(server.url + "/hometown/count")
        #expect(count200.status == "200", "\(count200.err)")
        let count = try await HometownBinary.run(["users", "--server", server.url, "--format", "json"])
        #expect(count.status == 0 && count.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(count)")
    }

    @Test func anUnusableCertificateFileIsInvalidInput() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notPEM = dir.appendingPathComponent("not.pem").path
        try "not a certificate\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
        let missing = dir.appendingPathComponent("missing.pem").path
        // No server is needed: the file is read before any connection.
        for (file, words) in [(missing, "no such file"), (notPEM, "no PEM certificate")] {
            let r = try await HometownBinary.run(
                ["users", "--server", "https://127.0.0.1:9", "--ca-file", file], environment: ["SSL_CERT_FILE": ""])
            #expect(r.status == 2, "\(r.err)")
            #expect(r.err.contains(file) && r.err.contains(words), "\(r.err)")
        }
        let viaEnvironment = try await HometownBinary.run(
            ["users", "--server", "https://127.0.0.1:9"], environment: ["SSL_CERT_FILE": notPEM])
        #expect(viaEnvironment.status == 2 && viaEnvironment.err.contains(notPEM), "\(viaEnvironment.err)")
    }
}
