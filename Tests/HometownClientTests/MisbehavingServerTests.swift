import HometownTestSupport
import Testing

@testable import HometownClient

/// The client, and `hometown post`, against servers that misbehave on purpose: every case gets its documented
/// error and exit status.
@Suite struct MisbehavingServerTests {
    /// How long the slow server waits before it answers: far past the clients' limits (0.5 and 1 s a try), times
    /// `TestSlowdown`, so that a client held up on a loaded machine still reaches its limit first. Nothing waits
    /// for the answer: the client is gone by then.
    static let slowAnswer = TestSlowdown.seconds(4)
    static let cases: [(String, FakeServer.Behaviour, Int32)] = [
        ("closes the connection", .close, 7),
        ("answers too slowly", .slow(slowAnswer), 5),
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

    /// A call whose task is cancelled while it waits for the answer ends as cancelled, not as a lost connection
    /// that a caller would report or try again (it was `connectionLost`, "CancellationError()"), and at once.
    @Test func aCancelledCallIsCancelledNotANetworkFailure() async throws {
        let server = try FakeServer(.slow(Self.slowAnswer))
        defer { server.stop() }
        let client = try HometownClient(baseURL: server.url, timeout: 30, retries: 0)
        let call = Task { try await client.count() }
        let deadline = ContinuousClock.now + .seconds(TestSlowdown.seconds(20))
        while server.requests == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.requests == 1)
        let cancelled = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(ContinuousClock.now - cancelled < .seconds(Self.slowAnswer))
    }

    /// The waits between a GET's tries double from 0.2 s and stop at `maxRetryWait`, however many retries are asked
    /// for (they doubled without end: 20 retries waited for hours, and a shift past 63 bits gave no wait at all).
    @Test func retryWaitsDoubleUpToTheirLimit() {
        #expect(
            (1...5).map { HometownClient.retryWait(beforeTry: $0) }
                == [200, 400, 800, 1_600, 3_200].map {
                    Duration.milliseconds($0)
                })
        for attempt in [6, 7, 57, 63, 64, 1_000, Int.max] {
            #expect(HometownClient.retryWait(beforeTry: attempt) == HometownClient.maxRetryWait, "\(attempt)")
        }
    }

    /// A GET that gets no answer is tried again, and its error says how often: the time limit is each try's.
    @Test func aGetWithoutAnAnswerSaysHowOftenItWasTried() async throws {
        let server = try FakeServer(.slow(Self.slowAnswer))
        defer { server.stop() }
        for (retries, tries) in [(2, 3), (0, 1)] {
            let client = try HometownClient(baseURL: server.url, timeout: 0.5, retries: retries)
            do {
                _ = try await client.countries()
                Issue.record("no error")
            } catch let e as ClientError {
                guard case .timedOut(_, let seconds, let counted) = e else {
                    Issue.record("\(e)")
                    continue
                }
                #expect(seconds == 0.5 && counted == tries)
                #expect(e.description.contains(" within 0.5 s") && e.description.contains("3 tries") == (tries == 3))
            }
        }
        let run = try await HometownBinary.run(["users", "--server", server.url, "--timeout", "0.5"])
        #expect(run.status == 5, "\(run.err)")
        #expect(run.err.contains("within 0.5 s to any of 3 tries"), "\(run.err)")
    }

    /// A redirect is not followed: the password of a post never goes on to where it points, and the client says
    /// where that is.
    @Test func redirectsAreNotFollowed() async throws {
        let target = try FakeServer(.respond(status: 200, type: "application/json", body: #"["USA"]"#))
        defer { target.stop() }
        for status in [301, 302, 307, 308] {
            let server = try FakeServer(.redirect(status: status, location: target.url + "/hometown/countries"))
            defer { server.stop() }
            let client = try HometownClient(baseURL: server.url, timeout: 2, retries: 0)
            await #expect(
                throws: ClientError.redirected(
                    url: server.url + "/hometown/countries", status: status,
                    location: target.url + "/hometown/countries")
            ) { _ = try await client.countries() }
            // A post's password is not sent on: a 307 or 308 would have the client send the same POST there.
            await #expect(
                throws: ClientError.redirected(
                    url: server.url + "/hometown/adduser", status: status,
                    location: target.url + "/hometown/countries")
            ) { try await client.addUser(nickname: "n", password: "secret") }
            let run = try await HometownBinary.run(
                [
                    "post", "--at", "44.9661,-93.2938", "--nickname", "n", "--city", "Minneapolis", "--year", "2016",
                    "--server", server.url, "--timeout", "2",
                ], environment: ["HOMETOWN_PASSWORD": "secret"])
            #expect(run.status == 10, "\(status): \(run.err)")
            #expect(run.err.contains("redirect (HTTP \(status)) to \(target.url)"), "\(run.err)")
        }
        #expect(target.requests == 0, "nothing was sent on to where the redirects point")
    }

    /// An answer larger than the client reads is said to be so, once: it is not a broken connection to retry.
    /// The clients' time limits only stop a hang: 5 s times `TestSlowdown` (under ThreadSanitizer, beside the other
    /// suites on two cores, reading the whole 3.3 MB answer once took more than 5 s).
    @Test func anAnswerLargerThanTheLimitIsNotRetried() async throws {
        let names = (0..<200_000).map { "\"country \($0)\"" }.joined(separator: ",")
        let server = try FakeServer(.respond(status: 200, type: "application/json", body: "[" + names + "]"))
        defer { server.stop() }
        let limit = TestSlowdown.seconds(5)
        let client = try HometownClient(baseURL: server.url, timeout: limit, retries: 2, maxAnswerBytes: 1 << 20)
        await #expect(throws: ClientError.answerTooLarge(url: server.url + "/hometown/countries", maxBytes: 1 << 20)) {
            _ = try await client.countries()
        }
        #expect(server.requests == 1)
        let run = try await HometownBinary.run([
            "users", "--server", server.url, "--max-answer-mib", "1", "--timeout", String(TestSlowdown.seconds(10)),
        ])
        #expect(run.status == 12, "\(run.err)")
        #expect(run.err.contains("larger than 1 MiB (--max-answer-mib)"), "\(run.err)")
        #expect(server.requests == 2)
        // Within the limit, the same answer is read whole.
        #expect(try await HometownClient(baseURL: server.url, timeout: limit, retries: 0).countries().count == 200_000)
    }

    /// Limits out of range are refused with a message (exit status 2), never a crash.
    @Test func limitsOutOfRangeAreRefused() async throws {
        for timeout in [0, -1, 1e17, .infinity, .nan] {
            #expect(throws: ClientError.self) { try HometownClient(baseURL: "http://127.0.0.1:9", timeout: timeout) }
        }
        #expect(throws: ClientError.self) { try HometownClient(baseURL: "http://127.0.0.1:9", maxAnswerBytes: 0) }
        for args in [["--timeout", "1e17"], ["--timeout", "0"], ["--max-answer-mib", "0"], ["--page-size", "2"]] {
            let run = try await HometownBinary.run(["users", "--server", "http://127.0.0.1:9"] + args)
            #expect(run.status == 2, "\(args): \(run.err)")
            #expect(run.err.contains(args[0]), "\(args): \(run.err)")
        }
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
