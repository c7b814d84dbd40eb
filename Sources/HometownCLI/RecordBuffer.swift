import HometownCore

/// Streamed input cut into whole records: CSV records (a line feed inside quotes does not end one) or lines.
/// Bytes are appended as they arrive; complete records are taken off the front with the line number they start
/// on, so that messages name the line a person sees in an editor.
struct RecordBuffer {
    enum Kind { case csv, lines }

    let kind: Kind
    private(set) var bytes: [UInt8] = []
    /// End of the last complete record in `bytes`.
    private var boundary = 0
    private var scanned = 0
    private var scanner = CSVRecords.BoundaryScanner()
    /// The line the first byte of `bytes` is on.
    private(set) var firstLine = 1
    /// Complete records (at most; blank lines count) waiting in `bytes`: the line feeds before `boundary`.
    private(set) var waiting = 0

    init(kind: Kind) { self.kind = kind }

    mutating func append(_ more: [UInt8]) {
        bytes += more
        switch kind {
        case .csv:
            if let b = scanner.scan(bytes, from: scanned) {
                waiting += ByteCount.count(0x0A, in: bytes[boundary..<b])
                boundary = b
            }
        case .lines:
            if let last = bytes[scanned...].lastIndex(of: 0x0A) {
                waiting += ByteCount.count(0x0A, in: bytes[scanned...last])
                boundary = last + 1
            }
        }
        scanned = bytes.count
    }

    /// The bytes of every complete record (and the line the first starts on), removed from the buffer; with
    /// `all`, also the last record, which has no line feed after it (at the end of the input).
    mutating func take(all: Bool = false) -> (bytes: [UInt8], firstLine: Int) {
        let end = all ? bytes.count : boundary
        let line = firstLine
        firstLine += waiting + (all ? ByteCount.count(0x0A, in: bytes[boundary...]) : 0)
        // The records taken keep the buffer's storage; only the partial record after them (less than a block) is
        // copied into a new one.
        var taken = bytes
        bytes = Array(taken[end...])
        taken.removeLast(taken.count - end)
        boundary -= end
        scanned -= end
        waiting = 0
        return (taken, line)
    }

    /// Whether bytes of a record without its line feed are waiting (only a problem at the end of the input).
    var hasPartialRecord: Bool { bytes.contains { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 && $0 != 0x09 } }
}
