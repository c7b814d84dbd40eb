/// A JSON object read strictly (RFC 8259) with each member's value kept in the form it was written, so that a
/// year of `1985.0`, `1e3` or `"1985"` can be told from `1985`. Nested arrays and objects are checked for
/// well-formedness but kept only by kind: no protocol field takes them.
public struct BodyObject: Sendable {
    /// A member's value.
    public enum Value: Equatable, Sendable {
        case string(String)
        /// The number exactly as written (e.g. "1985", "-93.29", "1e3").
        case number(String)
        case bool(Bool)
        case null
        case array
        case object

        /// The JSON kind, for messages ("a string", "a number", ...).
        public var kindDescription: String {
            switch self {
            case .string: return "a string"
            case .number(let t): return "the number \(t)"
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// Members in the order written.
    public let members: [(key: String, value: Value)]

    /// Reads `bytes` as one JSON object; white space may surround it, nothing else.
    /// - Throws: `ProtocolError.malformedBody` with the byte offset of the problem.
    public init(parsing bytes: [UInt8]) throws(ProtocolError) {
        var r = Reader(b: bytes)
        r.skipSpace()
        guard r.peek == UInt8(ascii: "{") else { throw r.fail("expected '{' (a JSON object)") }
        members = try r.object(keep: true)
        r.skipSpace()
        guard r.i == bytes.count else { throw r.fail("unexpected text after the object") }
    }

    private struct Reader {
        let b: [UInt8]
        var i = 0
        var depth = 0

        var peek: UInt8? { i < b.count ? b[i] : nil }

        func fail(_ what: String) -> ProtocolError { .malformedBody("\(what) at byte \(i)") }

        mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        }

        mutating func expect(_ c: UInt8, _ what: String) throws(ProtocolError) {
            guard peek == c else { throw fail("expected \(what)") }
            i += 1
        }

        mutating func object(keep: Bool) throws(ProtocolError) -> [(key: String, value: Value)] {
            depth += 1
            guard depth <= 64 else { throw fail("nesting deeper than 64") }
            i += 1
            var out: [(key: String, value: Value)] = []
            skipSpace()
            if peek == UInt8(ascii: "}") { i += 1; depth -= 1; return out }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"), "':' after a key")
                skipSpace()
                let v = try value()
                if keep { out.append((key, v)) }
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                depth -= 1
                return out
            }
        }

        mutating func array() throws(ProtocolError) {
            depth += 1
            guard depth <= 64 else { throw fail("nesting deeper than 64") }
            i += 1
            skipSpace()
            if peek == UInt8(ascii: "]") { i += 1; depth -= 1; return }
            while true {
                skipSpace()
                _ = try value()
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                depth -= 1
                return
            }
        }

        mutating func value() throws(ProtocolError) -> Value {
            guard let c = peek else { throw fail("expected a value") }
            switch c {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "{"): _ = try object(keep: false); return .object
            case UInt8(ascii: "["): try array(); return .array
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("expected a value")
            }
        }

        mutating func literal(_ word: String) throws(ProtocolError) {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, b[i..<(i + w.count)].elementsEqual(w) else { throw fail("expected a value") }
            i += w.count
        }

        mutating func number() throws(ProtocolError) -> String {
            let start = i
            func digits(_ r: inout Reader) -> Int {
                let s = r.i
                while let d = r.peek, d >= 0x30, d <= 0x39 { r.i += 1 }
                return r.i - s
            }
            if peek == UInt8(ascii: "-") { i += 1 }
            if peek == UInt8(ascii: "0") { i += 1 } else if digits(&self) == 0 { throw fail("expected a digit") }
            if peek == UInt8(ascii: ".") { i += 1; if digits(&self) == 0 { throw fail("expected a digit after '.'") } }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                i += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
                if digits(&self) == 0 { throw fail("expected a digit in the exponent") }
            }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        mutating func hex4() throws(ProtocolError) -> UInt32 {
            guard i + 4 <= b.count else { throw fail("expected four hex digits") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: throw fail("expected a hex digit")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }

        mutating func string() throws(ProtocolError) -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard let c = peek else { throw fail("unterminated string") }
                if c == UInt8(ascii: "\"") { i += 1; break }
                if c < 0x20 { throw fail("control character in a string (escape it)") }
                if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
                i += 1
                guard let e = peek else { throw fail("unterminated escape") }
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var u = try hex4()
                    if (0xD800..<0xDC00).contains(u) {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw fail("a high surrogate without its low surrogate")
                        }
                        i += 2
                        let lo = try hex4()
                        guard (0xDC00..<0xE000).contains(lo) else { throw fail("a high surrogate without its low surrogate") }
                        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(u) {
                        throw fail("a lone low surrogate")
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(u)!)).utf8)
                default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
            return s
        }
    }
}
