import Foundation
import HometownCore
import HometownTestSupport
import Testing

/// JSON numbers are read without `Double(String)` on the common paths (`DecimalText`); every reading must still
/// be the one `Double(String)` (the C library's correctly rounded conversion) gives, bit for bit.
@Suite(.onComputeThreads) struct DecimalTextTests {
    /// The number `text` as `JSONValue.parse` reads it.
    static func parsed(_ text: String) throws -> Double {
        guard case .number(let v) = try JSONValue.parse(Array(text.utf8)) else {
            Issue.record("\(text) did not parse as a number")
            return .nan
        }
        return v
    }

    static func expectSame(_ text: String) throws {
        let expected = Double(text)!
        let got = try parsed(text)
        #expect(got.bitPattern == expected.bitPattern, "\(text): read \(got), Double(String) gives \(expected)")
    }

    @Test(
        "exact halfway cases round to even, on every path",
        arguments: [
            "9007199254740993", "9007199254740993e0", "900719925474099.3e1", "90071992547409930e-1",
            "9007199254740995", "18014398509481986", "18014398509481990", "-9007199254740993",
            "1.00000000000000011102230246251565404236316680908203125", "2.2250738585072011e-308",
            "4.9406564584124654e-324", "1.7976931348623157e308", "0.1", "0.30000000000000004",
            "-0", "0", "-0.0", "0e10", "123456789012345678901234567890", "1e23", "8.98846567431158e307",
            "1e-22", "1e22", "9999999999999999999", "99999999999999999999", "1.5e-27", "7e27", "3.0e-28",
        ])
    func edgeCases(text: String) throws {
        try DecimalTextTests.expectSame(text)
    }

    @Test func outOfRangeIsRefused() {
        #expect(throws: CoreError.self) { try JSONValue.parse(Array("1e309".utf8)) }
        #expect(throws: CoreError.self) { try JSONValue.parse(Array("-2e400".utf8)) }
    }

    /// Shortest round-trip texts (as JSON writers print coordinates), 17 and 15 significant digits, and random
    /// digit strings with a random point and exponent: 300,000 numbers across the paths.
    @Test func randomNumbersMatchDoubleFromString() throws {
        var rng = SeededRandom(seed: 20_261_123)
        var mismatches: [String] = []
        for k in 0..<100_000 {
            let magnitude = pow(10, Double(Int(rng.next() % 60)) - 30)
            var v = (rng.unit() * 2 - 1) * magnitude
            if k % 4 == 0 { v = rng.unit() * 360 - 180 }
            var texts = ["\(v)", String(format: "%.17g", v), String(format: "%.15g", v)]
            var digits = ""
            for _ in 0..<(1 + Int(rng.next() % 24)) { digits.append(Character(String(rng.next() % 10))) }
            let point = Int(rng.next() % UInt64(digits.count + 1))
            var random = String(digits.prefix(point)).isEmpty ? "0" : String(digits.prefix(point))
            if point < digits.count { random += "." + digits.dropFirst(point) }
            if rng.next() % 2 == 0 { random += "e\(Int(rng.next() % 61) - 30)" }
            texts.append(random)
            for text in texts {
                // The JSON grammar: no leading zeros in the integer part, no "inf"; keep the texts that follow it.
                let json = text.replacingOccurrences(of: "e+", with: "e")
                guard
                    json.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression)
                        != nil,
                    let expected = Double(json)
                else { continue }
                let got = try DecimalTextTests.parsed(json)
                if got.bitPattern != expected.bitPattern, mismatches.count < 10 {
                    mismatches.append("\(json): \(got) vs \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
