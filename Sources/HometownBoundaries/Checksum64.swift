/// A fast 64-bit checksum over bytes (four independent multiply-rotate lanes, 8 bytes per step each),
/// used to detect corrupted or partly written data files. Not cryptographic.
public enum Checksum64 {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always) private static func mix(_ acc: UInt64, _ word: UInt64) -> UInt64 {
        let v = acc &+ word &* p2
        return ((v << 31) | (v >> 33)) &* p1
    }

    /// The checksum of `bytes`.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let n = bytes.count
        var a: UInt64 = p1 &+ p2
        var b: UInt64 = p2
        var c: UInt64 = 0
        var d: UInt64 = 0 &- p1
        var i = 0
        if let base = bytes.baseAddress {
            while i + 32 <= n {
                a = mix(a, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = mix(b, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = mix(c, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = mix(d, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
        }
        var h = ((a << 1) | (a >> 63)) &+ ((b << 7) | (b >> 57)) &+ ((c << 12) | (c >> 52)) &+ ((d << 18) | (d >> 46))
        h = (h ^ UInt64(n)) &* p3
        while i < n {
            h = mix(h, UInt64(bytes[i]) &+ 1)
            i += 1
        }
        h ^= h >> 29
        h = h &* p3
        h ^= h >> 32
        return h
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { hash($0) } }
}
