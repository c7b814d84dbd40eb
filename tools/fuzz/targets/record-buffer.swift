// fuzz-build: modules=HometownCore sources=Sources/HometownCLI/RecordBuffer.swift support=Oracle,FuzzBytes
import HometownCore

/// `RecordBuffer` (the batch commands' streamed input), fed the input in random pieces and emptied at random
/// moments: what it hands out, joined, is the input; every piece taken before the end ends exactly at a record
/// end (a line feed outside quotes for CSV, any line feed for lines) and starts on the line it says; and the
/// CSV records read piece by piece (`CSVRecords.Reader(firstLine:)`) are those of the whole text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordBuffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzBytes(buffer)
    let bytes = Array(buffer)
    for kind in [RecordBuffer.Kind.csv, .lines] {
        var records = RecordBuffer(kind: kind)
        var taken: [UInt8] = []
        var pieces: [(bytes: [UInt8], firstLine: Int)] = []
        for piece in choices.pieces(of: bytes.count, maxPiece: 48) {
            records.append(Array(bytes[piece]))
            if choices.next() % 3 == 0 {
                let t = records.take()
                pieces.append(t)
                taken += t.bytes
            }
        }
        let rest = records.bytes
        let partial = records.hasPartialRecord
        let last = records.take(all: true)
        Oracle.check(last.bytes == rest, "take(all:) gave other bytes than those waiting")
        Oracle.check(
            partial == rest.contains { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 && $0 != 0x09 },
            "hasPartialRecord is \(partial) for \(rest)")
        pieces.append(last)
        taken += last.bytes
        Oracle.check(taken == bytes, "\(kind): the pieces taken do not make up the input")
        // Each piece starts where the one before ended: on the line after its line feeds.
        var offset = 0
        for (k, p) in pieces.enumerated() {
            let line = 1 + bytes[0..<offset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            Oracle.check(p.firstLine == line, "\(kind): piece \(k) says line \(p.firstLine), it starts on \(line)")
            offset += p.bytes.count
            if k < pieces.count - 1 && !p.bytes.isEmpty {
                Oracle.check(p.bytes.last == 0x0A, "\(kind): piece \(k) does not end with a line feed")
                if kind == .csv {
                    // A record end: the whole text's records up to here are exactly those of the text before.
                    var scanner = CSVRecords.BoundaryScanner()
                    let end = scanner.scan(Array(bytes[0..<offset]), from: 0)
                    Oracle.check(end == offset, "csv: piece \(k) ends at \(offset), inside a quoted field")
                }
            }
        }
        if kind == .csv {
            // The batch commands take a byte order mark off before the buffer (BatchInput), so no reader here
            // looks for one.
            let whole = Array(IteratorSequence(CSVRecords.Reader(bytes, firstLine: 1))).map {
                "\($0.line) \($0.fields) \($0.problem != nil)"
            }
            var inPieces: [String] = []
            for p in pieces {
                var reader = CSVRecords.Reader(p.bytes, firstLine: p.firstLine)
                while let r = reader.next() { inPieces.append("\(r.line) \(r.fields) \(r.problem != nil)") }
            }
            Oracle.check(inPieces == whole, "csv: records read in pieces \(inPieces), whole \(whole)")
        }
    }
    return 0
}
