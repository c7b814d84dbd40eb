import HometownCore

/// The `Encoder` behind `AnswerCoding.encode`: a value's own `encode(to:)` builds a small tree, which is then
/// written compactly with every object's keys in the order of their UTF-8 bytes, strings and numbers by Core's
/// `JSONWriter`. The text is Foundation's `JSONEncoder` text with `.sortedKeys` and `.withoutEscapingSlashes` for
/// the same value, but for negative zero, which `JSONWriter` writes `0` (not `-0`). A key encoded twice in one
/// object keeps its last value, as with `JSONEncoder`. Non-finite numbers throw `EncodingError.invalidValue`.
///
/// It exists for speed: the server writes a forward or reverse answer in a few microseconds, where `JSONEncoder`'s
/// generic machinery took most of the answer's time. It knows the standard library's scalars only (no `Date`,
/// `Data` or `URL` strategies): the protocol's answers have none.
enum AnswerEncoder {
    /// `value` as compact JSON text (UTF-8), keys sorted.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        // The answer written at every keystroke of a place box goes straight into bytes (the same text).
        if T.self == ForwardAnswer.self { return try encodeDirectly(unsafeBitCast(value, to: ForwardAnswer.self)) }
        return try encodeThroughTree(value)
    }

    /// `answer` as `ForwardAnswerWriter` writes it.
    static func encodeDirectly(_ answer: ForwardAnswer) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(768 * answer.results.count + 64)
        try ForwardAnswerWriter.write(answer, to: &out)
        return out
    }

    /// `value` through its own `encode(to:)` and the tree of nodes.
    static func encodeThroughTree<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = EncodingNode(parent: nil, key: nil)
        try root.encodeValue(value)
        var out: [UInt8] = []
        out.reserveCapacity(512)
        try root.value.write(to: &out, depth: 0)
        return out
    }

    /// Objects and arrays nested deeper than this are refused (as `JSONEncoder` refuses them).
    static let maximumDepth = 512
}

/// One JSON value under construction. Objects and arrays are boxes, so that a container handed out earlier keeps
/// writing into the value it belongs to.
enum EncodedValue {
    case null
    case bool(Bool)
    case string(String)
    case double(Double)
    case float(Float)
    case int(Int64)
    case uint(UInt64)
    case object(EncodedObject)
    case array(EncodedArray)
    /// A value written by an encoder handed out by `superEncoder()`; read when the tree is written.
    case deferred(EncodingNode)

    func write(to out: inout [UInt8], depth: Int) throws {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .string(let s): JSONWriter.appendString(s, to: &out)
        case .double(let d): JSONWriter.appendNumber(d, to: &out)
        case .float(let f): out.append(contentsOf: JSONWriter.number(f).utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .uint(let u): out.append(contentsOf: String(u).utf8)
        case .object(let o): try o.write(to: &out, depth: depth + 1)
        case .array(let a): try a.write(to: &out, depth: depth + 1)
        case .deferred(let node): try node.value.write(to: &out, depth: depth)
        }
    }
}

/// An object's members in the order they were encoded; sorted when written.
final class EncodedObject {
    var keys: [String] = []
    var values: [EncodedValue] = []

    func set(_ value: EncodedValue, for key: String) {
        keys.append(key)
        values.append(value)
    }

    func write(to out: inout [UInt8], depth: Int) throws {
        guard depth <= AnswerEncoder.maximumDepth else { throw AnswerEncoder.tooDeep }
        out.append(UInt8(ascii: "{"))
        // Sorted by key bytes; among equal keys the last encoded wins, so the order is stable by position.
        var order = Array(keys.indices)
        order.sort { a, b in
            let c = Self.compare(keys[a], keys[b])
            return c == 0 ? a < b : c < 0
        }
        var first = true
        for (n, i) in order.enumerated() {
            if n + 1 < order.count, Self.compare(keys[order[n + 1]], keys[i]) == 0 { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.appendString(keys[i], to: &out)
            out.append(UInt8(ascii: ":"))
            try values[i].write(to: &out, depth: depth)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension EncodedObject {
    /// The order of two keys by their UTF-8 bytes: negative, zero or positive.
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                for i in 0..<min(pa.count, pb.count) where pa[i] != pb[i] { return Int(pa[i]) - Int(pb[i]) }
                return pa.count - pb.count
            }
        }
    }
}

/// An array's elements in order.
final class EncodedArray {
    var items: [EncodedValue] = []

    func write(to out: inout [UInt8], depth: Int) throws {
        guard depth <= AnswerEncoder.maximumDepth else { throw AnswerEncoder.tooDeep }
        out.append(UInt8(ascii: "["))
        for (n, item) in items.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            try item.write(to: &out, depth: depth)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension AnswerEncoder {
    static var tooDeep: EncodingError {
        EncodingError.invalidValue(
            0,
            EncodingError.Context(
                codingPath: [], debugDescription: "objects and arrays nested deeper than \(maximumDepth)"))
    }

    /// The value of one scalar, or nil when `T` is not one of the standard library's scalars. The check compares
    /// types only, so it costs no cast for the other values.
    static func scalar<T: Encodable>(_ value: T, _ path: @autoclosure () -> [any CodingKey]) throws -> EncodedValue? {
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Double.self { return try checked(unsafeBitCast(value, to: Double.self), path()) }
        if T.self == Int.self { return .int(Int64(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        return nil
    }

    /// `d`, refused when it is not finite (the path is made only then).
    static func checked(_ d: Double, _ path: @autoclosure () -> [any CodingKey]) throws -> EncodedValue {
        guard d.isFinite else {
            throw EncodingError.invalidValue(
                d, EncodingError.Context(codingPath: path(), debugDescription: "\(d) is not a JSON number"))
        }
        return .double(d)
    }

    /// `f`, refused when it is not finite (the path is made only then).
    static func checked(_ f: Float, _ path: @autoclosure () -> [any CodingKey]) throws -> EncodedValue {
        guard f.isFinite else {
            throw EncodingError.invalidValue(
                f, EncodingError.Context(codingPath: path(), debugDescription: "\(f) is not a JSON number"))
        }
        return .float(f)
    }
}

/// The `Encoder` handed to a value's `encode(to:)`: it holds the value that value writes (an object, an array or
/// one scalar). Asking for a keyed container twice gives two views of one object, as `JSONEncoder` does. Its
/// coding path is its parent's and its key, put together only when asked for (an error, or a value that reads it).
final class EncodingNode: Encoder {
    let parent: EncodingNode?
    let key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var written: EncodedValue?

    init(parent: EncodingNode?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: EncodingNode? = self
        while let n = node {
            if let k = n.key { path.append(k) }
            node = n.parent
        }
        return path.reversed()
    }

    /// What was written; a value that wrote nothing is an empty object (as with `JSONEncoder`).
    var value: EncodedValue { written ?? .object(EncodedObject()) }

    /// Encodes `v` here: a scalar directly, anything else through its own `encode(to:)`.
    func encodeValue<T: Encodable>(_ v: T) throws {
        if let s = try AnswerEncoder.scalar(v, self.codingPath) {
            written = s
        } else {
            try v.encode(to: self)
        }
    }

    /// `v` as a value of its own, under `key` of this node.
    func value<T: Encodable>(of v: T, key: any CodingKey) throws -> EncodedValue {
        if let s = try AnswerEncoder.scalar(v, self.codingPath + [key]) { return s }
        let node = EncodingNode(parent: self, key: key)
        try v.encode(to: node)
        return node.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing)? = written {
            object = existing
        } else {
            object = EncodedObject()
            written = .object(object)
        }
        return KeyedEncodingContainer(KeyedAnswerContainer<Key>(object: object, node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing)? = written {
            array = existing
        } else {
            array = EncodedArray()
            written = .array(array)
        }
        return UnkeyedAnswerContainer(array: array, node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleAnswerContainer(node: self) }

    fileprivate func set(_ v: EncodedValue) { written = v }
}

/// A keyed container writing into `object`; `node` is the encoder it belongs to (for coding paths and nested values).
struct KeyedAnswerContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodedObject
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(try AnswerEncoder.checked(value, path(key)), for: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(try AnswerEncoder.checked(value, path(key)), for: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        object.set(.int(Int64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        object.set(.int(Int64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(.int(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        object.set(.uint(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        object.set(.uint(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        object.set(.uint(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        object.set(.uint(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(.uint(value), for: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try node.value(of: value, key: key), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = EncodedObject()
        object.set(.object(nested), for: key.stringValue)
        return KeyedEncodingContainer(
            KeyedAnswerContainer<NestedKey>(object: nested, node: EncodingNode(parent: node, key: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        object.set(.array(nested), for: key.stringValue)
        return UnkeyedAnswerContainer(array: nested, node: EncodingNode(parent: node, key: key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let child = EncodingNode(parent: node, key: AnswerKey(name))
        object.set(.deferred(child), for: name)
        return child
    }
}

/// An unkeyed container writing into `array`; `node` is the encoder it belongs to.
struct UnkeyedAnswerContainer: UnkeyedEncodingContainer {
    let array: EncodedArray
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { array.items.count }

    private var nextKey: AnswerKey { AnswerKey(index: array.items.count) }
    private var nextPath: [any CodingKey] { codingPath + [nextKey] }

    mutating func encodeNil() throws { array.items.append(.null) }
    mutating func encode(_ value: Bool) throws { array.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.items.append(try AnswerEncoder.checked(value, nextPath)) }
    mutating func encode(_ value: Float) throws { array.items.append(try AnswerEncoder.checked(value, nextPath)) }
    mutating func encode(_ value: Int) throws { array.items.append(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { array.items.append(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { array.items.append(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.int(value)) }
    mutating func encode(_ value: UInt) throws { array.items.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { array.items.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { array.items.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { array.items.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { array.items.append(.uint(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try node.value(of: value, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let holder = EncodingNode(parent: node, key: nextKey)
        let nested = EncodedObject()
        array.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedAnswerContainer<NestedKey>(object: nested, node: holder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let holder = EncodingNode(parent: node, key: nextKey)
        let nested = EncodedArray()
        array.items.append(.array(nested))
        return UnkeyedAnswerContainer(array: nested, node: holder)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode(parent: node, key: nextKey)
        array.items.append(.deferred(child))
        return child
    }
}

/// The single value container of `node`.
struct SingleAnswerContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try AnswerEncoder.checked(value, codingPath)) }
    mutating func encode(_ value: Float) throws { node.set(try AnswerEncoder.checked(value, codingPath)) }
    mutating func encode(_ value: Int) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.set(.int(value)) }
    mutating func encode(_ value: UInt) throws { node.set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { node.set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { node.set(.uint(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.encodeValue(value) }
}

/// A coding key made here: the `super` of a `superEncoder()`, or an array position in a coding path.
struct AnswerKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
