// fuzz-build: modules=HometownCore support=Oracle
@testable import HometownCore

/// `DecimalText.double` (and `shortDecimal`, on the raw input) against `Double(String)`: for every text in the JSON number grammar, the same Double
/// bit for bit (or nil exactly when `Double(String)` overflows to infinity, which the JSON reader refuses).
/// Input outside the grammar is first cut to its longest prefix in the grammar, so that every input tests
/// something; the JSON reader's `number()` must read that same prefix to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The short form's one-pass reading (any bytes): when it gives a value, Double(String) gives the same bits.
    if let short = bytes.withUnsafeBufferPointer({ DecimalText.shortDecimal($0) }) {
        let string = String(decoding: bytes, as: UTF8.self)
        Oracle.check(
            Double(string)?.bitPattern == short.bitPattern,
            "\(string): shortDecimal gives \(short), Double(String) \(Double(string) as Any)")
    }
    let n = NumberGrammar.longestPrefix(bytes)
    guard n > 0 else { return 0 }
    let text = Array(bytes[0..<n])
    let string = String(decoding: text, as: UTF8.self)
    guard let reference = Double(string) else { Oracle.fail("Double(String) refuses \(string)") }
    let ours = text.withUnsafeBufferPointer { DecimalText.double($0) }
    if reference.isFinite {
        Oracle.check(
            ours?.bitPattern == reference.bitPattern,
            "\(string): DecimalText gives \(ours.map { "\($0)" } ?? "nil"), Double(String) \(reference)")
    } else {
        Oracle.check(ours == nil, "\(string): DecimalText gives \(ours!), Double(String) overflows")
    }
    // The same text as a JSON document: read to the same value, or refused as out of range.
    let parsed = try? JSONValue.parse(text)
    Oracle.check(
        parsed == (reference.isFinite ? .number(reference) : nil),
        "\(string) as JSON reads as \(parsed as Any), Double(String) gives \(reference)")
    if case .number(let d)? = parsed {
        Oracle.check(d.bitPattern == reference.bitPattern, "\(string) as JSON reads as \(d) (sign or bits differ)")
    }
    return 0
}

/// The JSON number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, written out as a plain scan.
enum NumberGrammar {
    /// The length of the longest prefix of `b` that is a whole JSON number (0 if none is).
    static func longestPrefix(_ b: [UInt8]) -> Int {
        func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
        var i = 0
        if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return 0 }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        var end = i
        if i < b.count, b[i] == UInt8(ascii: ".") {
            var j = i + 1
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
                end = j
            } else {
                return end
            }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < b.count, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                end = j
            }
        }
        return end
    }
}
