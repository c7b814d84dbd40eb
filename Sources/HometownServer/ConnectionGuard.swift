import HometownCore
import HometownProtocol
import NIOCore
import NIOHTTP1

/// Keeps one connection within the server's limits, between NIO's HTTP/1 decoder and Hummingbird:
/// - **Timeouts**: a connection with no request in flight is closed after `idleTimeout` without a byte; a request
///   head must arrive whole within `readTimeout` of its first byte; a body may pause at most `readTimeout` and,
///   after its first `readTimeout`, must average `minBodyRate` bytes/s since its head. Both count the body's
///   data (payload) bytes only, as the decoder gives them up, not a chunked body's framing. A late head or body
///   gets 408 (JSON) and the connection closes.
/// - **A chunked body's framing** (chunk sizes, chunk extensions, line ends, trailers: the bytes received while a
///   body is read beyond its data, which the decoder does not pass up) may take at most `maxHeaderBytes` plus
///   `framingBytesPerDataByte` per data byte; beyond it 400 (JSON) and the connection closes. It is counted by
///   whole reads (at most 64 KiB each, NIO's largest), from the read after the one that ends the request's head:
///   the decoder does not say where in a read a head ends, so what arrives with the head goes uncounted, at most
///   one read a request.
/// - **Requests refused before Hummingbird sees them** (JSON body, connection closed, the rest of the input
///   dropped): a transfer coding other than `chunked` (501), a declared Content-Length over the body limit
///   (413; with `Expect: 100-continue` too, so no body is sent), an expectation other than `100-continue` (417),
///   CONNECT (405 with Allow, written below NIO's encoder, which sends no body to CONNECT), a missing Host in
///   HTTP/1.1 or more than one Host (400), a request body with a Content-Encoding other than identity (415), a head
///   over the size limit (431) or any other parse error (400).
/// - **Expect: 100-continue** answered with `100 Continue` when the request is admitted.
/// - **Keep-alive**: the response takes the request's version (HTTP/1.0 stays 1.0), and the connection closes
///   after it when the request did not ask to keep it (HTTP/1.0 without `Connection: keep-alive`, HTTP/1.1 with
///   `Connection: close`), or when an HTTP/1.0 response has no Content-Length.
/// - **A chunked body over the limit**: the part that crosses it still goes up (the responder answers 413), the
///   rest is dropped and the connection closes after the answer.
/// - **Graceful shutdown** (`ChannelShouldQuiesceEvent`): an idle connection closes at once, one with a request
///   in flight closes after its answer, and any still open `shutdownTimeout` later is closed.
///
/// After an answer of its own the guard shuts the sending side, keeps reading and dropping what the client still
/// sends (so that the kernel does not reset the connection before the answer is read) until the client closes,
/// or for `lingerTime` at most.
///
/// A request whose body is cut off while it goes up (an answer of the guard's own, or the connection ending before
/// the body's end) gets `BodyAbandoned` fired up the pipeline: the handler reading that body fails with it instead
/// of taking the part that arrived for the whole, so that a request refused here changes nothing.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The limits the guard applies (from `ServerLimits`).
    struct Settings: Sendable {
        var idleTimeout: TimeAmount
        var readTimeout: TimeAmount
        /// Bytes per second.
        var minBodyRate: Int
        /// Bytes.
        var maxBodyBytes: Int
        var shutdownTimeout: TimeAmount
        /// Bytes of a request head (request target, header names and values), as the decoder counts them.
        var maxHeaderBytes: Int
        /// Bytes of a chunked body's framing allowed per byte of its data, beyond `maxHeaderBytes` (a body sent
        /// in 1-byte chunks, "1\r\nx\r\n", takes 5).
        static let framingBytesPerDataByte = 8
        /// How long a connection closing after an answer of the guard's own keeps reading and dropping input.
        var lingerTime: TimeAmount = .seconds(2)

        init(_ limits: ServerLimits) {
            idleTimeout = TimeAmount(limits.idleTimeout)
            readTimeout = TimeAmount(limits.readTimeout)
            minBodyRate = limits.minBodyRate
            maxBodyBytes = ServerLimits.maxBodyBytes
            shutdownTimeout = TimeAmount(limits.shutdownTimeout)
            maxHeaderBytes = limits.maxHeaderBytes
        }
    }

    /// Where the reading of the client's requests stands.
    private enum Phase {
        /// No request partly read (since then).
        case between(since: NIODeadline)
        /// Bytes of a request head have arrived, but not the whole head.
        case head(start: NIODeadline)
        /// A head was read, not yet the end of its body: `bytes` of data since `start`, the last of them at `last`.
        case body(start: NIODeadline, bytes: Int, last: NIODeadline)
    }

    /// A request passed up whose answer is not yet written whole.
    private struct Pending {
        var version: HTTPVersion
        var keepAlive: Bool
        var headWritten = false
        var closesAfter = false
    }

    /// What becomes of the requests read.
    private enum Input: Equatable {
        /// Passed up to Hummingbird.
        case passing
        /// Read and dropped: an answer of the guard's own was given or is due, a body went over the limit, or a
        /// request came behind one after which the connection closes.
        case dropping
    }

    /// How the connection ends. It never moves back up this list (`closed` may come from any of the others).
    private enum Ending {
        /// Not decided: requests are served for as long as the client keeps the connection.
        case open
        /// Closes once the pending answers are written; `own` is an answer of the guard's to write after them
        /// first (a bad request pipelined behind good ones).
        case afterAnswers(own: (head: HTTPResponseHead, body: ByteBuffer)?)
        /// An answer of the guard's own is written or being written, in place of any of Hummingbird's (whose
        /// writes are refused); then the sending side is shut and the input read and dropped until the client
        /// closes, or `until`.
        case lingering(until: NIODeadline)
        case closed
    }

    private enum Expiry { case idle, slowHead, slowBody, shutdown, linger }

    /// The error a handler reading a request's body gets when the body is cut off before its end (see above).
    struct BodyAbandoned: Error, CustomStringConvertible {
        var description: String { "the request's body was cut off before its end (refused, or the connection ended)" }
    }

    private let settings: Settings
    private var context: ChannelHandlerContext?
    private var phase: Phase
    private var pending: [Pending] = []
    private var lastAnswer: NIODeadline
    private var input = Input.passing
    private var ending = Ending.open
    private var shutdownDeadline: NIODeadline?
    private var timer: Scheduled<Void>?
    private var timerAt: NIODeadline?

    init(settings: Settings) {
        self.settings = settings
        let now = NIODeadline.now()
        phase = .between(since: now)
        lastAnswer = now
    }

    // MARK: lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        phase = .between(since: now)
        lastAnswer = now
        reschedule()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Ending the inbound stream without an error would read as the body's end.
        if isReadingBody { context.fireErrorCaught(BodyAbandoned()) }
        ending = .closed
        cancelTimer()
        context.fireChannelInactive()
    }

    /// Called by `ByteArrivalHandler` for every read, before decoding.
    func bytesArrived(_ count: Int) {
        let now = self.now
        switch phase {
        case .between:
            phase = .head(start: now)
            reschedule()
        case .head:
            break
        case .body(_, let data, _):
            // Checked against the bytes of the earlier reads, all decoded by now: this read may end the body and
            // carry the next requests.
            let framing = bodyBytesReceived - data
            let allowed = settings.maxHeaderBytes + data * Settings.framingBytesPerDataByte
            bodyBytesReceived += count
            if framing > allowed, input == .passing {
                refuse(
                    .badRequest,
                    "the chunked body's framing is too large: chunk sizes, chunk extensions and trailers may take at most \(settings.maxHeaderBytes) bytes plus \(Settings.framingBytesPerDataByte) per byte of data",
                    version: pending.last?.version ?? .http1_1, duringForwardedBody: true)
            }
        }
    }

    /// Bytes received since the current request's head was decoded (data and framing; 0 between requests).
    private var bodyBytesReceived = 0

    // MARK: inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        let now = self.now
        switch part {
        case .head(let head):
            phase = .body(start: now, bytes: 0, last: now)
            bodyBytes = 0
            bodyBytesReceived = 0
            guard input == .passing else { return }
            if closesAfterAnswers {
                // A request pipelined behind one that closes the connection (or during shutdown): not served.
                input = .dropping
                return
            }
            if let (status, message) = refusal(of: head) {
                if head.method == .CONNECT, pending.isEmpty, !closed {
                    answerConnect(status, message, version: head.version, context: context)
                } else {
                    refuse(status, message, version: head.version, duringForwardedBody: false)
                }
                return
            }
            if pending.isEmpty, head.version.major == 1, head.version.minor >= 1,
                head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" })
            {
                context.writeAndFlush(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
                    promise: nil)
            }
            pending.append(Pending(version: head.version, keepAlive: head.isKeepAlive))
            if !head.isKeepAlive { closeAfterAnswers() }
            context.fireChannelRead(data)
        case .body(let buffer):
            if case .body(let start, let bytes, _) = phase {
                phase = .body(start: start, bytes: bytes + buffer.readableBytes, last: now)
            }
            guard input == .passing else { return }
            bodyBytes += buffer.readableBytes
            if bodyBytes > settings.maxBodyBytes {
                // The responder sees more than the limit and answers 413; the rest is not read up.
                dropInput()
            }
            context.fireChannelRead(data)
        case .end:
            phase = .between(since: now)
            reschedule()
            guard input == .passing else { return }
            context.fireChannelRead(data)
        }
    }

    private var bodyBytes = 0

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard input == .passing, !closed else { return }
        if parseError == .headerOverflow, isReadingBody {
            // Past the head, the decoder reads header fields only in a chunked body's trailers, under the same
            // limit as the head's.
            refuse(
                .badRequest,
                "the chunked body's trailers are too large: like a request head's header fields, they may take at most \(settings.maxHeaderBytes) bytes",
                version: .http1_1, duringForwardedBody: true)
        } else if parseError == .headerOverflow {
            refuse(
                .requestHeaderFieldsTooLarge,
                "the request head is too large: the request line's target and the header names and values may take at most \(settings.maxHeaderBytes) bytes",
                version: .http1_1, duringForwardedBody: isReadingBody)
        } else {
            refuse(
                .badRequest, "malformed HTTP request: \(Self.explain(parseError))", version: .http1_1,
                duringForwardedBody: isReadingBody)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            shutdownDeadline = now + settings.shutdownTimeout
            closeAfterAnswers()
            if pending.isEmpty, !isReadingBody || lingerDeadline != nil {
                close()
                return
            }
            reschedule()
        } else if let e = event as? ChannelEvent, e == .inputClosed, lingerDeadline != nil {
            close()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private var isReadingBody: Bool {
        if case .body = phase { return input == .passing }
        return false
    }

    /// A parse error in words.
    private static func explain(_ e: HTTPParserError) -> String {
        switch e {
        case .invalidMethod: return "the method is not one the server's HTTP parser knows"
        case .invalidURL: return "the request target is not valid"
        // The parser reports a request line ended by a bare LF as a bad version too: it reads CR as the version's end.
        case .invalidVersion: return "the request line does not end in 'HTTP/1.1' (or 'HTTP/1.0') and CRLF"
        case .invalidHeaderToken: return "a header line is not 'name: value'"
        case .invalidContentLength, .unexpectedContentLength: return "the Content-Length is not valid"
        case .invalidChunkSize: return "a chunk size of the chunked body is not valid"
        case .invalidConstant, .strictModeAssertion, .lfExpected:
            return "a line is not ended by CRLF, or the request line is not 'METHOD target HTTP/1.1'"
        case .unknown:
            return "the request could not be parsed (for example, a Transfer-Encoding whose last coding is not chunked)"
        case .paused:
            return "HTTP/2 is not spoken here: send HTTP/1.1 (or put a proxy such as nginx in front)"
        default: return "the request could not be parsed"
        }
    }

    // MARK: outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch ending {
        case .lingering, .closed:
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        case .open, .afterAnswers: break
        }
        switch unwrapOutboundIn(data) {
        case .head(var head):
            guard !pending.isEmpty, head.status.code >= 200 else {
                context.write(data, promise: promise)
                return
            }
            let request = pending[0]
            head.version = request.version
            let http10 = request.version.major == 1 && request.version.minor == 0
            // The last answer before the connection closes says so (unless an answer of our own follows it, which
            // closes the connection itself).
            var lastBeforeClosing = false
            if case .afterAnswers(own: nil) = ending { lastBeforeClosing = pending.count == 1 }
            let closes =
                !request.keepAlive || lastBeforeClosing || (http10 && !head.headers.contains(name: "content-length"))
            pending[0].headWritten = true
            pending[0].closesAfter = closes
            if closes {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if http10 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard !pending.isEmpty else {
                context.write(data, promise: promise)
                return
            }
            let request = pending.removeFirst()
            lastAnswer = now
            if request.closesAfter {
                closeAfterWriting(data, promise: promise, context: context)
                return
            }
            if pending.isEmpty, case .afterAnswers(let own?) = ending {
                context.write(data, promise: promise)
                answer(own.head, own.body, context: context)
                return
            }
            if closesAfterAnswers, pending.isEmpty {
                closeAfterWriting(data, promise: promise, context: context)
                return
            }
            context.write(data, promise: promise)
            reschedule()
        }
    }

    // MARK: refusing

    /// Why a request head is answered here rather than passed up, if it is.
    private func refusal(of head: HTTPRequestHead) -> (HTTPResponseStatus, String)? {
        if head.method == .CONNECT {
            return (.methodNotAllowed, "CONNECT is not served: this server is not a proxy")
        }
        // RFC 9112 section 3.2: an HTTP/1.1 request has exactly one Host; none is allowed in HTTP/1.0.
        let hosts = head.headers["host"].count
        if hosts > 1 || (hosts == 0 && (head.version.major, head.version.minor) >= (1, 1)) {
            return (
                .badRequest,
                hosts == 0
                    ? "the request has no Host header (an HTTP/1.1 request needs exactly one)"
                    : "the request has \(hosts) Host headers (it needs exactly one)"
            )
        }
        let contentCodings = head.headers[canonicalForm: "content-encoding"].map { $0.lowercased() }
        if let coding = contentCodings.first(where: { $0 != "identity" }) {
            return (
                .unsupportedMediaType,
                "request bodies are read as sent: Content-Encoding '\(coding)' is not supported, send the body without it"
            )
        }
        let codings = head.headers[canonicalForm: "transfer-encoding"].map { $0.lowercased() }
        if !codings.isEmpty, codings != ["chunked"] {
            return (
                .notImplemented,
                "transfer coding '\(codings.joined(separator: ", "))' is not supported: send the body as it is, with Content-Length, or with Transfer-Encoding: chunked alone"
            )
        }
        if let declared = head.headers.first(name: "content-length").flatMap({
            Int($0.trimmingCharacters(in: .whitespaces))
        }),
            declared > settings.maxBodyBytes
        {
            return (.payloadTooLarge, ProtocolError.bodyTooLarge(limit: settings.maxBodyBytes).description)
        }
        let expectations = head.headers[canonicalForm: "expect"].map { $0.lowercased() }
        if let other = expectations.first(where: { $0 != "100-continue" }) {
            return (.expectationFailed, "the expectation '\(other)' is not supported (only 100-continue is)")
        }
        return nil
    }

    /// Answers with our own response and closes: at once when nothing is pending; in place of Hummingbird's when
    /// the request being read is the only one pending and not yet answered; after the pending answers when the
    /// refused request is a new one; otherwise the connection just closes after the pending answers.
    private func refuse(
        _ status: HTTPResponseStatus, _ message: String, version: HTTPVersion, duringForwardedBody: Bool
    ) {
        guard let context, !closed else { return }
        let abandoning = duringForwardedBody && isReadingBody
        dropInput()
        let (head, body) = LimitReplies.parts(status, message, version: version)
        // Before any close (whose end of the inbound stream would otherwise come first); the handler's own
        // answer comes later, on its task, and finds the writes refused.
        if abandoning { context.fireErrorCaught(BodyAbandoned()) }
        if duringForwardedBody {
            if pending.count == 1, !pending[0].headWritten {
                // In place of Hummingbird's answer: its writes are refused from now on (`lingering`).
                pending.removeAll()
                answer(head, body, context: context)
            } else if pending.isEmpty {
                close()  // answered already; the rest of its body is not read
            }
            // else: Hummingbird's answer is under way; the connection closes after it.
        } else if pending.isEmpty {
            answer(head, body, context: context)
        } else {
            ending = .afterAnswers(own: (head, body))
        }
    }

    /// Refuses a CONNECT with nothing pending: the answer is written below NIO's response encoder, which frames
    /// every answer to a CONNECT without a body (as a tunnel's 2xx is); ours has a length and a JSON body.
    private func answerConnect(
        _ status: HTTPResponseStatus, _ message: String, version: HTTPVersion, context: ChannelHandlerContext
    ) {
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            refuse(status, message, version: version, duringForwardedBody: false)
            return
        }
        dropInput()
        let (head, body) = LimitReplies.parts(status, message, version: version)
        var bytes = context.channel.allocator.buffer(capacity: 256 + body.readableBytes)
        bytes.writeString(
            "HTTP/\(head.version.major).\(head.version.minor) \(head.status.code) \(head.status.reasonPhrase)\r\n")
        for (name, value) in head.headers { bytes.writeString("\(name): \(value)\r\n") }
        bytes.writeString("\r\n")
        var rest = body
        bytes.writeBuffer(&rest)
        let done = context.eventLoop.makePromise(of: Void.self)
        encoder.writeAndFlush(NIOAny(IOData.byteBuffer(bytes)), promise: done)
        startLingering(after: done.futureResult, context: context)
    }

    private func answer(_ head: HTTPResponseHead, _ body: ByteBuffer, context: ChannelHandlerContext) {
        let done = context.eventLoop.makePromise(of: Void.self)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        startLingering(after: done.futureResult, context: context)
    }

    private func closeAfterWriting(_ data: NIOAny, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        let done = context.eventLoop.makePromise(of: Void.self)
        if let promise { done.futureResult.cascade(to: promise) }
        context.writeAndFlush(data, promise: done)
        if input == .dropping {
            startLingering(after: done.futureResult, context: context)
        } else {
            done.futureResult.assumeIsolated().whenComplete { [weak self] _ in self?.close() }
        }
    }

    /// Once `written`, shuts the sending side and reads on until the client closes or `lingerTime` passes.
    private func startLingering(after written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        input = .dropping
        ending = .lingering(until: now + settings.lingerTime)
        reschedule()
        written.assumeIsolated().whenComplete { [weak self] result in
            guard let self, !self.closed else { return }
            if case .failure = result {
                self.close()
            } else {
                context.close(mode: .output, promise: nil)
                context.read()
            }
        }
    }

    private func close() {
        guard !closed, let context else { return }
        ending = .closed
        cancelTimer()
        context.close(promise: nil)
    }

    // MARK: state

    private var closed: Bool {
        if case .closed = ending { return true }
        return false
    }

    private var lingerDeadline: NIODeadline? {
        if case .lingering(let until) = ending { return until }
        return nil
    }

    /// The connection closes once the pending answers are written (or sooner).
    private var closesAfterAnswers: Bool {
        if case .open = ending { return false }
        return true
    }

    /// From now on the connection closes once the pending answers are written (unless it ends sooner already).
    private func closeAfterAnswers() {
        if case .open = ending { ending = .afterAnswers(own: nil) }
    }

    /// From now on requests read are dropped, and the connection closes after the pending answers.
    private func dropInput() {
        input = .dropping
        closeAfterAnswers()
    }

    // MARK: timer

    /// The event loop's clock (the system's, or a test's that it advances by hand).
    private var now: NIODeadline { context?.eventLoop.now ?? .now() }

    /// The next moment something may expire, and what.
    private func nextDeadline() -> (NIODeadline, Expiry)? {
        var next: (NIODeadline, Expiry)?
        func consider(_ at: NIODeadline, _ what: Expiry) {
            if next == nil || at < next!.0 { next = (at, what) }
        }
        if let lingerDeadline { consider(lingerDeadline, .linger) }
        if let shutdownDeadline { consider(shutdownDeadline, .shutdown) }
        guard lingerDeadline == nil else { return next }
        switch phase {
        case .between(let since):
            if pending.isEmpty { consider(max(since, lastAnswer) + settings.idleTimeout, .idle) }
        case .head(let start):
            if pending.isEmpty { consider(max(start, lastAnswer) + settings.readTimeout, .slowHead) }
        case .body(let start, let bytes, let last):
            guard input == .passing else { break }
            let byRate =
                start + settings.readTimeout + .nanoseconds(Int64(bytes) * 1_000_000_000 / Int64(settings.minBodyRate))
            consider(min(last + settings.readTimeout, byRate), .slowBody)
        }
        return next
    }

    private func reschedule() {
        guard let context, !closed else { return }
        guard let (at, _) = nextDeadline() else { return }
        if let timerAt, timerAt <= at { return }
        timer?.cancel()
        timerAt = at
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) { [weak self] in self?.timerFired() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerAt = nil
    }

    private func timerFired() {
        timer = nil
        timerAt = nil
        guard !closed, let (at, what) = nextDeadline() else { return }
        guard at <= now else {
            reschedule()
            return
        }
        switch what {
        case .idle, .shutdown, .linger:
            close()
        case .slowHead:
            refuse(
                .requestTimeout, "the request head did not arrive within \(seconds(settings.readTimeout)) s",
                version: .http1_1,
                duringForwardedBody: false)
        case .slowBody:
            let version = pending.last?.version ?? .http1_1
            refuse(
                .requestTimeout,
                "the request body arrived too slowly: it may pause at most \(seconds(settings.readTimeout)) s, and after that must average at least \(settings.minBodyRate) bytes/s",
                version: version,
                duringForwardedBody: true)
            // Taken over (the answer was Hummingbird's to give, and is now ours): nothing is pending any more.
            if !pending.isEmpty { close() }
        }
        reschedule()
    }

    private func seconds(_ t: TimeAmount) -> String {
        let ms = t.nanoseconds / 1_000_000
        return ms % 1000 == 0 ? "\(ms / 1000)" : "\(Double(ms) / 1000)"
    }
}

extension TimeAmount {
    /// The same span as a `TimeAmount` (nanoseconds).
    init(_ d: Duration) {
        self = .nanoseconds(DurationUnits.wholeNanoseconds(d))
    }
}
