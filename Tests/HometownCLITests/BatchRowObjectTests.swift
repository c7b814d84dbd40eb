import HometownCore
import Testing

@testable import HometownCLI

/// `BatchRowObject`: the rows the batch jobs write as JSON keep every input value as it was written, in the
/// input's order, and an added column never overwrites an input value.
@Suite struct BatchRowObjectTests {
    static func written(_ line: String, adding added: [(key: String, value: JSONValue)]) throws -> String {
        var out = ""
        BatchRowObject(try JSONValue.parseMembers(Array(line.utf8))).write(adding: added, to: &out)
        return out
    }

    @Test func inputValuesKeepTheirTextAndOrder() throws {
        let line = #"{"id": 9007199254740993, "z": 1.50, "a": 1e3, "s": "caf\u00e9 \"q\"", "n": [1, {"b": -0.0}]}"#
        let out = try Self.written(line, adding: [(key: "error", value: .null)])
        #expect(
            out == #"{"id":9007199254740993,"z":1.50,"a":1e3,"s":"caf\u00e9 \"q\"","n":[1, {"b": -0.0}],"error":null}"#)
        // What is written is JSON that reads back as the input plus the added member.
        let back = try JSONValue.parseMembers(Array(out.utf8))
        #expect(back.map(\.key) == ["id", "z", "a", "s", "n", "error"])
        #expect(back[3].value == .string("café \"q\""))
    }

    @Test func aKeyWrittenTwiceKeepsBothValues() throws {
        let out = try Self.written(#"{"k": 1, "k": 2}"#, adding: [])
        #expect(out == #"{"k":1,"k":2}"#)
    }

    @Test func anInputKeyNamedLikeAnAddedOneMovesAside() throws {
        let out = try Self.written(
            #"{"error": 7, "error_input": "x", "to_x": "mine", "to_x": 8}"#,
            adding: [(key: "to_x", value: .number(1)), (key: "error", value: .string("e"))])
        #expect(
            out == #"{"error_input_":7,"error_input":"x","to_x_input":"mine","to_x_input_":8,"to_x":1,"error":"e"}"#)
    }

    @Test func csvFieldsAreStringsUnderTheirKeys() {
        var out = ""
        BatchRowObject(csv: ["1", "a,\"b\"", "extra"], keys: ["id", "name"]).write(
            adding: [(key: "to_x", value: .number(2.5))], to: &out)
        #expect(out == #"{"id":"1","name":"a,\"b\"","_column_3":"extra","to_x":2.5}"#)
    }

    /// A long row's extra fields never take a header key's name: each key of the object is written once.
    @Test func aLongRowsFieldsAreNamedApartFromTheHeader() throws {
        var out = ""
        BatchRowObject(csv: ["1", "2", "a", "b", "c"], keys: ["lat", "_column_4", "_column_4_"]).write(
            adding: [(key: "error", value: .null)], to: &out)
        #expect(out == #"{"lat":"1","_column_4":"2","_column_4_":"a","_column_4__":"b","_column_5":"c","error":null}"#)
        let keys = try JSONValue.parseMembers(Array(out.utf8)).map(\.key)
        #expect(Set(keys).count == keys.count)
    }

    @Test func aLineThatIsNoObjectKeepsItsText() {
        var out = ""
        BatchRowObject(line: "not \"json\"").write(adding: [(key: "error", value: .string("bad"))], to: &out)
        #expect(out == #"{"_line":"not \"json\"","error":"bad"}"#)
    }
}
