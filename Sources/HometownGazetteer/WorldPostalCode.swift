/// The postal codes of the countries beyond the US, Canada and India (sections WPCODES and WPCTRY): how a code
/// is normalised, packed into a number and written back, shared by the gazetteer builder and the reader.
///
/// A code is kept as its letters and digits, upper case, without spaces or dashes ("100-0001" is `1000001`,
/// "lv-1050" is `LV1050`), at most `maxCharacters` of them. Each character takes 6 bits (digits 1-10, letters
/// 11-36, 0 after the last), the first in the highest, so that packed codes sort as their text does and codes of
/// different lengths never collide.
public enum WorldPostalCode {
    /// The most characters a normalised code has (Brazil's eight digits).
    public static let maxCharacters = 8
    /// Bits a packed code takes.
    static let bits = 6 * maxCharacters

    /// `text` as a code is stored: its ASCII letters (upper case) and digits, spaces and dashes left out; nil when
    /// it holds anything else, no digit, or more than `maxCharacters` letters and digits.
    public static func normalized(_ text: Substring) -> String? {
        var out: [UInt8] = []
        var digit = false
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digit = true
                out.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(b)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): out.append(b - 32)
            case UInt8(ascii: " "), UInt8(ascii: "-"): continue
            default: return nil
            }
            if out.count > maxCharacters { return nil }
        }
        return digit && !out.isEmpty ? String(decoding: out, as: UTF8.self) : nil
    }

    /// The number `normalized` (a result of `normalized(_:)`) is stored under, below 2^48.
    public static func packed(_ normalized: String) -> UInt64 {
        var v: UInt64 = 0
        var n = 0
        for b in normalized.utf8.prefix(maxCharacters) {
            let c: UInt64 =
                b <= UInt8(ascii: "9") ? UInt64(b - UInt8(ascii: "0") + 1) : UInt64(b - UInt8(ascii: "A") + 11)
            v = v << 6 | c
            n += 1
        }
        return v << UInt64(6 * (maxCharacters - n))
    }

    /// The normalised text of packed code `v`.
    public static func unpacked(_ v: UInt64) -> String {
        var out: [UInt8] = []
        for k in stride(from: bits - 6, through: 0, by: -6) {
            let c = UInt8((v >> UInt64(k)) & 63)
            if c == 0 { break }
            out.append(c <= 10 ? UInt8(ascii: "0") + c - 1 : UInt8(ascii: "A") + c - 11)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `normalized` written as people write the country's codes: `shape` is the country's usual form ("999-9999"
    /// for Japan, "99 999"; 9 a digit, a a letter, anything else a separator); a code with as many letters and
    /// digits as the shape has places takes its separators, any other is written as it is.
    public static func written(_ normalized: String, shape: String) -> String {
        let places = shape.filter { $0 == "9" || $0 == "a" }.count
        guard places == normalized.count, places < shape.count else { return normalized }
        var chars = normalized.makeIterator()
        var out = ""
        for s in shape {
            if s == "9" || s == "a" { out.append(chars.next() ?? " ") } else { out.append(s) }
        }
        return out
    }

    /// The shape of `text` ("1000-001" is "9999-999"): digits as 9, letters as a, anything else kept.
    public static func shape(of text: String) -> String {
        String(
            text.map { c -> Character in
                if c.isASCII, c.isNumber { return "9" }
                if c.isASCII, c.isLetter { return "a" }
                return c
            })
    }
}
