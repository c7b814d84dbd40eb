// fuzz-build: modules=HometownCore support=Oracle,FoundationJSON,JSONSame,DuplicateReadings,TrailingCommas,OverwrittenNumbers
import Foundation

@testable import HometownCore

/// `JSONValue.parse` (JSONParser) against Foundation's `JSONSerialization`: both accept or both refuse, and an
/// accepted text gives equal values (see `FoundationJSON` and `DuplicateReadings` for the documented differences:
/// UTF-16/32 guessing, -0, imprecise numbers in Foundation, repeated names, `TrailingCommas`,
/// `OverwrittenNumbers`); what we accept
/// also reads back unchanged from our own writer (`compactText`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let ours: Result<JSONValue, CoreError> = Result { () throws(CoreError) in try JSONValue.parse(bytes) }
    switch (ours, FoundationJSON.read(bytes)) {
    case (.success(let v), .value(let f)):
        // A repeated member name keeps its first value with us and its last with Foundation (FoundationJSON):
        // each is compared with the reading that keeps the same one.
        guard let readings = DuplicateReadings.read(bytes) else { Oracle.fail("JSONCursor refuses what we accept") }
        if let d = JSONSame.difference(v, readings.first) { Oracle.fail("ours and the first-wins reading differ \(d)") }
        if let d = JSONSame.difference(
            readings.last, f, tolerance: FoundationJSON.numberTolerance)
        {
            Oracle.fail("the last-wins reading and Foundation's differ \(d)")
        }
    case (.failure, .refused), (.failure, .notUTF8):
        break
    case (.success(let v), .refused(let why)):
        Oracle.fail("we accept \(v), Foundation refuses: \(why)")
    case (.success(let v), .notUTF8):
        Oracle.fail("we accept \(v) from text that is not UTF-8 JSON")
    case (.failure(.malformedJSON(let offset, _, _, let reason)), .value) where reason.hasSuffix("is out of range"):
        // Foundation never converts a number under a repeated name that a later member replaces (see
        // OverwrittenNumbers): the number we refuse must be one Foundation refuses on its own.
        Oracle.check(
            OverwrittenNumbers.foundationRefusesNumber(in: bytes, at: offset),
            "we refuse a number out of range at byte \(offset) (\(reason)) that Foundation reads on its own")
    case (.failure(let e), .value(let f)):
        // Foundation's other leniency found so far: a comma before '}' or ']' (see TrailingCommas). Without those
        // commas, we must read the same value.
        guard let fixed = TrailingCommas.removed(bytes), let v = try? JSONValue.parse(fixed),
            let readings = DuplicateReadings.read(fixed),
            JSONSame.same(v, readings.first),
            JSONSame.same(
                readings.last, f, tolerance: FoundationJSON.numberTolerance)
        else { Oracle.fail("we refuse (\(e)), Foundation reads \(f)") }
    }
    if case .failure(.malformedJSON(let offset, let line, let column, _)) = ours {
        Oracle.check(offset >= 0 && offset <= size, "error offset \(offset) outside the \(size) bytes")
        // The line is one more than the line feeds before the offset; the column counts the code points since the
        // last of them, so it can be no more than the bytes since it.
        let before = bytes[..<min(max(offset, 0), bytes.count)]
        let feeds = before.count { $0 == 0x0A }
        let sinceFeed = before.count - ((before.lastIndex(of: 0x0A) ?? -1) + 1)
        Oracle.check(line == 1 + feeds, "error line \(line) with \(feeds) line feeds before byte \(offset)")
        Oracle.check(
            column >= 1 && column <= 1 + sinceFeed,
            "error column \(column) with \(sinceFeed) bytes since the last line feed before byte \(offset)")
    }
    if case .success(let v) = ours {
        let again = try? JSONValue.parse(Array(v.compactText.utf8))
        Oracle.check(
            again.map { JSONSame.same($0, v) } == true, "compactText \(v.compactText) reads back as \(again as Any)")
    }
    return 0
}
