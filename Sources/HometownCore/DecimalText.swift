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
    /// 10^0 ... 10^22, each exactly representable as a Double.
    private static let exactPowers: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    #if arch(x86_64)
        /// 10^0 ... 10^27, each exactly representable in Float80 (5^27 < 2^64).
        private static let extendedPowers: [Float80] = (0...27).map { k in
            var p: Float80 = 1
            for _ in 0..<k { p *= 10 }
            return p
        }
    #endif

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
        if significant <= 19 {
            if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
                let m = Double(mantissa)
                let v = exponent < 0 ? m / exactPowers[-exponent] : m * exactPowers[exponent]
                return negative ? -v : v
            }
            #if arch(x86_64)
                if exponent >= -27, exponent <= 27 {
                    let m = Float80(mantissa)
                    let v = exponent < 0 ? m / extendedPowers[-exponent] : m * extendedPowers[exponent]
                    // The 11 bits a Double drops: exactly half of its last place means a tie to settle exactly.
                    if v.significandBitPattern & 0x7FF != 0x400 {
                        let d = Double(v)
                        return negative ? -d : d
                    }
                }
            #endif
        }
        guard let v = Double(String(decoding: text, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    @inline(__always)
    private static func digit(_ b: UInt8) -> UInt8? {
        let d = b &- UInt8(ascii: "0")
        return d < 10 ? d : nil
    }
}
