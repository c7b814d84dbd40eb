#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks one JSON text in order without building the whole tree: enter an object and read its member names
/// one by one, enter an array and step through its elements, and read or skip each value as it comes. For
/// readers of large documents (a GeoJSON FeatureCollection of a million points) that only want some members.
///
/// The same strict grammar and errors as `JSONValue.parse` (`CoreError.malformedJSON` with the byte offset).
/// Use it through `JSONCursor.read(_:_:)`, which keeps the bytes alive while the cursor walks them:
/// ```
/// try JSONCursor.read(bytes) { c in
///     try c.enterObject()
///     while let name = try c.nextMember() { if name == "type" { ... } else { try c.skipValue() } }
///     try c.end()
/// }
/// ```
public struct JSONCursor {
    private var parser: JSONParser
    /// Just after a `{` or `[`: the next member or element needs no comma before it.
    private var afterOpen = false
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.i = 3 }
    }

    /// Runs `body` with a cursor at the start of `bytes` (a UTF-8 byte order mark is skipped).
    public static func read<R>(_ bytes: some Sequence<UInt8>, _ body: (inout JSONCursor) throws -> R) throws -> R {
        let result: Result<R, Error>? = bytes.withContiguousStorageIfAvailable { b in
            var c = JSONCursor(b)
            return Result { try body(&c) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { b in
            var c = JSONCursor(b)
            return try body(&c)
        }
    }

    /// Runs `body` with a cursor at byte `offset` of `bytes`, as if it had just entered `depth` containers and
    /// read the opening bracket of the innermost (so that no comma is expected first): for reading the second
    /// part of a long array on another thread, from an element start another reader confirms.
    public static func read<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, resumingAt offset: Int, depth: Int,
        _ body: (inout JSONCursor) throws -> R
    ) throws -> R {
        var c = JSONCursor(bytes)
        c.parser.i = offset
        c.depth = depth
        c.afterOpen = true
        return try body(&c)
    }

    /// Byte offset of the next unread byte.
    public var offset: Int { parser.i }

    /// The kind of the next value, by its first byte, without reading it (nil at the end of the text).
    public mutating func peek() -> UInt8? {
        parser.skipSpace()
        return parser.i < parser.bytes.count ? parser.bytes[parser.i] : nil
    }

    /// Reads `{`. - Throws: when the next value is not an object.
    public mutating func enterObject() throws(CoreError) {
        parser.skipSpace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "{") else {
            throw parser.fail("'{' was expected")
        }
        try open()
    }

    /// Reads `[`. - Throws: when the next value is not an array.
    public mutating func enterArray() throws(CoreError) {
        parser.skipSpace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "[") else {
            throw parser.fail("'[' was expected")
        }
        try open()
    }

    private mutating func open() throws(CoreError) {
        depth += 1
        guard depth <= JSONParser.maxDepth else { throw parser.fail("nested more than \(JSONParser.maxDepth) deep") }
        parser.i += 1
        afterOpen = true
    }

    /// The name of the next member of the object being read, with its `:` read, or nil (with the closing `}`
    /// read) when the object has no more members. Read or skip the member's value before calling it again.
    public mutating func nextMember() throws(CoreError) -> String? {
        try nextName { (p: inout JSONParser) throws(CoreError) in try p.string() }
    }

    /// The next member's name as its index in `names` (or `names.count` for any other name), with its `:` read;
    /// nil (with the closing `}` read) when the object has no more members. Names are compared byte for byte;
    /// ASCII names without escapes without making a String.
    public mutating func nextMember(among names: [StaticString]) throws(CoreError) -> Int? {
        try nextName { (p: inout JSONParser) throws(CoreError) in try JSONCursor.stringIndex(&p, among: names) }
    }

    /// The separator and the name of the next member (read by `readName` from its opening quote) and its `:`
    /// (`JSONParser.memberName`).
    private mutating func nextName<Name>(_ readName: (inout JSONParser) throws(CoreError) -> Name) throws(CoreError)
        -> Name?
    {
        guard try nextItem(until: UInt8(ascii: "}")) else { return nil }
        return try parser.memberName(readName)
    }

    /// When the next value is a string: its index in `names` (or `names.count` for any other text), read;
    /// nil (nothing read) otherwise. Strings without escapes are compared as bytes, without making a String.
    public mutating func string(among names: [StaticString]) throws(CoreError) -> Int? {
        parser.skipSpace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        let index = try JSONCursor.stringIndex(&parser, among: names)
        afterOpen = false
        return index
    }

    /// Reads the string at the parser's position (its opening quote) and finds it in `names`.
    private static func stringIndex(_ parser: inout JSONParser, among names: [StaticString]) throws(CoreError) -> Int {
        let start = parser.i + 1
        var end = start
        let bytes = parser.bytes
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20,
            bytes[end] < 0x80
        { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            parser.i = end + 1
            let length = end - start
            for (k, name) in names.enumerated() where name.utf8CodeUnitCount == length {
                if length == 0 || memcmp(bytes.baseAddress! + start, name.utf8Start, length) == 0 { return k }
            }
            return names.count
        }
        // Escapes, bytes beyond ASCII (checked as UTF-8) or a fault: the full reader decodes (or reports) it. The
        // text is compared byte for byte, as above (not by Swift's canonical equivalence, which would take a
        // decomposed "e\u0301" for a name spelled "\u00e9").
        let text = try parser.string()
        return names.firstIndex { $0.description.utf8.elementsEqual(text.utf8) } ?? names.count
    }

    /// True when the array being read has another element (its `,` read), false (with the closing `]` read)
    /// at its end. Read or skip the element before calling it again.
    public mutating func nextElement() throws(CoreError) -> Bool {
        try nextItem(until: UInt8(ascii: "]"))
    }

    /// The separator before the next member or element of the container being read (`JSONParser.nextItem`): false,
    /// with the closing `close` read and the container left, at its end.
    @inline(__always)
    private mutating func nextItem(until close: UInt8) throws(CoreError) -> Bool {
        let more = try parser.nextItem(until: close, first: afterOpen)
        afterOpen = false
        if !more { depth -= 1 }
        return more
    }

    /// Reads the next value whole.
    public mutating func value() throws(CoreError) -> JSONValue {
        let v = try parser.value(depth: depth)
        afterOpen = false
        return v
    }

    /// Reads the next value when it is a number, without making a `JSONValue`; nil (nothing read) otherwise.
    public mutating func number() throws(CoreError) -> Double? {
        parser.skipSpace()
        guard parser.i < parser.bytes.count else { throw parser.fail("a value was expected, the text ended") }
        let b = parser.bytes[parser.i]
        guard b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) else { return nil }
        let v = try parser.number()
        afterOpen = false
        return v
    }

    /// Reads the next value when it is a string; nil (nothing read) otherwise.
    public mutating func string() throws(CoreError) -> String? {
        parser.skipSpace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        let s = try parser.string()
        afterOpen = false
        return s
    }

    /// Reads the next value when it is `null` and returns true; false (nothing read) otherwise.
    public mutating func null() throws(CoreError) -> Bool {
        parser.skipSpace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "n") else { return false }
        try parser.word("null")
        afterOpen = false
        return true
    }

    /// Reads the next value, checking its grammar, and drops it.
    public mutating func skipValue() throws(CoreError) { _ = try value() }

    /// A position of the cursor to come back to (`rewind(to:)`).
    public struct Mark: Sendable {
        fileprivate let offset: Int
        fileprivate let afterOpen: Bool
        fileprivate let depth: Int
    }

    /// The cursor's position now.
    public var mark: Mark { Mark(offset: parser.i, afterOpen: afterOpen, depth: depth) }

    /// Moves back to a position taken earlier, to read the same text again another way.
    public mutating func rewind(to mark: Mark) {
        parser.i = mark.offset
        afterOpen = mark.afterOpen
        depth = mark.depth
    }

    /// Checks that only whitespace follows. - Throws: when anything else does.
    public mutating func end() throws(CoreError) {
        parser.skipSpace()
        guard parser.i == parser.bytes.count else { throw parser.fail("unexpected text after the value") }
    }

    /// An error at the cursor's position, for callers that find the text valid JSON but not what they expect.
    public func failure(_ reason: String) -> CoreError { parser.fail(reason) }
}
