/// Counting one byte value in a buffer eight bytes at a time (the batch readers count line feeds in every block
/// they read, so this runs over all of a batch's input).
public enum ByteCount {
    /// How many bytes of `bytes` equal `value`.
    @inlinable
    public static func count(_ value: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var total = 0
        var i = 0
        while i + 8 <= n {
            total &+= matches(base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern)
            i += 8
        }
        while i < n {
            if base.load(fromByteOffset: i, as: UInt8.self) == value { total &+= 1 }
            i += 1
        }
        return total
    }

    /// How many bytes of `bytes` equal `value`.
    @inlinable
    public static func count(_ value: UInt8, in bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { count(value, in: $0) }
    }

    /// The number of zero bytes in `word`.
    @inlinable @inline(__always)
    static func matches(_ word: UInt64) -> Int { zeroBytes(word).nonzeroBitCount }

    /// The top bit of each byte of `word` that is zero, and no other bit: the top bit of a byte of the result is
    /// set exactly when that byte of `word` is zero (adding 0x7F carries into the top bit for any nonzero low seven
    /// bits; or-ing `word` adds a set top bit), so no byte's carry reaches the next. For a byte value `v`,
    /// `zeroBytes(word ^ (v * 0x0101_0101_0101_0101))` marks the bytes equal to `v` (the lowest byte first, as
    /// loaded little-endian).
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }
}
