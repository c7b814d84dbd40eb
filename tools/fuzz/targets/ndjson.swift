// fuzz-build: modules=HometownCore support=Oracle
import Foundation
import HometownCore

/// `NDJSONLines.nonBlank` against a plain loop over the bytes: the same line numbers (1-based, blank lines
/// counted) and the same bytes for every line holding more than spaces, tabs and carriage returns; over an
/// array, a slice that does not start at index 0, and `Data`. Each such line's JSON reading does not depend on
/// where the line lies (the same value or the same refusal as the line copied out on its own).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNDJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var expected: [(Int, [UInt8])] = []
    var line: [UInt8] = []
    var number = 1
    for b in bytes + [0x0A] {
        if b == 0x0A {
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { expected.append((number, line)) }
            line = []
            number += 1
        } else {
            line.append(b)
        }
    }
    func check<C: Collection<UInt8>>(_ text: C, _ what: String) {
        let lines = NDJSONLines.nonBlank(text)
        Oracle.check(lines.count == expected.count, "\(what): \(lines.count) lines, expected \(expected.count)")
        for (l, e) in zip(lines, expected) {
            Oracle.check(l.number == e.0, "\(what): line number \(l.number), expected \(e.0)")
            Oracle.check(Array(text[l.range]) == e.1, "\(what): line \(e.0) has other bytes")
        }
    }
    check(bytes, "array")
    let padded = [0x0A, 0x41] + bytes
    check(padded[2...], "slice")
    check(Data(bytes), "Data")
    let slice = padded[2...]
    for l in NDJSONLines.nonBlank(slice) {
        let inPlace = Result { try JSONValue.parse(slice[l.range]) }
        let copied = Result { try JSONValue.parse(Array(slice[l.range])) }
        switch (inPlace, copied) {
        case (.success(let a), .success(let b)): Oracle.check(a == b, "line \(l.number) reads differently in place")
        case (.failure(let a), .failure(let b)):
            Oracle.check("\(a)" == "\(b)", "line \(l.number) fails differently in place: \(a) / \(b)")
        default: Oracle.fail("line \(l.number) reads in place \(inPlace), copied \(copied)")
        }
    }
    return 0
}
