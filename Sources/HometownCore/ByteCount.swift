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

    /// The number of zero bytes in `word`: the top bit of a byte of `t` is set exactly when that byte of `word`
    /// is zero (adding 0x7F carries into the top bit for any nonzero low seven bits; or-ing `word` adds a set
    /// top bit), so no byte's carry reaches the next.
    @inlinable @inline(__always)
    static func matches(_ word: UInt64) -> Int {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let t = ~(((word & low7) &+ low7) | word | low7)
        return t.nonzeroBitCount
    }
}
