/// Choices a fuzz target takes from its input (chunk sizes, modes), reproducibly: a SplitMix64 stream seeded by
/// an FNV-1a hash of the bytes, so that the same input always makes the same choices and a small mutation
/// usually changes them.
struct FuzzBytes {
    private var state: UInt64

    /// A stream of choices for `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        state = h
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// Cuts `count` bytes into consecutive pieces of 0 to `maxPiece` bytes (empty pieces included, as a
    /// stream may deliver them), in order.
    mutating func pieces(of count: Int, maxPiece: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        while start < count {
            let n = min(count - start, int(in: 0...maxPiece))
            out.append(start..<(start + n))
            start += n
        }
        return out
    }
}
