import Foundation
import HometownCore
import Testing

/// Core's one JSON writer: RFC 8259 escapes in the short forms `JSON.stringify` and `JSONEncoder` use.
@Suite struct JSONWriterTests {
    @Test func escapesAsJSONEncoderDoes() throws {
        let s = "q\" b\\ \u{8}\u{c}\n\r\t\u{0}\u{1f} / é 🇲🇽 \u{7f}"
        var bytes: [UInt8] = []
        JSONWriter.appendString(s, to: &bytes)
        var text = ""
        JSONWriter.appendString(s, to: &text)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(text == #""q\" b\\ \b\f\n\r\t\u0000\u001f / é 🇲🇽 "# + "\u{7f}\"")
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes]
        #expect(text == String(decoding: try e.encode(s), as: UTF8.self))
        #expect(try JSONValue.parse(bytes) == .string(s))
    }

    @Test func numbers() {
        #expect(JSONWriter.number(0) == "0" && JSONWriter.number(-0.0) == "0" && JSONWriter.number(1985) == "1985")
        #expect(JSONWriter.number(44.96606) == "44.96606" && JSONWriter.number(.nan) == "null")
        #expect(JSONWriter.number(1.23456, digits: 3) == "1.235" && JSONWriter.number(2.0004, digits: 3) == "2")
        #expect(JSONWriter.number(1e20) == "1e+20")
    }

    /// A `Float` in its own shortest form, as `JSONEncoder` writes it.
    @Test(arguments: [0.1, 1, 1985, 3.4028235e38, 1.0e-45, -2.5, 16_777_216] as [Float])
    func floatsAsJSONEncoderWritesThem(_ f: Float) throws {
        #expect(JSONWriter.number(f) == String(decoding: try JSONEncoder().encode(f), as: UTF8.self))
    }

    @Test func floatsThatAreNotNumbers() {
        #expect(JSONWriter.number(Float.nan) == "null" && JSONWriter.number(-Float.infinity) == "null")
    }
}
