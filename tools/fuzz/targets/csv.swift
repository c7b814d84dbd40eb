// fuzz-build: modules=HometownCore support=Oracle,FuzzBytes,ReferenceCSV
import HometownCore

/// `CSVRecords` against `ReferenceCSV`, a second reader written from the same rules: the same records (fields
/// byte for byte, first lines, broken or not). `CSVRecords.BoundaryScanner`, fed the text in random pieces,
/// finds exactly the record ends the reference finds; and every unbroken record written back with `appendRow`
/// reads back as the same fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzBytes(buffer)
    let bytes = Array(buffer)
    let reference = ReferenceCSV(bytes)
    // CSVRecords makes each field a String, decoding UTF-8 with U+FFFD for broken sequences (its documented
    // reading); the reference's raw fields are decoded the same way before they are compared.
    let expected = reference.records.map {
        ReferenceCSV.Record(
            line: $0.line, fields: $0.fields.map { Array(String(decoding: $0, as: UTF8.self).utf8) }, broken: $0.broken)
    }
    let ours = CSVRecords.parse(bytes).map {
        ReferenceCSV.Record(line: $0.line, fields: $0.fields.map { Array($0.utf8) }, broken: $0.problem != nil)
    }
    Oracle.check(ours == expected, "CSVRecords read \(ours), the reference \(expected)")

    // The boundary scanner, over the text arriving in pieces (the first record end may be a blank line's).
    // The batch input takes a byte order mark off before the scanner sees the text (BatchInput): so here.
    let skip = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let text = Array(bytes[skip...])
    let ends = reference.recordEnds.map { $0 - skip }
    var scanner = CSVRecords.BoundaryScanner()
    var seen: [UInt8] = []
    for piece in choices.pieces(of: text.count, maxPiece: 64) {
        let from = seen.count
        seen += text[piece]
        let end = ends.last { $0 > from && $0 <= seen.count }
        let found = scanner.scan(seen, from: from)
        Oracle.check(found == end, "scanner found a record end at \(found as Any), the reference at \(end as Any)")
    }
    Oracle.check(
        scanner.recordEnds == reference.recordEnds.count,
        "scanner counted \(scanner.recordEnds) record ends, the reference \(reference.recordEnds.count)")

    // Written back and read again.
    for record in CSVRecords.parse(bytes) where record.problem == nil {
        var text = ""
        CSVRecords.appendRow(record.fields, to: &text)
        let again = CSVRecords.parse(text)
        Oracle.check(
            again.count == 1 && again[0].problem == nil
                && again[0].fields.map { Array($0.utf8) } == record.fields.map { Array($0.utf8) },
            "record \(record.fields) written as \(text) reads back as \(again.map(\.fields))")
    }
    return 0
}
