/// Reads decimal number text (the JSON number grammar, already checked by the caller) as the nearest Double,
/// the value `Double(String)` gives, without making a String for the common cases.
///
/// Paths, from fastest:
/// - at most 19 significant digits with a mantissa up to 2^53 and a power of ten up to 10^22: one exact
///   multiplication or division of two exactly represented doubles (a single rounding, so correctly rounded);
/// - on x86_64, at most 19 significant digits and a power of ten up to 10^27: the same in 80-bit extended
///   precision (64-bit mantissa, both operands exact), then rounded to Double. Rounding twice can only differ
///   from rounding once when the extended result lies exactly halfway between two doubles; that case, and
///   every other, goes to
/// - `Double(String)` (the C library's correctly rounded conversion).
enum DecimalText {
    /// 10^0 ... 10^22, each exactly representable as a Double (written out: a constant table the compiler can lay
    /// out statically).
    private static let exactPowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    #if arch(x86_64)
        /// 10^0 ... 10^27, each exactly representable in Float80 (5^27 < 2^64).
        private static let extendedPowers: [Float80] = (0...27).map { k in
            var p: Float80 = 1
            for _ in 0..<k { p *= 10 }
            return p
        }
    #endif

    /// The value of `text` when it has the form coordinates are most often written in, `-?digits(.digits)?` with
    /// at most 19 digits in all, and one of the fast paths above applies: what `double(_:)` gives, in one pass
    /// that also checks the form. Nil for any other text, even a valid number.
    @inline(__always)
    static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        var i = 0
        let negative = n > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var point = -1
        while i < n {
            // Eight digits at once after the point (where most of a coordinate's digits are), while they fill
            // eight bytes and fit in the 19 digits allowed.
            if point >= 0, digits <= 11, i + 8 <= n, let base = text.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if let eight = eightDigits(word) {
                    mantissa = mantissa &* 100_000_000 &+ eight
                    digits += 8
                    i += 8
                    continue
                }
            }
            let b = text[i]
            let d = b &- UInt8(ascii: "0")
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
            } else if b == UInt8(ascii: "."), point < 0 {
                point = digits
            } else {
                return nil
            }
            i += 1
        }
        // A digit before and after the point; 19 digits cannot overflow 64 bits.
        guard digits > 0, digits <= 19, point != 0, point != digits else { return nil }
        guard let v = scaled(mantissa, point < 0 ? 0 : point - digits) else { return nil }
        return negative ? -v : v
    }

    /// The value of eight ASCII digits loaded little-endian (the first digit in the lowest byte), or nil when a
    /// byte is not a digit. Digit pairs, then fours, then the eight are combined by multiplications within the
    /// word (the SWAR method Daniel Lemire describes for fast_float and simdjson).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        // Each byte in 0x30...0x39: its high nibble is 3, and adding 6 keeps it 3.
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (word & high) | (((word &+ 0x0606_0606_0606_0606) & high) >> 4) == 0x3333_3333_3333_3333 else {
            return nil
        }
        var v = word &- 0x3030_3030_3030_3030
        v = (v &* 10) &+ (v >> 8)  // the even bytes hold two-digit values
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let low = (v & mask) &* (100 &+ (1_000_000 << 32))
        let next = ((v >> 16) & mask) &* (1 &+ (10_000 << 32))
        return ((low &+ next) >> 32) & 0xFFFF_FFFF
    }

    /// `mantissa` × 10^`exponent` correctly rounded, by the fast paths listed above (nil when neither applies).
    @inline(__always)
    private static func scaled(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            return exponent < 0 ? m / exactPowers[-exponent] : m * exactPowers[exponent]
        }
        #if arch(x86_64)
            if exponent >= -27, exponent <= 27 {
                let m = Float80(mantissa)
                let v = exponent < 0 ? m / extendedPowers[-exponent] : m * extendedPowers[exponent]
                // The 11 bits a Double drops: exactly half of its last place means a tie to settle exactly.
                if v.significandBitPattern & 0x7FF != 0x400 { return Double(v) }
            }
        #endif
        return nil
    }

    /// The Double nearest to the number written in `text` (`-?digits(.digits)?([eE][+-]?digits)?`), or nil when
    /// it is out of Double's range (as `Double(String)` gives infinity, callers refuse it).
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = text.count
        var negative = false
        if i < n, text[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var seenNonZero = false
        while i < n, let d = digit(text[i]) {
            if seenNonZero || d != 0 {
                seenNonZero = true
                if significant < 19 { mantissa = mantissa &* 10 &+ UInt64(d) } else { exponent += 1 }
                significant += 1
            }
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, let d = digit(text[i]) {
                if seenNonZero || d != 0 {
                    seenNonZero = true
                    if significant < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(d)
                        exponent -= 1
                    }
                    significant += 1
                } else {
                    exponent -= 1
                }
                i += 1
            }
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            var sign = 1
            if i < n, text[i] == UInt8(ascii: "+") {
                i += 1
            } else if i < n, text[i] == UInt8(ascii: "-") {
                sign = -1
                i += 1
            }
            var e = 0
            while i < n, let d = digit(text[i]) {
                if e < 100_000 { e = e * 10 + Int(d) }
                i += 1
            }
            exponent += sign * e
        }
        if !seenNonZero { return negative ? -0.0 : 0.0 }
        if significant <= 19, let v = scaled(mantissa, exponent) { return negative ? -v : v }
        guard let v = Double(String(decoding: text, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    @inline(__always)
    private static func digit(_ b: UInt8) -> UInt8? {
        let d = b &- UInt8(ascii: "0")
        return d < 10 ? d : nil
    }
}
