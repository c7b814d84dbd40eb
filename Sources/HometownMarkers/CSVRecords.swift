/// Splits CSV text (RFC 4180: commas, double-quoted fields with "" escapes, LF or CRLF line ends) into
/// records, each with the line number it starts on (1-based).
enum CSVRecords {
    struct Record {
        var fields: [String]
        var line: Int
    }

    /// - Throws: a reason naming the line of an unterminated quote or stray quote.
    static func parse(_ bytes: [UInt8]) throws(FieldError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1
        var i = 0
        var inQuotes = false, wasQuoted = false
        // Skip a UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true); wasQuoted = false }
        while i < bytes.count {
            let b = bytes[i]
            if inQuotes {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 2; continue }
                    inQuotes = false
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                guard field.isEmpty, !wasQuoted else {
                    throw FieldError("line \(line): a quote inside an unquoted field; quote the whole field and double inner quotes")
                }
                inQuotes = true; wasQuoted = true
            case UInt8(ascii: ","):
                endField()
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
                break
            case 0x0A:
                endField()
                records.append(Record(fields: fields, line: recordLine))
                fields.removeAll(keepingCapacity: true)
                line += 1; recordLine = line
            default:
                if wasQuoted { throw FieldError("line \(line): text after a closing quote") }
                field.append(b)
            }
            i += 1
        }
        if inQuotes { throw FieldError("line \(recordLine): a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            endField()
            records.append(Record(fields: fields, line: recordLine))
        }
        // Lines with nothing on them are not records.
        return records.filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }
    }
}
