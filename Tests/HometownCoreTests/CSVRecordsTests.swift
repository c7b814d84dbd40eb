import Testing

@testable import HometownCore

@Suite struct CSVRecordsTests {
    @Test func quotedFieldsCRLFAndBOM() {
        let r = CSVRecords.parse([0xEF, 0xBB, 0xBF] + Array("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n\n3,4".utf8))
        #expect(r.map(\.fields) == [["a", "b"], ["x, \"y\"", "two\nlines"], ["3", "4"]])
        #expect(r.map(\.line) == [1, 2, 5])
        #expect(r.allSatisfy { $0.problem == nil })
    }

    @Test func malformedRecordsKeepTheirFieldsAndSayWhy() {
        let r = CSVRecords.parse("1,ab\"c\n2,\"q\"x\n3,ok\n4,\"open")
        #expect(r.count == 4)
        #expect(r[0].fields == ["1", "ab\"c"] && r[0].problem?.contains("quote inside an unquoted field") == true)
        #expect(r[1].fields == ["2", "qx"] && r[1].problem == "text after a closing quote")
        #expect(r[2].problem == nil)
        #expect(r[3].line == 4 && r[3].problem?.contains("never closed") == true)
    }

    @Test func fieldsThatAreNotUTF8BreakTheirRecordAndAreNamed() {
        let r = CSVRecords.parse(Array("a,\u{E9}t\u{E9}\n1,".utf8) + [0xE9, 0x74] + Array(",\"x\"\n2,".utf8) + [0xC3])
        #expect(r.count == 3)
        #expect(r[0].fields == ["a", "\u{E9}t\u{E9}"] && r[0].problem == nil)
        #expect(r[1].fields == ["1", "\u{FFFD}t", "x"])
        #expect(r[1].problem?.hasPrefix("field 2 holds bytes that are not UTF-8") == true)
        #expect(r[2].line == 3 && r[2].problem?.hasPrefix("field 2 holds bytes that are not UTF-8") == true)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("x\ny", "\"x\ny\""),
    ])
    func escapeRoundTrips(raw: String, escaped: String) {
        #expect(CSVRecords.escape(raw) == escaped)
        #expect(CSVRecords.parse(escaped + "\n").first?.fields == [raw])
    }
}
