import CompressNIO
import NIOCore

/// One web map tile as it is sent: its JSON, and the gzip form of it, made once with the tile, when compressing
/// pays (`AnswerDelivery.minimumGzipBytes` or more). A tile kept with its gzip form is sent compressed at no cost
/// per request, so a burst of tiles never goes out uncompressed for want of a compression slot.
struct TileAnswer: Sendable {
    /// The tile's JSON.
    let plain: ByteBuffer
    /// Its gzip form; nil for a tile too small to gain from it.
    let gzip: ByteBuffer?

    /// Bytes held (the JSON, the gzip form and about 128 of bookkeeping), for cache budgets.
    var bytes: Int { plain.readableBytes + (gzip?.readableBytes ?? 0) + 128 }

    /// `plain` with a gzip form made at zlib `level` (1-9) when it has `AnswerDelivery.minimumGzipBytes` or more.
    init(plain: ByteBuffer, level: Int32 = 6) throws {
        self.plain = plain
        guard plain.readableBytes >= AnswerDelivery.minimumGzipBytes else {
            gzip = nil
            return
        }
        var input = plain
        gzip = try input.compress(
            with: .gzip, configuration: ZlibConfiguration(windowSize: 15, compressionLevel: level, memoryLevel: 8))
    }

    /// `plain` without a gzip form (`AnswerDelivery` may still compress it, as it does any answer).
    init(uncompressed plain: ByteBuffer) {
        self.plain = plain
        gzip = nil
    }

    /// A tile as `PreparedTilesFile` read it: its JSON and the gzip form it was stored in (which inflates to
    /// `plain`), kept when the tile is large enough to be sent compressed.
    init(plain: ByteBuffer, storedGzip: ByteBuffer) {
        self.plain = plain
        gzip = plain.readableBytes >= AnswerDelivery.minimumGzipBytes ? storedGzip : nil
    }
}
