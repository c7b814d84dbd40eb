/// A strict RFC 8259 JSON reader for `JSONValue`, several times faster than going through `JSONDecoder` (which
/// tries each kind of value in turn and throws for every miss): batch commands read a JSON object per line.
///
/// Numbers are Doubles; strings may hold any Unicode (escapes, surrogate pairs) and must be UTF-8 (bytes that are
/// not are refused, not replaced); a duplicate key keeps its first value (RFC 8259 leaves it open; Foundation's
/// JSONSerialization on Linux keeps the last). Whitespace may surround the value, nothing else; a UTF-8 byte
/// order mark at the
/// start is skipped (RFC 8259 section 8.1). Nesting deeper than `maxDepth` is refused rather than
/// risking the stack. Errors name the byte offset and what was expected there.
struct JSONParser {
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// When set, the members of the top-level object are recorded here in the order written, duplicates
    /// included, each with the exact text of its value (`JSONValue.parseMembers`).
    var topMembers: [JSONMember]?

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ what: String) -> CoreError { Self.malformed(bytes, at: i, what) }

    /// `CoreError.malformedJSON` at offset `i` of `bytes`, with its line and column (counted only on failure).
    static func malformed(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ what: String) -> CoreError {
        let end = min(max(i, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for k in 0..<end where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        // A code point starts at every byte but a UTF-8 continuation byte (10xxxxxx).
        let column = 1 + bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 }
        return .malformedJSON(offset: i, line: line, column: column, reason: what)
    }

    mutating func document() throws(CoreError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        let v = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected text after the value") }
        return v
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) throws(CoreError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw fail("a value was expected, the text ended") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try word("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try word("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try word("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("a value was expected (object, array, string, number, true, false or null)")
        }
    }

    mutating func word(_ w: StaticString) throws(CoreError) {
        let n = w.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("\(w) was expected") }
        for k in 0..<n where bytes[i + k] != w.utf8Start[k] { throw fail("\(w) was expected") }
        i += n
    }

    mutating func object(depth: Int) throws(CoreError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw fail("nested more than \(JSONParser.maxDepth) deep") }
        i += 1
        var members: [String: JSONValue] = [:]
        guard try nextItem(until: UInt8(ascii: "}"), first: true) else { return .object(members) }
        repeat {
            let key = try memberName { (p: inout JSONParser) throws(CoreError) in try p.string() }
            skipSpace()
            let start = i
            let v = try value(depth: depth)
            if members[key] == nil { members[key] = v }
            if depth == 1, topMembers != nil {
                topMembers!.append(
                    JSONMember(
                        key: key, value: v,
                        text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)))
            }
        } while try nextItem(until: UInt8(ascii: "}"), first: false)
        return .object(members)
    }

    mutating func array(depth: Int) throws(CoreError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw fail("nested more than \(JSONParser.maxDepth) deep") }
        i += 1
        var items: [JSONValue] = []
        guard try nextItem(until: UInt8(ascii: "]"), first: true) else { return .array(items) }
        repeat {
            items.append(try value(depth: depth))
        } while try nextItem(until: UInt8(ascii: "]"), first: false)
        return .array(items)
    }

    /// Where an object's member or an array's element may follow: just after the opening bracket (`first`) or
    /// after an item. Reads the closing `close` (`}` or `]`) and returns false, or reads the `,` before the next
    /// item (nothing when `first`) and returns true, leaving the reader at that item (or the space before it).
    /// - Throws: `CoreError.malformedJSON` when the text ends there or holds anything else.
    @inline(__always)
    mutating func nextItem(until close: UInt8, first: Bool) throws(CoreError) -> Bool {
        skipSpace()
        guard i < bytes.count else {
            let item = close == UInt8(ascii: "}") ? "a member" : "an element"
            throw fail("\(first ? item : "','") or '\(Character(Unicode.Scalar(close)))' was expected, the text ended")
        }
        if bytes[i] == close {
            i += 1
            return false
        }
        if first { return true }
        guard bytes[i] == UInt8(ascii: ",") else {
            throw fail("',' or '\(Character(Unicode.Scalar(close)))' was expected")
        }
        i += 1
        return true
    }

    /// Where an object's member begins (after `nextItem`): its name, read by `readName` from the opening quote,
    /// and the `:` after it, leaving the reader just past the `:`.
    /// - Throws: `CoreError.malformedJSON` when no name in double quotes or no `:` after it stands there.
    @inline(__always)
    mutating func memberName<Name>(_ readName: (inout JSONParser) throws(CoreError) -> Name) throws(CoreError)
        -> Name
    {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            throw fail("a member name in double quotes was expected")
        }
        let name = try readName(&self)
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw fail("':' was expected after a member name")
        }
        i += 1
        return name
    }

    /// A string from its opening quote; the text between quotes is taken as it is when it has no escapes.
    mutating func string() throws(CoreError) -> String {
        i += 1
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                guard let s = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self) else {
                    throw notUTF8(from: start)
                }
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("a control character must be escaped inside a string") }
            i += 1
        }
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                guard let s = String(validating: out, as: UTF8.self) else { throw notUTF8(from: start) }
                i += 1
                return s
            }
            if b < 0x20 { throw fail("a control character must be escaped inside a string") }
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { break }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("a high surrogate \\u escape must be followed by a low one")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw fail("a high surrogate \\u escape must be followed by a low one")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("a low surrogate \\u escape without a high one")
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default:
                i -= 1
                throw fail("unknown escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        throw fail("a string is not closed")
    }

    /// The error for a string (its text from `start`) holding bytes that are not UTF-8, at the first such byte:
    /// RFC 8259 section 8.1 asks for UTF-8, and replacing the bytes (U+FFFD) would store other text than was sent.
    mutating func notUTF8(from start: Int) -> CoreError {
        var k = start
        while k < i {
            let b = bytes[k]
            let n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            if b >= 0x80,
                k + n > i
                    || String(validating: UnsafeBufferPointer(rebasing: bytes[k..<(k + n)]), as: UTF8.self) == nil
            {
                break
            }
            k += n
        }
        i = k
        return fail("a string holds bytes that are not UTF-8")
    }

    mutating func hex4() throws(CoreError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("four hex digits were expected after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("four hex digits were expected after \\u")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// A number by the JSON grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(CoreError) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else {
            throw fail("a digit was expected")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                throw fail("a number may not start with 0")
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a digit was expected after the decimal point") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("a digit was expected in the exponent") }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
        guard let v = DecimalText.double(text) else {
            i = start
            throw fail("the number \(String(decoding: text, as: UTF8.self)) is out of range")
        }
        return v
    }
}

/// A member of a JSON object: its name, its value, and the value's text exactly as written.
public struct JSONMember: Hashable, Sendable {
    public let key: String
    public let value: JSONValue
    public let text: String
}

extension JSONValue {
    /// Parses one JSON text (RFC 8259). - Throws: `CoreError.malformedJSON` with the byte offset and the reason.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(CoreError) -> JSONValue {
        // Contiguous input (an array, a slice of one, Data) is read in place; anything else is copied first.
        let result = bytes.withContiguousStorageIfAvailable(document) ?? Array(bytes).withUnsafeBufferPointer(document)
        return try result.get()
    }

    private static func document(_ b: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, CoreError> {
        var p = JSONParser(b)
        do throws(CoreError) { return .success(try p.document()) } catch { return .failure(error) }
    }

    /// Parses one JSON text that must be an object, and returns its members in the order written, duplicates
    /// included, each with the exact text of its value: for readers that must tell `1985` from `1985.0`, `1e3`
    /// or `"1985"`. - Throws: `CoreError.malformedJSON` with the byte offset and the reason.
    public static func parseMembers(_ bytes: [UInt8]) throws(CoreError) -> [JSONMember] {
        let result = bytes.withUnsafeBufferPointer { b -> Result<[JSONMember], CoreError> in
            var p = JSONParser(b)
            p.topMembers = []
            do throws(CoreError) {
                guard case .object = try p.document() else {
                    return .failure(JSONParser.malformed(b, at: 0, "a JSON object was expected"))
                }
                return .success(p.topMembers ?? [])
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Compact JSON text with object keys sorted (the form `JSONEncoder` gives with `.sortedKeys` and
    /// `.withoutEscapingSlashes`): whole numbers without a fraction, other numbers in their shortest round-trip
    /// form, non-finite numbers as null.
    public var compactText: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSONWriter.number(d)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let a):
            out += "["
            for (k, v) in a.enumerated() {
                if k > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            // Keys in the order of their UTF-8 bytes, as Foundation sorts them (not Swift's normalising `<`).
            for (k, key) in o.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if k > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                o[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped, everything else as it is.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, to: &out)
        return out
    }

    static func writeString(_ s: String, to out: inout String) { JSONWriter.appendString(s, to: &out) }
}
