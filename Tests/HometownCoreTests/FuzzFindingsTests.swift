import Foundation
import Testing

@testable import HometownCore

/// Inputs the fuzz targets of tools/fuzz found (kept there too, as corpus/<target>/regression-*), as tests.
@Suite struct CoreFuzzFindingsTests {
    /// post-body/json: bytes that are not UTF-8 inside a string were read as U+FFFD, so a post was stored with
    /// other text than was sent. Now the text is refused, at the first such byte (0xC3 at offset 7, whose
    /// sequence 0x28 breaks; 0xFF at offset 4).
    @Test func aStringThatIsNotUTF8IsRefused() throws {
        #expect(
            throws: CoreError.malformedJSON(
                offset: 7, line: 1, column: 8, reason: "a string holds bytes that are not UTF-8")
        ) {
            try JSONValue.parse(Array(#"{"n":"A"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        }
        #expect(
            throws: CoreError.malformedJSON(
                offset: 4, line: 1, column: 5, reason: "a string holds bytes that are not UTF-8")
        ) {
            try JSONValue.parse(Array(#"["\n"#.utf8) + [0xFF] + Array(#""]"#.utf8))
        }
        #expect(throws: CoreError.self) { try JSONValue.parseMembers([0x7B, 0x22, 0x80, 0x22, 0x3A, 0x31, 0x7D]) }
        // Every UTF-8 character still reads.
        #expect(try JSONValue.parse(Array(#"["é😀\u00e9"]"#.utf8)) == .array([.string("é😀é")]))
    }

    /// json (oracle findings, not ours): U+FEFF sent as its bytes at the start of a string, right after an escape,
    /// or at the start of a member name is text like any other, kept as sent; Foundation's JSONSerialization drops
    /// one there (corpus/json/regression-bom-in-string, regression-bom-after-escape, regression-bom-in-name).
    @Test func byteOrderMarksInStringsAndNamesAreKept() throws {
        let text = "{\"\u{FEFF}k\":[\"\u{FEFF}a\",\"b\\n\u{FEFF}\u{FEFF}c\",\"\\ud83d\\ude00\u{FEFF}\"]}"
        #expect(
            try JSONValue.parse(Array(text.utf8))
                == .object([
                    "\u{FEFF}k": .array([.string("\u{FEFF}a"), .string("b\n\u{FEFF}\u{FEFF}c"), .string("😀\u{FEFF}")])
                ]))
        // Distinct from the name without the mark.
        let two = try JSONValue.parse(Array("{\"\u{FEFF}k\":1,\"k\":2}".utf8))
        #expect(two == .object(["\u{FEFF}k": .number(1), "k": .number(2)]))
    }

    /// post-body (an oracle finding, not ours): a latitude of 80 digits. We read it as `Double(String)` does, the
    /// nearest Double (44.955555555555556); Foundation's JSONSerialization gives 44.95555555555555.
    @Test func aNumberOfManyDigitsIsTheNearestDouble() throws {
        let text = "44.95555555555555555555555555555555555555555555555555555555555555555555555566059"
        let expected = try #require(Double(text))
        #expect(expected == 44.955555555555556)
        #expect(try JSONValue.parse(Array(text.utf8)) == .number(expected))
    }

    /// json (an oracle finding, not ours): Foundation reads `{"a": 1e999, "a": 1}` as `["a": 1]`, never converting
    /// the replaced number; we refuse the text at that number, as Foundation does when it stands alone.
    @Test func aNumberOutOfRangeIsRefusedEvenUnderARepeatedName() throws {
        #expect(
            throws: CoreError.malformedJSON(offset: 6, line: 1, column: 7, reason: "the number 1e999 is out of range")
        ) {
            try JSONValue.parse(Array(#"{"a": 1e999, "a": 1}"#.utf8))
        }
    }

    /// json-cursor: a name with escapes was matched among known names by Swift's canonical equivalence, so the
    /// decomposed "e\u0301" was taken for "é" (U+00E9) while the same text unescaped was not.
    @Test func escapedNamesAreMatchedByteForByte() throws {
        let names: [StaticString] = ["type", "\u{e9}"]
        for text in [#"{"e\u0301":1}"#, "{\"e\u{301}\":1}"] {
            let k = try JSONCursor.read(Array(text.utf8)) { c -> Int? in
                try c.enterObject()
                return try c.nextMember(among: names)
            }
            #expect(k == names.count, "\(text)")
        }
        let k = try JSONCursor.read(Array(#"{"\u00e9":1}"#.utf8)) { c -> Int? in
            try c.enterObject()
            return try c.nextMember(among: names)
        }
        #expect(k == 1)
        // Non-ASCII bytes that are not UTF-8 are refused here too, as JSONValue.parse refuses them.
        #expect(throws: CoreError.self) {
            try JSONCursor.read([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) { c in
                try c.enterObject()
                _ = try c.nextMember(among: names)
            }
        }
    }

    /// csv: a field starting with U+FEFF was written unquoted; at the start of a file a reader takes it for the
    /// byte order mark and drops it.
    @Test func aFieldStartingWithTheByteOrderMarkIsQuoted() {
        #expect(CSVRecords.escape("\u{FEFF}x") == "\"\u{FEFF}x\"")
        var text = ""
        CSVRecords.appendRow(["\u{FEFF}x", "y"], to: &text)
        #expect(CSVRecords.parse(text).map(\.fields) == [["\u{FEFF}x", "y"]])
    }

    /// csv: a line holding only `""` (one empty quoted field) was dropped as if blank, so a one-column file lost
    /// the row; it is a record, as the reader's documentation says (only lines with nothing on them are not).
    @Test func aLineOfAnEmptyQuotedFieldIsARecord() {
        let records = CSVRecords.parse("a\n\"\"\n\nb\n\"\"")
        #expect(records.map(\.fields) == [["a"], [""], ["b"], [""]])
        #expect(records.map(\.line) == [1, 2, 4, 5])
        var text = ""
        CSVRecords.appendRow([""], to: &text)
        #expect(text == "\"\"\n")
        #expect(CSVRecords.parse(text).map(\.fields) == [[""]])
    }

    /// csv (found by the test command's own fuzzing run): a quote followed by a combining mark (U+064B) is one
    /// grapheme, so splitting on the Character `"` left that quote single and the field read back cut short.
    @Test func aQuoteBeforeACombiningMarkIsDoubled() {
        let field = "b \"\"\u{064B}li e"
        #expect(CSVRecords.escape(field) == "\"b \"\"\"\"\u{064B}li e\"")
        var text = ""
        CSVRecords.appendRow([field, "x", ""], to: &text)
        #expect(CSVRecords.parse(text).map(\.fields) == [[field, "x", ""]])
    }
}
