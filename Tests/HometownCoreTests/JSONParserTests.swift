import Foundation
import HometownCore
import Testing

/// `JSONValue.parse` and `compactText` against Foundation's JSON on generated documents, and the errors on
/// broken ones.
@Suite struct JSONParserTests {
    /// A random JSON value, at most `depth` levels deep: strings with quotes, escapes, control characters,
    /// non-ASCII and astral characters; numbers whole and fractional over many magnitudes.
    static func randomValue(_ rng: inout SeededRandom, depth: Int) -> JSONValue {
        let pick = rng.next() % (depth > 0 ? 7 : 4)
        switch pick {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2:
            let magnitude = pow(10, Double(Int(rng.next() % 40)) - 20)
            let v = (rng.unit() * 2 - 1) * magnitude
            return .number(rng.next() % 3 == 0 ? v.rounded() : v)
        case 3: return .string(randomString(&rng))
        case 4, 5:
            var o: [String: JSONValue] = [:]
            for _ in 0..<Int(rng.next() % 5) { o[randomString(&rng)] = randomValue(&rng, depth: depth - 1) }
            return .object(o)
        default:
            return .array((0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth - 1) })
        }
    }

    static func randomString(_ rng: inout SeededRandom) -> String {
        let alphabet: [String] = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "ß", "東", "😀", ",", ":", "{", "]",
        ]
        return (0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
    }

    @Test func agreesWithFoundationOnGeneratedDocuments() throws {
        var rng = SeededRandom(seed: 5)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for _ in 0..<3_000 {
            let value = JSONParserTests.randomValue(&rng, depth: 4)
            let foundation = try encoder.encode(value)
            // Our reader reads what Foundation writes, and our writer writes the same bytes.
            #expect(try JSONValue.parse(foundation) == value)
            #expect(value.compactText == String(decoding: foundation, as: UTF8.self))
            // Foundation reads what we write.
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(value.compactText.utf8)) == value)
        }
    }

    @Test func readsTheWholeGrammar() throws {
        let text =
            #" { "a" : [ 1 , -0.5e+2 , 0 , 1E3 , true , false , null ] , "b\u00e9\ud83d\ude00\n\/" : { } , "c" : [ ] } "#
        let v = try JSONValue.parse(Array(text.utf8))
        #expect(
            v
                == .object([
                    "a": .array([.number(1), .number(-50), .number(0), .number(1000), .bool(true), .bool(false), .null]
                    ),
                    "bé😀\n/": .object([:]), "c": .array([]),
                ]))
    }

    @Test(arguments: [
        ("", "byte 1", "the text ended"),
        ("{\"a\" 1}", "byte 6", "':' was expected"),
        ("[1,]", "byte 4", "a value was expected"),
        ("{\"a\":1,}", "byte 8", "member name"),
        ("01", "byte 2", "may not start with 0"),
        ("1.", "byte 3", "after the decimal point"),
        ("-", "byte 2", "a digit was expected"),
        ("1e", "byte 3", "exponent"),
        ("1e999", "byte 1", "out of range"),
        ("\"abc", "byte 5", "not closed"),
        ("\"a\u{01}\"", "byte 3", "control character"),
        ("\"\\x\"", "byte 3", "unknown escape"),
        ("\"\\ud800\"", "byte 8", "low one"),
        ("\"\\udc00\"", "byte 8", "without a high one"),
        ("\"\\u12g4\"", "byte 6", "hex digits"),
        ("tru", "byte 1", "true was expected"),
        ("{} {}", "byte 4", "after the value"),
        ("nan", "byte 1", "null was expected"),
        ("{", "byte 2", "a member or '}' was expected, the text ended"),
        ("[", "byte 2", "an element or ']' was expected, the text ended"),
        ("[1", "byte 3", "',' or ']' was expected, the text ended"),
        ("{\"a\":1 ", "byte 8", "',' or '}' was expected, the text ended"),
        ("[1 2]", "byte 4", "',' or ']' was expected"),
        ("{\"a\":1 \"b\":2}", "byte 8", "',' or '}' was expected"),
        ("[1}", "byte 3", "',' or ']' was expected"),
    ])
    func brokenDocumentsNameTheByteAndTheProblem(text: String, at: String, reason: String) {
        do {
            let v = try JSONValue.parse(Array(text.utf8))
            Issue.record("\(text) parsed as \(v)")
        } catch {
            // One line of ASCII: the column is the byte.
            let column = "column \(at.dropFirst("byte ".count))"
            #expect(error.description.hasPrefix("not valid JSON at line 1, \(column) (\(at)):"), "\(text): \(error)")
            #expect(error.description.contains(reason), "\(text): \(error)")
        }
    }

    /// Walks a document with the cursor, entering every object and array, and reads every other value whole.
    private static func walk(_ c: inout JSONCursor) throws {
        switch c.peek() {
        case UInt8(ascii: "{"):
            try c.enterObject()
            while try c.nextMember() != nil { try walk(&c) }
        case UInt8(ascii: "["):
            try c.enterArray()
            while try c.nextElement() { try walk(&c) }
        default: try c.skipValue()
        }
    }

    @Test(arguments: [
        "{", "[", "[1", "{\"a\":1 ", "[1 2]", "{\"a\":1 \"b\":2}", "[1}", "{\"a\":[1,]}", "[{},{\"a\" 1}]",
        "{\"a\":1,}", "[[1,2],[3 4]]",
    ])
    func theCursorRefusesABrokenContainerAsTheParserDoes(text: String) {
        var parserError: CoreError?
        do { _ = try JSONValue.parse(Array(text.utf8)) } catch { parserError = error }
        var cursorError: (any Error)?
        do {
            try JSONCursor.read(Array(text.utf8)) { c in
                try Self.walk(&c)
                try c.end()
            }
        } catch { cursorError = error }
        #expect(parserError != nil, "\(text)")
        #expect((cursorError as? CoreError) == parserError, "\(text): \(String(describing: cursorError))")
    }

    @Test func membersKeepOrderDuplicatesAndNumberText() throws {
        let m = try JSONValue.parseMembers(
            Array(#" {"b": 1e3, "a": [1, {"x": 2}], "b": 1985.0, "s": "\u00e9", "n": -0 } "#.utf8))
        #expect(m.map(\.key) == ["b", "a", "b", "s", "n"])
        #expect(m.map(\.text) == ["1e3", #"[1, {"x": 2}]"#, "1985.0", #""\u00e9""#, "-0"])
        #expect(m[0].value == .number(1000) && m[3].value == .string("é"))
        #expect(throws: CoreError.self) { try JSONValue.parseMembers(Array("[1]".utf8)) }
        #expect(throws: CoreError.self) { try JSONValue.parseMembers(Array(#"{"a":1,}"#.utf8)) }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: CoreError.self) { try JSONValue.parse(Array(deep.utf8)) }
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue.parse(Array(ok.utf8))) != nil)
    }
}

/// Where Foundation's behaviour is the one users had before: kept.
@Suite struct JSONCompatibilityTests {
    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)) == .object(["a": .number(1)]))
    }

    @Test func aDuplicateKeyKeepsItsFirstValue() throws {
        #expect(try JSONValue.parse(Array(#"{"lat": 1, "lat": 52.52}"#.utf8)) == .object(["lat": .number(1)]))
    }

    @Test func largeWholeNumbersAndKeyOrderAsFoundationWritesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let values: [JSONValue] = [
            .number(9e15), .number(9_000_000_000_000_001), .number(-9_007_199_254_740_991),
            .number(9_007_199_254_740_992),
            .number(1e16), .number(123_456_789_012_345_680), .number(1e-7), .number(1e21), .number(-0.0),
            .object(["e\u{301}": .number(3), "f": .number(4), "\u{E000}": .null, "\u{10000}": .null, "z": .bool(true)]),
        ]
        for v in values { #expect(v.compactText == String(decoding: try encoder.encode(v), as: UTF8.self)) }
    }
}

@Suite struct NDJSONLinesTests {
    @Test func blankLinesAreSkippedButCounted() {
        let text = Array("{\"a\":1}\r\n\n  \t\r\n{\"b\":2}\n{\"c\":3}".utf8)
        let lines = NDJSONLines.nonBlank(text)
        #expect(lines.map(\.number) == [1, 4, 5])
        #expect(
            lines.map { String(decoding: text[$0.range], as: UTF8.self) } == ["{\"a\":1}\r", "{\"b\":2}", "{\"c\":3}"])
        #expect(NDJSONLines.nonBlank([UInt8]()).isEmpty)
    }

    /// An error names its line and column (in characters, an "é" one of them) besides the byte offset, and the
    /// message says all three.
    @Test func anErrorNamesItsLineAndColumn() throws {
        let text = Array("[1,\n \"é\",]".utf8)
        do {
            _ = try JSONValue.parse(text)
            Issue.record("a value was expected after the comma")
        } catch {
            guard case .malformedJSON(let offset, let line, let column, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(offset == 10 && line == 2 && column == 6)
            #expect("\(error)".hasPrefix("not valid JSON at line 2, column 6 (byte 11): "), "\(error)")
        }
        // The member parser reports the same way, at the start of a text that is not an object.
        #expect(throws: CoreError.malformedJSON(offset: 0, line: 1, column: 1, reason: "a JSON object was expected")) {
            try JSONValue.parseMembers(Array("[]".utf8))
        }
    }
}
