import CompressNIO
import Foundation
import HometownBoundaries
import NIOCore

/// One file served from the public folder or Leaflet's, read at start-up: its bytes, type, entity tag, cache
/// header and, when one lay beside it, its precompressed gzip form.
struct PublicFile: Sendable {
    /// The bytes as stored.
    let bytes: ByteBuffer
    /// The `Content-Type`.
    let type: String
    /// The entity tag: a checksum of the bytes (`Checksum64`, in hexadecimal), so that it names the content and
    /// survives restarts; the gzip form's ends in `-gzip` (`AnswerDelivery.gzipForm(of:)`).
    let tag: String
    /// The `Cache-Control` value.
    let cacheControl: String
    /// The gzip form read from `NAME.gz` beside the file (Debian ships Leaflet's so), kept only when it inflates
    /// to exactly `bytes`; nil when there was none (the form is then made on first use, `PublicFiles.gzipped`).
    let precompressed: ByteBuffer?

    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - type: its `Content-Type`.
    ///   - cacheControl: its `Cache-Control`.
    ///   - gzipBeside: the content of `NAME.gz` beside it, if there is one.
    init(bytes: [UInt8], type: String, cacheControl: String, gzipBeside: [UInt8]?) {
        self.bytes = ByteBuffer(bytes: bytes)
        self.type = type
        self.cacheControl = cacheControl
        let sum = bytes.withUnsafeBytes { Checksum64.hash($0) }
        tag = "\"" + String(sum, radix: 16) + "\""
        precompressed = gzipBeside.flatMap { PublicFile.checkedGzip($0, of: bytes) }
    }

    /// Whether a gzip form is worth sending: a type that shrinks (`AnswerDelivery.compressible`), of at least
    /// `AnswerDelivery.minimumGzipBytes`.
    var isCompressible: Bool {
        bytes.readableBytes >= AnswerDelivery.minimumGzipBytes && AnswerDelivery.compressible(type)
    }

    /// `gzip` when it inflates to exactly `plain` (one member, nothing after it), else nil: a stale or damaged
    /// `.gz` is never served in place of the file.
    static func checkedGzip(_ gzip: [UInt8], of plain: [UInt8]) -> ByteBuffer? {
        var input = ByteBuffer(bytes: gzip)
        // One byte more than the file: a .gz that inflates to more overflows the buffer and is refused.
        var inflated = ByteBufferAllocator().buffer(capacity: plain.count + 1)
        do { try input.decompress(to: &inflated, with: .gzip) } catch { return nil }
        guard input.readableBytes == 0, inflated.readableBytes == plain.count else { return nil }
        let same = inflated.withUnsafeReadableBytes { a in
            plain.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        return same ? ByteBuffer(bytes: gzip) : nil
    }

    /// The gzip form of `bytes`, at zlib's best compression (made once per file, then kept).
    static func compress(_ bytes: ByteBuffer) throws -> ByteBuffer {
        var input = bytes
        return try input.compress(
            with: .gzip, configuration: ZlibConfiguration(windowSize: 15, compressionLevel: 9, memoryLevel: 8))
    }
}
