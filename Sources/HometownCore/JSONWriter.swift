/// The one writer of JSON text in Hometown: string literals and number text, as bytes or as a `String`.
/// `JSONValue.write`, the protocol's `UserJSON`, the CLI's JSON output and the client's request bodies all call it.
///
/// Strings are escaped per RFC 8259 section 7 the way `JSON.stringify` and Foundation's `JSONEncoder` do it: `"`
/// and `\` with a backslash, the five control characters that have a short form as `\b \f \n \r \t`, the other
/// C0 controls (U+0000-U+001F) as `\u00XX` in lower-case hex; everything else, `/` included, as UTF-8.
public enum JSONWriter {
    /// Appends `s` as a JSON string literal (with its quotes) to `out`.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: their bytes go in at once.
        if !s.utf8.contains(where: { escape($0) != nil }) {
            out.append(contentsOf: s.utf8)
        } else {
            for b in s.utf8 {
                if let escape = escape(b) {
                    out.append(contentsOf: escape.utf8)
                } else {
                    out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `s` as a JSON string literal (with its quotes) to `out`.
    public static func appendString(_ s: String, to out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { escape($0) != nil }) {
            out += s
        } else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(s.utf8.count + 8)
            for b in s.utf8 {
                if let escape = escape(b) { bytes.append(contentsOf: escape.utf8) } else { bytes.append(b) }
            }
            out += String(decoding: bytes, as: UTF8.self)
        }
        out += "\""
    }

    /// The escape of one byte of UTF-8, or nil when the byte stands for itself. Bytes of multi-byte characters
    /// (0x80 and above) always stand for themselves.
    static func escape(_ b: UInt8) -> String? {
        switch b {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0..<0x20:
            let hex = Array("0123456789abcdef")
            return "\\u00" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
        default: return nil
        }
    }

    /// A number as JSON text: non-finite as `null`; whole numbers below 9e15 in magnitude as integers ("0", not
    /// "0.0"); others in Swift's shortest round-trip form without a trailing ".0" (as Foundation writes them).
    /// - Parameter digits: when given, the value is first rounded to this many decimals.
    public static func number(_ value: Double, digits: Int? = nil) -> String {
        guard value.isFinite else { return "null" }
        var d = value
        if let digits {
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            d = (value * scale).rounded() / scale
        }
        if d.rounded() == d, abs(d) < 9.0e15 { return String(Int64(d)) }
        let text = d.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Appends `number(value)` to `out`.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        out.append(contentsOf: number(value).utf8)
    }

    /// A `Float` as JSON: its own shortest form ("0.1", not the `Double` widening's "0.10000000149011612"), without a
    /// trailing ".0", as Foundation's `JSONEncoder` writes it; `null` when not finite.
    public static func number(_ value: Float) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
