/// A second CSV reader, written apart from `CSVRecords` from its documentation (RFC 4180 with its leniencies),
/// as the CSV oracle: a plain state machine over the whole text.
///
/// Rules: a UTF-8 byte order mark at the start is skipped; fields are separated by commas; a field that starts
/// with a quote is quoted (a doubled quote inside is one quote, line breaks and commas are text); a record ends
/// at a line feed outside quotes, and a carriage return just before that line feed is dropped; a line with
/// nothing on it (or only that carriage return) is no record. A record is broken (it has a problem, its text
/// kept) when a quote appears inside an unquoted field, text follows a closing quote, or a quoted field runs to
/// the end. Lines count every line feed, in quotes or not; a record's line is the one it starts on.
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
}
