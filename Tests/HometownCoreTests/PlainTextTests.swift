import HometownCore
import Testing

@Suite struct PlainTextTests {
    @Test(
        "whole numbers without a fraction, others in their shortest form, none trapping",
        arguments: [
            (24.0, "24"), (-0.0, "0"), (-3.5, "-3.5"), (0.1, "0.1"), (999_999_999_999_999, "999999999999999"),
            (1e15, "1000000000000000"), (1e16, "1e+16"), (1e19, "1e+19"), (-1e300, "-1e+300"), (2.5e-8, "2.5e-08"),
            (.infinity, "inf"),
            (-.infinity, "-inf"),
        ])
    func plainText(value: Double, text: String) {
        #expect(value.plainText == text)
    }

    @Test func jsonValueText() {
        #expect(JSONValue.string("Duluth").text == "Duluth")
        #expect(JSONValue.number(27).text == "27")
        #expect(JSONValue.number(1e19).text == "1e+19")
        #expect(JSONValue.bool(true).text == nil && JSONValue.null.text == nil)
    }
}
