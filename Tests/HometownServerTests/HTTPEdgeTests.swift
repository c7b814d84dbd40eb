import Foundation
import HometownTestSupport
import Testing

/// HTTP as clients expect it from `hometown serve`: HTTP/1.0 and `Connection: close`, `Expect: 100-continue`,
/// transfer codings, malformed and oversized heads, bodies declared too large. Raw sockets on loopback.
@Suite(.serialized) struct HTTPEdgeTests {
    /// The heads' limit of the servers here.
    static let limits = ["--max-header-bytes", "4096"]
    /// One server for the tests that store nothing: each of them leaves its store as it found it (empty).
    static let shared = SharedServerProcess(database: { Fixture.freshDatabase() }, extra: limits)

    /// Runs `body` with the port of the shared server, whose store is empty and stays so.
    static func withServer(_ body: (Int) throws -> Void) async throws {
        try body(try await shared.server().port)
    }

    /// Runs `body` with the port of a server of its own, for a test that stores a post, stopped afterwards.
    static func withFreshServer(_ body: (Int) throws -> Void) async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: limits)
        defer { server.stop() }
        try body(server.port)
    }

    /// The JSON body of an answer (after the blank line).
    static func body(_ answer: String) -> String {
        answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
    }

    @Test func http10WithoutKeepAliveGetsItsAnswerThenEndOfFile() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("GET /hometown/count HTTP/1.0\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.0 200"), "\(text)")
            #expect(text.lowercased().contains("connection: close"))
            #expect(Self.body(text) == "0")
        }
    }

    @Test func http10WithKeepAliveStaysOpen() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            for _ in 0..<2 {
                c.send("GET /hometown/count HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let text = c.readUntil("\r\n\r\n0", timeout: 5)
                #expect(text.hasPrefix("HTTP/1.0 200"), "\(text)")
                #expect(text.lowercased().contains("connection: keep-alive"))
            }
            #expect(c.read(timeout: 0.3) == .timeout)
        }
    }

    @Test func http11ConnectionCloseIsHonouredInAnyCase() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("GET /hometown/count HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
            #expect(text.lowercased().contains("connection: close"))
        }
    }

    @Test func expect100ContinueIsAnsweredBeforeTheBody() async throws {
        try await Self.withFreshServer { port in
            let body =
                #"{"nickname":"patient","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016}"#
            let c = try RawConnection(port: port)
            c.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
            )
            let interim = c.readUntil("\r\n\r\n", timeout: 2)
            #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n", "\(interim)")
            c.send(body)
            let answer = c.readUntil("\r\n\r\nok", timeout: 5)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            #expect(answer.hasSuffix("\r\n\r\nok"))
        }
    }

    @Test func aDeclaredBodyOverTheLimitIs413BeforeAnyOfItIsSent() async throws {
        try await Self.withServer { port in
            for expect in ["", "Expect: 100-continue\r\n"] {
                let c = try RawConnection(port: port)
                c.send("POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000000\r\n\(expect)\r\n")
                let (text, closed) = c.readToEnd(timeout: 5)
                #expect(closed)
                #expect(text.hasPrefix("HTTP/1.1 413"), "\(text)")
                #expect(!text.contains("100 Continue"))
                #expect(Self.body(text).hasPrefix(#"{"code":"body_too_large","error":"#))
            }
        }
    }

    @Test func anUnknownExpectationIs417() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: teapot\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 417"), "\(text)")
            #expect(Self.body(text).contains("teapot"))
        }
    }

    @Test(arguments: ["gzip", "chunked, gzip", "gzip, chunked", "identity"])
    func anUnknownTransferCodingIs501WithAJSONBody(coding: String) async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: \(coding)\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
            )
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 501") || text.hasPrefix("HTTP/1.1 400"), "\(text)")
            #expect(text.lowercased().contains("content-type: application/json"))
            #expect(
                Self.body(text).hasPrefix(#"{"code":"not_supported","error":"#)
                    || Self.body(text).hasPrefix(#"{"code":"malformed_request","error":"#), "\(text)")
        }
    }

    @Test(arguments: [
        "GET /hometown/count HTTP/9.9\r\n\r\n", "\u{1}\u{2} nonsense\r\n\r\n",
        "GET /hometown/count HTTP/1.1\r\nBad Header\r\n\r\n",
        "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
    func aMalformedRequestGets400WithAJSONBodyAndTheConnectionCloses(request: String) async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(request)
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
            #expect(text.lowercased().contains("content-type: application/json"))
            #expect(
                Self.body(text).hasPrefix(#"{"code":"malformed_request","error":"malformed HTTP request: "#), "\(text)")
            // The policy's headers, as on every other answer: a page on another origin can read the error.
            let head = text.lowercased()
            #expect(head.contains("x-content-type-options: nosniff\r\n"), "\(text)")
            #expect(head.contains("access-control-allow-origin: *\r\n"), "\(text)")
        }
    }

    /// RFC 9112 section 3.2: an HTTP/1.1 request without Host, or any request with two, is 400 (in our words);
    /// HTTP/1.0 without Host is served.
    @Test(arguments: [
        ("GET /hometown/count HTTP/1.1\r\nConnection: close\r\n\r\n", "no Host header"),
        ("GET /hometown/count HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "2 Host headers"),
        ("GET /hometown/count HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", "2 Host headers"),
    ])
    func aMissingOrRepeatedHostIs400(request: String, reason: String) async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(request)
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 400") || text.hasPrefix("HTTP/1.0 400"), "\(text)")
            #expect(Self.body(text).hasPrefix(#"{"code":"malformed_request","error":"#), "\(text)")
            #expect(Self.body(text).contains(reason), "\(text)")
            let old = try RawConnection(port: port)
            old.send("GET /hometown/count HTTP/1.0\r\n\r\n")
            #expect(old.readToEnd(timeout: 5).text.hasPrefix("HTTP/1.0 200"))
        }
    }

    /// CONNECT is 405 with Allow, a length and a JSON body, then the connection closes (it is not a tunnel).
    @Test func connectIs405ThenClose() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed, "the connection stays open after CONNECT")
            #expect(text.hasPrefix("HTTP/1.1 405"), "\(text)")
            #expect(text.lowercased().contains("allow: get, head, post, options"), "\(text)")
            #expect(text.lowercased().contains("connection: close"), "\(text)")
            #expect(text.lowercased().contains("content-length: "), "\(text)")
            #expect(Self.body(text).hasPrefix(#"{"code":"not_supported","error":"CONNECT is not served"#), "\(text)")
        }
    }

    /// A request body with a Content-Encoding other than identity is 415 before it is read; identity is served.
    @Test(arguments: ["gzip", "deflate", "br", "identity, gzip"])
    func aContentEncodedBodyIs415(coding: String) async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Encoding: \(coding)\r\nContent-Length: 2\r\n\r\n{}"
            )
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 415"), "\(text)")
            #expect(Self.body(text).hasPrefix(#"{"code":"not_supported","error":"request bodies are read as sent"#))
            let plain = try RawConnection(port: port)
            plain.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Encoding: identity\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            )
            #expect(plain.readToEnd(timeout: 5).text.hasPrefix("HTTP/1.1 400"), "identity is read as the body")
        }
    }

    /// An HTTP/2 client's preface gets an answer in our words, not the parser's.
    @Test func anHTTP2PrefaceIsAnsweredInOurWords() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
            #expect(Self.body(text).contains("HTTP/2 is not spoken here"), "\(text)")
            #expect(!text.contains("swift-http-parser"))
        }
    }

    @Test func aHeadOverTheLimitIs431() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send("GET /hometown/count HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "a", count: 5000))\r\n\r\n")
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            #expect(text.hasPrefix("HTTP/1.1 431"), "\(text)")
            #expect(Self.body(text).contains("4096 bytes"))
            // Just under the limit is served.
            let d = try RawConnection(port: port)
            d.send(
                "GET /hometown/count HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Big: \(String(repeating: "a", count: 3800))\r\n\r\n"
            )
            #expect(d.readToEnd(timeout: 5).text.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func aChunkedBodyOverTheLimitIs413AndTheRestIsNotRead() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            let chunk = "4000\r\n" + String(repeating: " ", count: 0x4000) + "\r\n"
            var sent = 0
            var answer = ""
            // Up to 4 MiB offered; the server answers after 16 KiB and closes.
            while sent < 256, c.send(chunk) {
                sent += 1
                if case .bytes(let b) = c.read(timeout: 0.01) { answer += String(decoding: b, as: UTF8.self) }
                if answer.contains("}") { break }
            }
            answer += c.readToEnd(timeout: 5).text
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
            #expect(sent < 256)
        }
    }

    static let chunkedHead =
        "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// Chunk extensions trickled at 200 bytes/s carry no data: the slow-body rule counts data bytes, so the
    /// request gets 408 after the read timeout (2 s) instead of staying open as long as the bytes come.
    @Test(.timeLimit(.minutes(1))) func chunkExtensionsTrickledDoNotKeepABodyAlive() async throws {
        let server = try await ServerProcess(database: Fixture.freshDatabase(), extra: ["--read-timeout", "2"])
        defer { server.stop() }
        let c = try RawConnection(port: server.port)
        c.send(Self.chunkedHead + "1;")
        let (answer, elapsed) = await offThePool {
            let start = Date()
            var answer = ""
            // 20 bytes every 0.1 s, for 12 s at most.
            while Date().timeIntervalSince(start) < 12, c.send(String(repeating: "a", count: 20)) {
                if case .bytes(let b) = c.read(timeout: 0.1) { answer += String(decoding: b, as: UTF8.self) }
                if answer.contains("}") { break }
            }
            answer += c.readToEnd(timeout: 3).text
            return (answer, Date().timeIntervalSince(start))
        }
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(answer.contains("the request body arrived too slowly"))
        #expect(elapsed < 6, "cut off after \(elapsed) s")
    }

    /// Chunk extensions sent fast: the framing beyond the data may take the head's limit (4,096 bytes here) plus
    /// 8 bytes per data byte; 1 MiB of extension gets 400 naming the framing, and the connection closes.
    @Test func longChunkExtensionsAre400() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(Self.chunkedHead + "1;")
            let piece = String(repeating: "e", count: 16_384)
            var sent = 0
            var answer = ""
            while sent < 64, c.send(piece) {
                sent += 1
                if case .bytes(let b) = c.read(timeout: 0.01) { answer += String(decoding: b, as: UTF8.self) }
                if answer.contains("}") { break }
            }
            answer += c.readToEnd(timeout: 5).text
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(answer.contains("the chunked body's framing is too large"), "\(answer)")
            #expect(sent < 64, "\(sent * 16) KiB of extension read")
        }
    }

    /// Trailers count as framing too: 64 KiB of them after a 5-byte body get 400 or 431, never an answer to
    /// the request.
    @Test func longTrailersAreRefused() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(Self.chunkedHead + "5\r\nhello\r\n0\r\n")
            let trailer = "X-Pad: " + String(repeating: "t", count: 90) + "\r\n"
            var answer = ""
            for _ in 0..<(65_536 / trailer.utf8.count) {
                guard c.send(trailer) else { break }
                if case .bytes(let b) = c.read(timeout: 0.001) { answer += String(decoding: b, as: UTF8.self) }
            }
            c.send("\r\n")
            answer += c.readToEnd(timeout: 5).text
            #expect(answer.hasPrefix("HTTP/1.1 400") || answer.hasPrefix("HTTP/1.1 431"), "\(answer)")
            #expect(answer.contains(#""code":"#), "\(answer)")
        }
    }

    /// A request refused while its body is on the way stores nothing, even when the part that arrived is a whole
    /// post: a chunked body with a malformed chunk after the post (400), one whose last chunk never comes (408 after
    /// the read timeout), and one the client stops sending before its Content-Length (the end of the connection).
    @Test(.timeLimit(.minutes(1))) func aRequestCutOffInItsBodyStoresNothing() async throws {
        let server = try await ServerProcess(
            database: Fixture.freshDatabase(), extra: Self.limits + ["--read-timeout", "2"])
        defer { server.stop() }
        @Sendable func post(_ nickname: String) -> String {
            #"{"nickname":"\#(nickname)","password":"secret","country":"USA","state":"Minnesota","city":"Duluth","year":2016}"#
        }
        @Sendable func chunk(_ text: String) -> String { String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n" }
        let port = server.port
        let answers = try await offThePool { () throws -> [String] in
            let malformed = try RawConnection(port: port)
            malformed.send(Self.chunkedHead + chunk(post("cutmalformed")) + "zz\r\n")
            let unfinished = try RawConnection(port: port)
            unfinished.send(Self.chunkedHead + chunk(post("cutslow")))
            let short = try RawConnection(port: port)
            let body = post("cutshort")
            short.send(
                "POST /hometown/adduser HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count + 100)\r\n\r\n" + body)
            short.finishSending()
            return [malformed, unfinished, short].map { $0.readToEnd(timeout: 10).text }
        }
        #expect(answers[0].hasPrefix("HTTP/1.1 400"), "\(answers[0])")
        #expect(answers[1].hasPrefix("HTTP/1.1 408"), "\(answers[1])")
        #expect(!answers[2].hasPrefix("HTTP/1.1 200"), "\(answers[2])")
        // Time for a post that went through anyway to be hashed and stored (the test cost hashes in milliseconds).
        try await Task.sleep(for: .seconds(1))
        #expect(try await LoopbackHTTP.get(server.base + "/count").body == "0")
        // The server still serves posts.
        let c = try RawConnection(port: port)
        c.send(Self.chunkedHead + chunk(post("cutnone")) + "0\r\n\r\n")
        #expect(c.readUntil("\r\n\r\nok", timeout: 5).hasPrefix("HTTP/1.1 200"))
        #expect(try await LoopbackHTTP.get(server.base + "/count").body == "1")
    }

    /// Ordinary chunked bodies are within the framing limit: a post in 1-byte chunks, with short extensions
    /// and a trailer, is stored.
    @Test func aBodyInOneByteChunksWithExtensionsIsServed() async throws {
        try await Self.withFreshServer { port in
            let body =
                #"{"nickname":"bytewise","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016}"#
            let chunks = body.map { "1;n=v\r\n\($0)\r\n" }.joined()
            let c = try RawConnection(port: port)
            c.send(Self.chunkedHead + chunks + "0\r\nX-Done: yes\r\n\r\n")
            let text = c.readUntil("\r\n\r\nok", timeout: 5)
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndABadOneBehindThemAfterThem() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            c.send(
                "GET /hometown/count HTTP/1.1\r\nHost: t\r\n\r\nGET /hometown/nextid HTTP/1.1\r\nHost: t\r\n\r\nGARBAGE\r\n\r\n"
            )
            let (text, closed) = c.readToEnd(timeout: 5)
            #expect(closed)
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["200", "200", "400"], "\(text)")
            #expect(text.contains("\r\n\r\n0HTTP/1.1 200") && text.contains("\r\n\r\n1HTTP/1.1 400"))
            #expect(
                text.hasSuffix(
                    #"{"code":"malformed_request","error":"malformed HTTP request: the method is not one the server's HTTP parser knows"}"#
                ))
        }
    }

    @Test func keepAliveStillWorksForOrdinaryClients() async throws {
        try await Self.withServer { port in
            let c = try RawConnection(port: port)
            for _ in 0..<3 {
                c.send("GET /hometown/countries HTTP/1.1\r\nHost: t\r\n\r\n")
                let text = c.readUntil("]", timeout: 5)
                #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
                #expect(!text.lowercased().contains("connection: close"))
            }
        }
    }
}
