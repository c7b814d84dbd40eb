import HometownCore
import HometownProtocol
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import HometownServer

/// `ConnectionGuard` alone on an `EmbeddedChannel`, its clock advanced by hand: the bytes a client sends, the
/// bytes it gets back, what reaches the application behind the guard, and when the connection closes. The same
/// pipeline as a served connection (`GuardedHTTP1Channel`): `ByteArrivalHandler` first, then NIO's response
/// encoder and request decoder, the guard, and the application (here `Application`, which records and answers
/// when told). An embedded channel closes whole where a socket would only shut its sending side, so the linger
/// after an answer of the guard's own is not seen here: the loopback tests, on real sockets, read such answers whole.
@Suite struct ConnectionGuardTests {
    /// The application behind the guard: keeps the parts passed up, answers when a test says so.
    final class Application: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private(set) var heads: [HTTPRequestHead] = []
        private(set) var bodyBytes = 0
        private(set) var ends = 0
        private var context: ChannelHandlerContext?

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): heads.append(head)
            case .body(let buffer): bodyBytes += buffer.readableBytes
            case .end: ends += 1
            }
        }

        /// Writes a whole answer with a Content-Length.
        func answer(_ status: HTTPResponseStatus = .ok, _ text: String = "fine") {
            guard let context else { return }
            var head = HTTPResponseHead(version: .http1_1, status: status)
            head.headers.add(name: "content-length", value: String(text.utf8.count))
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// One guarded connection.
    struct Connection {
        let loop = EmbeddedEventLoop()
        let channel: EmbeddedChannel
        let app = Application()
        let settings: ConnectionGuard.Settings

        init(_ adjust: (inout ConnectionGuard.Settings) -> Void = { _ in }) throws {
            var settings = ConnectionGuard.Settings(ServerLimits())
            adjust(&settings)
            self.settings = settings
            channel = EmbeddedChannel(loop: loop)
            let connectionGuard = ConnectionGuard(settings: settings)
            // The decoder's limits as the server sets them (`GuardedHTTP1Channel.builder`).
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = settings.maxHeaderBytes
            limits.maxHeaderListSize = settings.maxHeaderBytes
            try channel.pipeline.syncOperations.addHandlers([
                ByteArrivalHandler(connectionGuard: connectionGuard), HTTPResponseEncoder(),
                ByteToMessageHandler(HTTPRequestDecoder(limitConfiguration: limits)), connectionGuard, app,
            ])
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        }

        func send(_ text: String) throws { try channel.writeInbound(ByteBuffer(string: text)) }

        /// Everything written to the client since the last call.
        func received() throws -> String {
            var text = ""
            while let part = try channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(let b) = part { text += String(buffer: b) }
            }
            return text
        }

        func advance(_ t: TimeAmount) { loop.advanceTime(by: t) }

        var isOpen: Bool { channel.isActive }

        /// Lets the application answer the last request the connection serves, and checks that the answer
        /// begins with `statusLine`, says the connection closes, and that it does.
        func expectLastAnswer(_ statusLine: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            app.answer()
            let text = try received()
            #expect(text.hasPrefix(statusLine + "\r\n"), "\(text)", sourceLocation: sourceLocation)
            #expect(text.lowercased().contains("connection: close"), sourceLocation: sourceLocation)
            #expect(!isOpen, sourceLocation: sourceLocation)
        }
    }

    /// The status code and the JSON `code` of an answer of the guard's own.
    static func refusal(_ text: String) -> (status: Int?, code: String?) {
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        guard let start = text.range(of: "\r\n\r\n")?.upperBound,
            case .object(let o)? = try? JSONValue.parse(Array(text[start...].utf8)),
            case .string(let code)? = o["code"]
        else { return (status, nil) }
        return (status, code)
    }

    @Test func anIdleConnectionClosesAfterTheIdleTimeout() throws {
        let c = try Connection()
        c.advance(c.settings.idleTimeout - .milliseconds(1))
        #expect(c.isOpen)
        c.advance(.milliseconds(2))
        #expect(!c.isOpen)
        #expect(try c.received() == "")
    }

    @Test func aRequestIsPassedUpAndTheConnectionKeptThenIdleCountsFromTheAnswer() throws {
        let c = try Connection()
        try c.send("GET /hometown/users HTTP/1.1\r\nHost: example\r\n\r\n")
        #expect(c.app.heads.map(\.uri) == ["/hometown/users"])
        #expect(c.app.ends == 1)
        // Waiting for the application's answer is not idleness.
        c.advance(c.settings.idleTimeout * 2)
        #expect(c.isOpen)
        c.app.answer()
        let text = try c.received()
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(!text.lowercased().contains("connection: close"))
        #expect(text.hasSuffix("fine"))
        c.advance(c.settings.idleTimeout - .milliseconds(1))
        #expect(c.isOpen)
        c.advance(.milliseconds(2))
        #expect(!c.isOpen)
    }

    @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredInHTTP10AndClosed() throws {
        let c = try Connection()
        try c.send("GET / HTTP/1.0\r\n\r\n")
        #expect(c.app.heads.count == 1)
        try c.expectLastAnswer("HTTP/1.0 200 OK")
    }

    @Test func aRequestBehindOneThatClosesIsNotServed() throws {
        let c = try Connection()
        try c.send("GET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(c.app.heads.map(\.uri) == ["/a"])
        try c.expectLastAnswer("HTTP/1.1 200 OK")
        #expect(c.app.heads.count == 1)
    }

    @Test func aBadRequestBehindAGoodOneIsAnsweredAfterIt() throws {
        let c = try Connection()
        try c.send("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\n\r\n")
        #expect(c.app.heads.map(\.uri) == ["/a"])
        #expect(try c.received() == "")
        c.app.answer()
        let text = try c.received()
        let first = text.range(of: "HTTP/1.1 200 OK\r\n")
        let second = text.range(of: "HTTP/1.1 400 Bad Request\r\n")
        #expect(first != nil && second != nil && first!.lowerBound < second!.lowerBound, "\(text)")
        #expect(text.contains("no Host header"))
        // The good answer does not say the connection closes: the guard's own answer after it does.
        let good = text[..<(second?.lowerBound ?? text.endIndex)]
        #expect(!good.lowercased().contains("connection: close"))
        #expect(!c.isOpen)
    }

    @Test func aHeadThatDoesNotArriveWholeInTimeGets408() throws {
        let c = try Connection()
        try c.send("GET / HTTP/1.1\r\nHost: ex")
        c.advance(c.settings.readTimeout - .milliseconds(1))
        #expect(try c.received() == "")
        c.advance(.milliseconds(2))
        let text = try c.received()
        #expect(Self.refusal(text).status == 408)
        #expect(Self.refusal(text).code == ErrorCode.requestTimeout.rawValue)
        #expect(text.contains("the request head did not arrive within"))
        #expect(c.app.heads.isEmpty)
        #expect(!c.isOpen)
    }

    @Test func aBodyThatPausesTooLongGets408InPlaceOfTheApplicationsAnswer() throws {
        let c = try Connection()
        try c.send("POST /hometown/users HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n0123456789")
        #expect(c.app.heads.count == 1)
        #expect(c.app.bodyBytes == 10)
        c.advance(c.settings.readTimeout + .milliseconds(1))
        let text = try c.received()
        #expect(Self.refusal(text).status == 408)
        #expect(text.contains("the request body arrived too slowly"))
        // The application's late answer is refused: the guard answered for it.
        c.app.answer()
        #expect(try c.received() == "")
        #expect(!c.isOpen)
    }

    @Test func aBodyThatKeepsComingIsNotCutOff() throws {
        let c = try Connection()
        try c.send("POST /hometown/users HTTP/1.1\r\nHost: h\r\nContent-Length: 10000\r\n\r\n")
        // Above the minimum rate the whole time: a tenth of the read timeout at a time, at twice the rate.
        let step = TimeAmount.nanoseconds(c.settings.readTimeout.nanoseconds / 10)
        let bytes = 2 * c.settings.minBodyRate * Int(step.nanoseconds / 1_000_000) / 1000
        var sent = 0
        while sent + bytes <= 10000 {
            c.advance(step)
            try c.send(String(repeating: "x", count: bytes))
            sent += bytes
        }
        #expect(c.isOpen)
        #expect(try c.received() == "")
        #expect(c.app.bodyBytes == sent)
    }

    @Test(
        arguments: [
            ("GET / HTTP/1.1\r\n\r\n", 400, "no Host header"),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "2 Host headers"),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}", 415, "gzip"),
            ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "transfer coding"),
            ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 999999999\r\n\r\n", 413, "bytes"),
            ("POST / HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}", 417, "200-ok"),
            ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405, "not a proxy"),
            ("GET / HTTP/1.1\r\nHost a\r\n\r\n", 400, "malformed HTTP request"),
            // A request line ended by a bare LF, and one of another version, are told what the line must end in.
            ("GET / HTTP/1.1\nHost: a\n\n", 400, "does not end in 'HTTP/1.1' (or 'HTTP/1.0') and CRLF"),
            ("GET / HTTP/3.0\r\nHost: a\r\n\r\n", 400, "does not end in 'HTTP/1.1' (or 'HTTP/1.0') and CRLF"),
        ])
    func aRefusedRequestGetsTheGuardsJSONAnswerAndNeverReachesTheApplication(
        request: String, status: Int, words: String
    ) throws {
        let c = try Connection()
        try c.send(request)
        let text = try c.received()
        #expect(Self.refusal(text).status == status, "\(text)")
        #expect(Self.refusal(text).code != nil, "\(text)")
        #expect(text.contains(words), "\(text)")
        #expect(text.lowercased().contains("connection: close"))
        if status == 405 { #expect(text.lowercased().contains("allow: ")) }
        #expect(c.app.heads.isEmpty)
        #expect(!c.isOpen)
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() throws {
        let c = try Connection()
        try c.send("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        #expect(try c.received() == "HTTP/1.1 100 Continue\r\n\r\n")
        try c.send("{}")
        #expect(c.app.bodyBytes == 2)
        #expect(c.app.ends == 1)
    }

    @Test func aChunkedBodysFramingIsLimited() throws {
        let c = try Connection()
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        try c.send(head)
        // A chunk extension that never ends: the decoder passes none of it up, the guard counts it as it arrives.
        try c.send("1;" + String(repeating: "e", count: c.settings.maxHeaderBytes))
        #expect(try c.received() == "")
        #expect(c.app.heads.count == 1)
        // The guard answers before this read is decoded; the embedded channel then closes whole (a socket would
        // only shut its sending side), so the decoder complains of the bytes it is still given: not a guard's error.
        _ = try? c.send(String(repeating: "e", count: 64))
        let text = try c.received()
        #expect(Self.refusal(text).status == 400)
        #expect(text.contains("framing is too large"))
        #expect(!c.isOpen)
    }

    /// Trailers are header fields to the decoder, under the head's limit: one over it is refused as trailers too
    /// large (400), not as a request head too large (431), though the framing allowance would take it.
    @Test func trailersOverTheHeaderLimitAreRefusedAsTrailers() throws {
        let c = try Connection()
        let limit = c.settings.maxHeaderBytes
        let data = String(repeating: "d", count: 400)
        try c.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        try c.send(String(data.count, radix: 16) + "\r\n" + data + "\r\n0\r\n")
        _ = try? c.send("X-T: " + String(repeating: "b", count: limit + 100) + "\r\n\r\n")
        let text = try c.received()
        #expect(Self.refusal(text).status == 400, "\(text)")
        #expect(text.contains("the chunked body's trailers are too large"), "\(text)")
        #expect(!text.contains("request head is too large"))
        #expect(!c.isOpen)
    }

    /// The framing is counted from the read after the head's: what came in the head's own read is the only
    /// slack, so a body whose framing goes on past the limit is refused however much of it came with the head.
    @Test func theFramingThatComesWithTheHeadIsTheOnlySlack() throws {
        let c = try Connection()
        let limit = c.settings.maxHeaderBytes
        try c.send(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;"
                + String(repeating: "e", count: 2 * limit))
        try c.send(String(repeating: "e", count: limit + 1))
        #expect(c.app.heads.count == 1)
        _ = try? c.send("e")
        let text = try c.received()
        #expect(Self.refusal(text).status == 400, "\(text)")
        #expect(text.contains("framing is too large"))
        #expect(!c.isOpen)
    }

    @Test func shutdownClosesAnIdleConnectionAtOnce() throws {
        let c = try Connection()
        c.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(!c.isOpen)
    }

    @Test func shutdownLetsARequestInFlightBeAnsweredThenCloses() throws {
        let c = try Connection()
        try c.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        c.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(c.isOpen)
        try c.expectLastAnswer("HTTP/1.1 200 OK")
    }

    @Test func shutdownClosesAConnectionStillUnansweredAtItsDeadline() throws {
        let c = try Connection()
        try c.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        c.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        c.advance(c.settings.shutdownTimeout - .milliseconds(1))
        #expect(c.isOpen)
        c.advance(.milliseconds(2))
        #expect(!c.isOpen)
    }
}
