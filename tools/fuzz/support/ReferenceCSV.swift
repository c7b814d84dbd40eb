/// A second CSV reader, written apart from `CSVRecords` from its documentation (RFC 4180 with its leniencies),
/// as the CSV oracle: a plain state machine over the whole text.
///
/// Rules: a UTF-8 byte order mark at the start is skipped; fields are separated by commas; a field that starts
/// with a quote is quoted (a doubled quote inside is one quote, line breaks and commas are text); a record ends
/// at a line feed outside quotes, and a carriage return just before that line feed is dropped; a line with
/// nothing on it (or only that carriage return) is no record. A record is broken (it has a problem, its text
/// kept) when a quote appears inside an unquoted field, text follows a closing quote, a quoted field runs to
/// the end, or a field's bytes are not UTF-8. Lines count every line feed, in quotes or not; a record's line is the one it starts on.
struct ReferenceCSV {
    struct Record: Equatable {
        var line: Int
        var fields: [[UInt8]]
        var broken: Bool
    }

    /// The records, and the offsets just after each line feed that ends a record (blank lines included).
    var records: [Record] = []
    var recordEnds: [Int] = []

    private enum State {
        /// At the start of a field.
        case fieldStart
        /// In an unquoted field.
        case unquoted
        /// Inside quotes.
        case quoted
        /// A quote was read inside quotes: a second one makes a quote, anything else closed the field.
        case quoteInQuoted
        /// After the closing quote of a field.
        case closed
    }

    init(_ text: [UInt8]) {
        var records: [Record] = []
        var recordEnds: [Int] = []
        var i = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var state = State.fieldStart
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var broken = false
        var line = 1
        var recordLine = 1
        var lineHasText = false
        func finishRecord() {
            fields.append(field)
            if fields.contains(where: { !ReferenceCSV.isUTF8($0) }) { broken = true }
            if lineHasText || broken || fields.count > 1 || !field.isEmpty {
                records.append(Record(line: recordLine, fields: fields, broken: broken))
            }
            fields = []
            field = []
            broken = false
            lineHasText = false
            state = .fieldStart
        }
        while i < text.count {
            let b = text[i]
            i += 1
            if state == .quoteInQuoted {
                if b == 0x22 {
                    field.append(b)
                    state = .quoted
                    continue
                }
                state = .closed
            }
            switch (state, b) {
            case (.quoted, 0x22):
                state = .quoteInQuoted
            case (.quoted, _):
                if b == 0x0A { line += 1 }
                field.append(b)
            case (_, 0x0D) where i < text.count && text[i] == 0x0A:
                break
            case (_, 0x0A):
                line += 1
                recordEnds.append(i)
                finishRecord()
                recordLine = line
            case (_, 0x2C):
                lineHasText = true
                fields.append(field)
                field = []
                state = .fieldStart
            case (.fieldStart, 0x22):
                lineHasText = true
                state = .quoted
            case (.fieldStart, _), (.unquoted, _):
                if b == 0x22 { broken = true }
                lineHasText = true
                field.append(b)
                state = .unquoted
            case (.closed, _):
                // Text after a closing quote (a quote included) is kept, and breaks the record.
                broken = true
                field.append(b)
            case (.quoteInQuoted, _):
                fatalError("handled above")
            }
        }
        if state == .quoted { broken = true }
        if state == .quoteInQuoted { state = .closed }
        if lineHasText || broken || !fields.isEmpty || !field.isEmpty { finishRecord() }
        self.records = records
        self.recordEnds = recordEnds
    }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
    /// U+10FFFF), checked byte by byte rather than by the standard library that `CSVRecords` asks.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let (count, low, high): (Int, UInt8, UInt8)
            switch b {
            case 0x00...0x7F:
                i += 1
                continue
            case 0xC2...0xDF: (count, low, high) = (1, 0x80, 0xBF)
            case 0xE0: (count, low, high) = (2, 0xA0, 0xBF)
            case 0xED: (count, low, high) = (2, 0x80, 0x9F)
            case 0xE1...0xEC, 0xEE...0xEF: (count, low, high) = (2, 0x80, 0xBF)
            case 0xF0: (count, low, high) = (3, 0x90, 0xBF)
            case 0xF1...0xF3: (count, low, high) = (3, 0x80, 0xBF)
            case 0xF4: (count, low, high) = (3, 0x80, 0x8F)
            default: return false
            }
            // The first continuation byte has the lead byte's own range; the rest are 0x80...0xBF.
            guard i + count < bytes.count, (low...high).contains(bytes[i + 1]) else { return false }
            for k in 2..<(count + 1) where !(0x80...0xBF).contains(bytes[i + k]) { return false }
            i += count + 1
        }
        return true
    }
}
