import Foundation
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownVocabulary
import Testing

/// `AnswerCoding.encode` writes the same text as Foundation's `JSONEncoder` (keys sorted, `/` unescaped), which
/// it replaced for speed: on the bundled data's real answers and on seeded random values that use every kind of
/// container an `Encodable` can ask for.
@Suite struct AnswerEncoderTests {
    /// Foundation's text of `value`, the oracle.
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    static func ours<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try AnswerCoding.encode(value), as: UTF8.self)
    }

    @Test func forwardAnswersInEveryScriptAndLanguageAreFoundationsText() throws {
        let queries = [
            "Minneapolis", "Seattle, WA", "Paris Texas", "Bombay", "Москва", "東京", "北京", "São Paulo",
            "Ciudad de México",
            "القاهرة", "Αθήνα", "서울", "Kraków", "55401", "M5V 3L9", "10115 Berlin", "100-0001", "Springfield",
            "Georgia", "Dublin D02", "Washington", "Minnesota", "India", "Xyzzy nowhere",
        ]
        let tags: [String?] = [nil, "ru", "ja", "zh-Hant", "ar", "pt-BR", "de"]
        let languages = tags.map { tag in tag.flatMap { Bundled.gazetteer.language($0) } }
        var checked = 0
        for q in queries {
            for results in [try Bundled.gazetteer.search(q, limit: 20), try Bundled.gazetteer.suggest(q, limit: 20)] {
                for language in languages {
                    let answer = Bundled.vocabulary.forwardAnswer(
                        query: q, results: results, gazetteer: Bundled.gazetteer, language: language)
                    #expect(try Self.ours(answer) == Self.foundation(answer), "\(q) in \(language?.tag ?? "-")")
                    checked += answer.results.count
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func reverseAnswersOfSeededPointsAreFoundationsText() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let point = Coordinate(uncheckedLatitude: random.unit() * 170 - 85, longitude: random.unit() * 360 - 180)
            let place = Bundled.geocoder.place(at: point)
            let answer = Bundled.vocabulary.reverseAnswer(for: place)
            #expect(try Self.ours(answer) == Self.foundation(answer), "\(point)")
        }
    }

    @Test func seededRandomValuesAreFoundationsText() throws {
        var random = SeededRandom(seed: 42)
        for n in 0..<400 {
            let value = Tree.random(&random, depth: 0)
            #expect(try Self.ours(value) == Self.foundation(value), "value \(n)")
        }
    }

    @Test func containersAskedForOnceOrTwiceGiveFoundationsText() throws {
        #expect(try Self.ours(Awkward()) == Self.foundation(Awkward()))
        #expect(try Self.ours(Nothing()) == "{}")
        #expect(try Self.ours([Nothing(), Nothing()]) == Self.foundation([Nothing(), Nothing()]))
        #expect(try Self.ours("top") == Self.foundation("top"))
        #expect(try Self.ours(12.5) == Self.foundation(12.5))
        #expect(try Self.ours([String: Int]()) == Self.foundation([String: Int]()))
        #expect(try Self.ours([Int]()) == "[]")
        #expect(try Self.ours(Optional<Int>.none) == "null")
    }

    /// Numbers are `JSONWriter`'s: Foundation's text but for negative zero, written `0`.
    @Test func numbersFollowJSONWriter() throws {
        #expect(
            try Self.ours([-0.0, 0.0, 1e15, -2.5e-7, 1e16, 1.0, 0.1]) == "[0,0,1000000000000000,-2.5e-07,1e+16,1,0.1]")
        let whole = [1e15, 8e15, 9e15, 9.5e15, -4e15, 123_456_789.0, 2.5e-7, 1.0 / 3]
        #expect(try Self.ours(whole) == Self.foundation(whole))
        #expect(
            try Self.ours([Float(0.1), Float(-3), Float(1e20)])
                == Self.foundation([Float(0.1), Float(-3), Float(1e20)]))
        #expect(try Self.ours([Int64.min, Int64.max]) == "[\(Int64.min),\(Int64.max)]")
        #expect(try Self.ours([UInt64.max]) == "[\(UInt64.max)]")
    }

    @Test func nonFiniteNumbersAreRefusedWithTheirPath() throws {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try AnswerCoding.encode(["a": [1, bad]]) }
        }
        do {
            _ = try AnswerCoding.encode(["bbox": [0, Double.nan]])
            Issue.record("NaN was written")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["bbox", "Index 1"])
        }
        #expect(throws: EncodingError.self) { try AnswerCoding.encode([Float.nan]) }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        var deep = JSONValue.array([])
        for _ in 0..<600 { deep = .array([deep]) }
        #expect(throws: EncodingError.self) { try AnswerCoding.encode(deep) }
        var fine = JSONValue.array([])
        for _ in 0..<100 { fine = .array([fine]) }
        #expect(try Self.ours(fine) == Self.foundation(fine))
    }
}

/// A random JSON-shaped value made of the standard containers and scalars (strings with every kind of character
/// that needs an escape, numbers of every width), encoded through generic and concrete container calls.
private indirect enum Tree: Encodable {
    case object([String: Tree])
    case array([Tree])
    case string(String)
    case double(Double)
    case float(Float)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case int(Int)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case uint(UInt)
    case bool(Bool)
    case optional(Int?)
    case keyed(KeyedMembers)

    static let pieces = [
        "a", "Z", "/", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "東", "😀", "\u{2028}", " ", "0",
    ]

    static func string(_ r: inout SeededRandom) -> String {
        (0..<Int(r.next() % 6)).map { _ in pieces[Int(r.next() % UInt64(pieces.count))] }.joined()
    }

    static func random(_ r: inout SeededRandom, depth: Int) -> Tree {
        let kinds = depth >= 4 ? 16 : 19
        switch r.next() % UInt64(kinds) {
        case 0: return .string(string(&r))
        case 1: return .double((r.unit() - 0.5) * pow(10, Double(Int(r.next() % 36)) - 12))
        case 2: return .float(Float((r.unit() - 0.5) * 1000))
        case 3: return .int8(Int8(truncatingIfNeeded: r.next()))
        case 4: return .int16(Int16(truncatingIfNeeded: r.next()))
        case 5: return .int32(Int32(truncatingIfNeeded: r.next()))
        case 6: return .int64(Int64(bitPattern: r.next()))
        case 7: return .int(Int(truncatingIfNeeded: r.next() >> 20) - (1 << 42))
        case 8: return .uint8(UInt8(truncatingIfNeeded: r.next()))
        case 9: return .uint16(UInt16(truncatingIfNeeded: r.next()))
        case 10: return .uint32(UInt32(truncatingIfNeeded: r.next()))
        case 11: return .uint64(r.next())
        case 12: return .uint(UInt(r.next() >> 1))
        case 13: return .bool(r.next() % 2 == 0)
        case 14: return .optional(r.next() % 2 == 0 ? nil : Int(r.next() % 1000))
        case 15: return .double(Double(Int(r.next() % 20_000)) - 10_000)
        case 16:
            var members: [String: Tree] = [:]
            for _ in 0..<Int(r.next() % 6) { members[string(&r)] = random(&r, depth: depth + 1) }
            return .object(members)
        case 17: return .array((0..<Int(r.next() % 5)).map { _ in random(&r, depth: depth + 1) })
        default: return .keyed(KeyedMembers(random: &r, depth: depth + 1))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .object(let o): try c.encode(o)
        case .array(let a): try c.encode(a)
        case .string(let s): try c.encode(s)
        case .double(let d): try c.encode(d)
        case .float(let f): try c.encode(f)
        case .int8(let v): try c.encode(v)
        case .int16(let v): try c.encode(v)
        case .int32(let v): try c.encode(v)
        case .int64(let v): try c.encode(v)
        case .int(let v): try c.encode(v)
        case .uint8(let v): try c.encode(v)
        case .uint16(let v): try c.encode(v)
        case .uint32(let v): try c.encode(v)
        case .uint64(let v): try c.encode(v)
        case .uint(let v): try c.encode(v)
        case .bool(let v): try c.encode(v)
        case .optional(let v): try c.encode(v)
        case .keyed(let k): try c.encode(k)
        }
    }
}

/// Members written through a keyed container's concrete calls, a nested keyed and unkeyed container, and
/// `encodeIfPresent`.
private struct KeyedMembers: Encodable {
    var name: String
    var count: Int32
    var ratio: Double
    var flag: Bool?
    var small: UInt8
    var list: [Tree]

    init(random r: inout SeededRandom, depth: Int) {
        name = Tree.string(&r)
        count = Int32(truncatingIfNeeded: r.next())
        ratio = r.unit() * 360 - 180
        flag = r.next() % 3 == 0 ? nil : r.next() % 2 == 0
        small = UInt8(truncatingIfNeeded: r.next())
        list = (0..<Int(r.next() % 3)).map { _ in Tree.random(&r, depth: depth + 1) }
    }

    enum Keys: String, CodingKey { case name, count, ratio, flag, small, list, nested, pairs }
    enum NestedKeys: String, CodingKey { case west, east }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(count, forKey: .count)
        try c.encode(ratio, forKey: .ratio)
        try c.encodeIfPresent(flag, forKey: .flag)
        try c.encode(small, forKey: .small)
        try c.encode(list, forKey: .list)
        var nested = c.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
        try nested.encode(-ratio, forKey: .west)
        try nested.encodeNil(forKey: .east)
        var pairs = c.nestedUnkeyedContainer(forKey: .pairs)
        try pairs.encode(name)
        var inner = pairs.nestedUnkeyedContainer()
        try inner.encode(small)
        try inner.encodeNil()
    }
}

/// Two keyed containers asked of one encoder (one object), a key written twice (the last value stands), and
/// super encoders.
private struct Awkward: Encodable {
    enum Keys: String, CodingKey { case b, a, again }

    func encode(to encoder: any Encoder) throws {
        var first = encoder.container(keyedBy: Keys.self)
        try first.encode("one", forKey: .b)
        var second = encoder.container(keyedBy: Keys.self)
        try second.encode(2, forKey: .a)
        try second.encode("replaced", forKey: .b)
        try first.encode([1, 2], forKey: .again)
        var sup = first.superEncoder().singleValueContainer()
        try sup.encode("base")
        let keyedSuper = first.superEncoder(forKey: .again)
        var u = keyedSuper.unkeyedContainer()
        try u.encode(3)
    }
}

/// A value that encodes nothing.
private struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}
