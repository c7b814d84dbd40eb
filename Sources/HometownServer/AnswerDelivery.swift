import CompressNIO
import HTTPTypes
import HometownCore
import Hummingbird
import NIOCore
import NIOPosix

/// How answers leave the server, for every endpoint alike: entity tags and `If-None-Match` (304), gzip when the
/// client accepts it and a compression slot is free, and HEAD (the headers GET would send, no body). The public
/// folder's files follow the same rules with their gzip forms made once (`PublicFiles.response`).
///
/// - Entity tags name the data an answer was computed from, not its bytes: `"<instance>-<version>"` for answers
///   that depend on the posted users (the view's version counts every change), `"<instance>"` for those that do
///   not. The instance is drawn at random when the server starts, so a restart (perhaps with other options)
///   never matches an old tag. A gzip answer's tag ends in `-gzip`; `If-None-Match` matches either form.
/// - gzip: at most `maxCompressing` answers are compressed at once; beyond that the answer goes uncompressed, so
///   that a few clients downloading large lists cannot take every core. Answers under `minimumGzipBytes`, and
///   types that do not shrink, are sent as they are. Large or streamed answers use zlib level 1 (fast), others 6.
final class AnswerDelivery: Sendable {
    /// Answers smaller than this are not compressed (the gzip frame costs more than it saves).
    static let minimumGzipBytes = 1024
    /// Known-length answers up to this size are compressed at level 6; larger and streamed ones at level 1.
    static let smallAnswerBytes = 1 << 20

    let instance: String
    let maxCompressing: Int
    private let compressing = Locked(0)
    /// Where parts of 16 KiB or more are compressed (off the request handlers' threads).
    let bulk: NIOThreadPool

    init(maxCompressing: Int, bulk: NIOThreadPool) {
        self.maxCompressing = max(0, maxCompressing)
        self.bulk = bulk
        instance = String(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF, radix: 36)
    }

    /// The entity tag of an answer computed from data `version` (nil: an answer that does not depend on users),
    /// in language `variant` when it has one (`"<instance>-lang-ru"`).
    func tag(version: UInt64?, variant: String? = nil) -> String {
        let base = version.map { "\(instance)-\($0)" } ?? instance
        return "\"" + base + (variant.map { "-lang-" + $0 } ?? "") + "\""
    }

    /// What a gzip answer's tag ends in, inside the quotes' closing one.
    static let gzipTagSuffix = "-gzip\""

    /// The tag of the gzip form of an answer tagged `tag`.
    static func gzipForm(of tag: String) -> String { String(tag.dropLast()) + gzipTagSuffix }

    /// 304 Not Modified when the request's `If-None-Match` names `tag` (or its gzip form, or `*` when `any`
    /// counts: an answer known to exist), carrying the form the client named and the answer's `Cache-Control`;
    /// nil when the answer must be sent.
    func notModified(
        _ headers: HTTPFields, tag: String, cacheControl: String = "no-cache", any: Bool = true
    ) -> Response? {
        let wanted = headers[values: .ifNoneMatch]
        guard !wanted.isEmpty else { return nil }
        for field in wanted {
            for part in field.split(separator: ",") {
                var t = part.trimmingWhiteSpaceASCII()
                if t == "*" {
                    if any { return notModified(tag: tag, cacheControl: cacheControl) }
                    continue
                }
                if t.hasPrefix("W/") { t = t.dropFirst(2) }
                let gzipForm = t.hasSuffix(Self.gzipTagSuffix)
                if gzipForm { t = t.dropLast(Self.gzipTagSuffix.count) + "\"" }
                if t == tag {
                    return notModified(tag: gzipForm ? Self.gzipForm(of: tag) : tag, cacheControl: cacheControl)
                }
            }
        }
        return nil
    }

    /// The answer `make` computes from data `version` (nil: data that does not change while the server runs) in
    /// language `variant` (nil: none), tagged and marked for revalidation before reuse (`Cache-Control: no-cache`); or 304, without calling
    /// `make`, when the request's `If-None-Match` names the tag. Only a 2xx answer is tagged (an error is not the
    /// data the tag names); `If-None-Match: *` gets 304 only once `make` has given one (a 404 stays a 404).
    func tagged(
        version: UInt64?, variant: String? = nil, _ request: Request, _ make: () async throws -> Response
    ) async rethrows -> Response {
        let tag = self.tag(version: version, variant: variant)
        if let unchanged = notModified(request.headers, tag: tag, any: false) { return unchanged }
        var r = try await make()
        guard (200..<300).contains(r.status.code) else { return r }
        if let unchanged = notModified(request.headers, tag: tag) { return unchanged }
        r.headers[.eTag] = tag
        r.headers[.cacheControl] = "no-cache"
        return r
    }

    private func notModified(tag: String, cacheControl: String) -> Response {
        Response(status: .notModified, headers: [.eTag: tag, .cacheControl: cacheControl, .vary: "Accept-Encoding"])
    }

    /// `response` as it should be sent for `request`: compressed when that pays and is accepted, without its
    /// body for HEAD.
    func finish(_ response: Response, for request: Request) async throws -> Response {
        var r = response
        if shouldCompress(r, request.headers), let slot = takeSlot() {
            let body = r.body
            let level: Int32 = (body.contentLength ?? Int.max) <= Self.smallAnswerBytes ? 6 : 1
            // The slot goes back when the body is gone: written, failed, or never written (a closed connection).
            r.body = ResponseBody { [bulk] writer in
                withExtendedLifetime(slot) {}
                let gzip = try GzipBodyWriter(base: writer, level: level, bulk: bulk)
                try await body.write(gzip)
            }
            r.headers[.contentEncoding] = "gzip"
            if let tag = r.headers[.eTag], tag.hasSuffix("\"") { r.headers[.eTag] = Self.gzipForm(of: tag) }
        }
        if r.headers[.eTag] != nil || r.headers[.contentEncoding] != nil {
            // Keeps what the endpoint varies by (Accept-Language) beside the encoding.
            let other = r.headers[.vary].flatMap { $0.contains("Accept-Encoding") ? nil : $0 }
            r.headers[.vary] = other.map { "Accept-Encoding, " + $0 } ?? r.headers[.vary] ?? "Accept-Encoding"
        }
        guard request.method == .head else { return r }
        // HEAD: GET's headers with its length; a body of unknown length is produced once (and dropped) to count it.
        let length: Int
        if let known = r.body.contentLength, r.headers[.contentEncoding] == nil {
            length = known
        } else {
            let counter = ByteCounter()
            try await r.body.write(CountingBodyWriter(counter: counter))
            length = counter.total
        }
        r.body = ResponseBody()
        r.headers[.contentLength] = String(length)
        return r
    }

    private func shouldCompress(_ r: Response, _ headers: HTTPFields) -> Bool {
        guard maxCompressing > 0, r.status == .ok, r.headers[.contentEncoding] == nil else { return false }
        if let n = r.body.contentLength, n < Self.minimumGzipBytes { return false }
        guard let type = r.headers[.contentType], Self.compressible(type) else { return false }
        return Self.acceptsGzip(headers)
    }

    static func compressible(_ type: String) -> Bool {
        type.hasPrefix("application/json") || type.hasPrefix("text/") || type.hasPrefix("application/javascript")
            || type.hasPrefix("application/yaml") || type.hasPrefix("image/svg+xml")
            || type.hasPrefix("application/geo+json")
    }

    /// Whether a gzip form made beforehand goes to this client: compression is on (`--max-compressing` above 0) and
    /// its `Accept-Encoding` takes gzip. (Public files and map tiles kept with their gzip forms.)
    func sendsKeptGzip(_ headers: HTTPFields) -> Bool { maxCompressing > 0 && Self.acceptsGzip(headers) }

    /// Whether `Accept-Encoding` takes gzip with a quality above 0: gzip's own entry decides, and `*` only when
    /// gzip has none (RFC 9110, section 12.5.3: "gzip;q=0, *" refuses gzip).
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        var gzip: Double?
        var any: Double?
        for field in headers[values: .acceptEncoding] {
            for part in field.split(separator: ",") {
                let pieces = part.split(separator: ";")
                guard let name = pieces.first?.trimmingWhiteSpaceASCII().lowercased(), name == "gzip" || name == "*"
                else { continue }
                let q =
                    pieces.dropFirst().compactMap { p -> Double? in
                        let kv = p.trimmingWhiteSpaceASCII()
                        guard kv.lowercased().hasPrefix("q=") else { return nil }
                        return Double(kv.dropFirst(2))
                    }.first ?? 1
                if name == "gzip" { gzip = max(gzip ?? 0, q) } else { any = max(any ?? 0, q) }
            }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// A compression slot, or nil when all are taken.
    private func takeSlot() -> CompressionSlot? {
        let taken = compressing.withLock { n in
            guard n < maxCompressing else { return false }
            n += 1
            return true
        }
        return taken ? CompressionSlot(owner: self) : nil
    }

    fileprivate func releaseSlot() { compressing.withLock { $0 -= 1 } }
}

/// One answer's turn to be compressed, given back when the last reference to it goes.
private final class CompressionSlot: Sendable {
    let owner: AnswerDelivery
    init(owner: AnswerDelivery) { self.owner = owner }
    deinit { owner.releaseSlot() }
}

/// Compresses what a body writes into one gzip member, passing each part on (flushed, so a streamed answer
/// reaches the client as it is produced). The last part is held back until `finish`, so that the member is
/// closed with real input.
private struct GzipBodyWriter: ResponseBodyWriter {
    /// The zlib stream, used by one part at a time (each awaited before the next), on whichever thread runs it.
    final class Stream: @unchecked Sendable {
        let compressor: ZlibCompressor
        init(level: Int32) throws {
            compressor = try ZlibCompressor(
                algorithm: .gzip,
                configuration: ZlibConfiguration(windowSize: 15, compressionLevel: level, memoryLevel: 8))
        }

        func deflate(_ input: ByteBuffer, finish: Bool) throws -> ByteBuffer {
            var input = input
            var out = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input) + 64)
            try compressor.deflate(from: &input, to: &out, flush: finish ? .finish : .sync)
            return out
        }
    }

    static let offloadBytes = 16 << 10

    var base: any ResponseBodyWriter
    let stream: Stream
    let bulk: NIOThreadPool
    var pending: ByteBuffer?

    init(base: any ResponseBodyWriter, level: Int32, bulk: NIOThreadPool) throws {
        self.base = base
        stream = try Stream(level: level)
        self.bulk = bulk
    }

    private func deflate(_ input: ByteBuffer, finish: Bool) async throws -> ByteBuffer {
        guard input.readableBytes >= Self.offloadBytes else { return try stream.deflate(input, finish: finish) }
        let stream = self.stream
        return try await bulk.run(nice: ThreadNice.bulk) { try stream.deflate(input, finish: finish) }
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        guard buffer.readableBytes > 0 else { return }
        if let previous = pending { try await base.write(try await deflate(previous, finish: false)) }
        pending = buffer
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        // With nothing written, the member is closed on an empty buffer that still has storage (zlib needs an
        // address even for no input).
        let last = pending ?? ByteBufferAllocator().buffer(capacity: 1)
        try await base.write(try await deflate(last, finish: true))
        try await base.finish(trailingHeaders)
    }
}

/// Counts the bytes a body writes (HEAD of an answer of unknown length).
final class ByteCounter: @unchecked Sendable {
    var total = 0
}

private struct CountingBodyWriter: ResponseBodyWriter {
    let counter: ByteCounter

    mutating func write(_ buffer: ByteBuffer) async throws { counter.total += buffer.readableBytes }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional white space).
    func trimmingWhiteSpaceASCII() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
