/// A URL query string, both ways: the server reads one into name/value pairs (`parse`), the client writes one
/// (`encode`), so that what one writes the other reads back.
///
/// Reading: split at '&' and the first '=', '+' read as a space (as HTML forms and `URLSearchParams` write it),
/// %XX decoded in names and values alike; empty pieces ("a=1&&b=2") skipped. Writing: every byte of UTF-8 but
/// RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~) as %XX (so '+' and ' ' are never ambiguous).
public enum QueryString {
    /// - Throws: `ProtocolError.wrongType` naming the parameter whose percent-encoding or UTF-8 is broken.
    public static func parse(_ query: String?) throws(ProtocolError) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        var out: [(name: String, value: String)] = []
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let eq = piece.firstIndex(of: UInt8(ascii: "="))
            let rawName = eq.map { piece[piece.startIndex..<$0] } ?? piece[...]
            let rawValue = eq.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            guard let name = decode(rawName) else {
                throw .wrongType(
                    field: String(decoding: rawName, as: UTF8.self), expected: "a percent-encoded UTF-8 name",
                    got: "broken encoding")
            }
            guard let value = decode(rawValue) else {
                throw .wrongType(field: name, expected: "a percent-encoded UTF-8 value", got: "broken encoding")
            }
            out.append((name, value))
        }
        return out
    }

    /// `name=value` pairs joined by '&', each percent-encoded (without the leading '?'; "" for no pairs).
    public static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes a name or value (RFC 3986 unreserved characters stay as they are).
    public static func percentEncoded(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(b >> 4)])
                out.unicodeScalars.append(hex[Int(b & 15)])
            }
        }
        return out
    }

    private static func decode(_ bytes: Substring.UTF8View.SubSequence) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: "+") {
                out.append(0x20)
            } else if c == UInt8(ascii: "%") {
                let a = bytes.index(after: i)
                guard a < bytes.endIndex else { return nil }
                let b = bytes.index(after: a)
                guard b < bytes.endIndex, let h = hex(bytes[a]), let l = hex(bytes[b]) else { return nil }
                out.append(h << 4 | l)
                i = b
            } else {
                out.append(c)
            }
            i = bytes.index(after: i)
        }
        return String(validating: out, as: UTF8.self)
    }
}
