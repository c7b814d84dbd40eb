/// The pieces of one leaf record (see `LeafLayout`), read with every count and offset checked against the
/// stream, so that a damaged file gives wrong answers at worst, never a read out of bounds or a trap.
struct LeafPieces: IteratorProtocol {
    /// One state piece: its box and where its rings lie in the stream.
    struct Piece {
        let state: Int
        let minX: Double, minY: Double, maxX: Double, maxY: Double
        let rings: Int
        /// Offset of the first ring's `vertexCount`; `end` is one past the last ring.
        let start: Int, end: Int
    }

    let data: UnsafeBufferPointer<Double>
    var remaining: Int
    var p: Int

    @inline(__always)
    init(data: UnsafeBufferPointer<Double>, offset: Int) {
        self.data = data
        p = offset + 1
        remaining = offset < data.count ? LeafPieces.count(data[offset], below: 1 << 20) ?? 0 : 0
    }

    /// `v` as a whole number in 0..<limit, or nil (NaN, negative, fractional or too large).
    @inline(__always)
    static func count(_ v: Double, below limit: Int) -> Int? {
        guard v >= 0, v < Double(limit) else { return nil }
        let i = Int(v)
        return Double(i) == v ? i : nil
    }

    @inline(__always)
    mutating func next() -> Piece? {
        guard remaining > 0, p + LeafLayout.pieceHeader <= data.count,
            let state = LeafPieces.count(data[p], below: Int(CellCode.payloadMask)),
            let rings = LeafPieces.count(data[p + 1], below: 1 << 24),
            let length = LeafPieces.count(data[p + 2], below: data.count - p + 1),
            length >= LeafLayout.pieceHeader
        else {
            remaining = 0
            return nil
        }
        remaining -= 1
        let piece = Piece(
            state: state, minX: data[p + 3], minY: data[p + 4], maxX: data[p + 5], maxY: data[p + 6],
            rings: rings, start: p + LeafLayout.pieceHeader, end: p + length)
        p += length
        return piece
    }

    /// The rings of `piece`: for each, the offset of its first x and its vertex count (at least 2, all inside
    /// the piece).
    struct Rings: IteratorProtocol {
        let data: UnsafeBufferPointer<Double>
        var r: Int
        let end: Int
        var remaining: Int

        @inline(__always)
        init(data: UnsafeBufferPointer<Double>, piece: Piece) {
            self.data = data
            r = piece.start
            end = piece.end
            remaining = piece.rings
        }

        @inline(__always)
        mutating func next() -> (first: Int, count: Int)? {
            // A ring takes 1 + 2n numbers, all before `end`: n <= (end - r - 1) / 2.
            guard remaining > 0, r < end, let n = LeafPieces.count(data[r], below: (end - r - 1) / 2 + 1), n >= 2 else {
                return nil
            }
            remaining -= 1
            let first = r + 1
            r = first + 2 * n
            return (first, n)
        }
    }
}
