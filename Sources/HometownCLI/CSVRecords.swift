/// RFC 4180 CSV: fields separated by commas, optionally quoted with `"` (a quote inside doubled), records by
/// LF or CRLF; quoted fields may hold commas and line breaks.
enum CSVRecords {
    struct Record {
        /// 1-based line where the record starts.
        let line: Int
        let fields: [String]
        /// Set when the record is malformed (an unterminated quote, text after a closing quote).
        let problem: String?
    }

    static func parse(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false, afterQuote = false
        var problem: String? = nil
        var line = 1, startLine = 1
        var it = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return it.next()
        }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && problem == nil) {
                records.append(Record(line: startLine, fields: fields, problem: problem))
            }
            fields = []; field = ""; problem = nil; afterQuote = false
        }
        while let c = next() {
            if inQuotes {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; afterQuote = true; pending = n }
                    } else { inQuotes = false; afterQuote = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case ",":
                fields.append(field); field = ""; afterQuote = false
            case "\r":
                continue
            case "\n":
                endRecord()
                line += 1
                startLine = line
            case "\"":
                if field.isEmpty && !afterQuote { inQuotes = true } else {
                    problem = problem ?? "stray quote in field \(fields.count + 1)"
                    field.unicodeScalars.append(c)
                }
            default:
                if afterQuote { problem = problem ?? "text after the closing quote of field \(fields.count + 1)" }
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { problem = "unterminated quoted field \(fields.count + 1) (it runs to the end of the input)" }
        if !field.isEmpty || !fields.isEmpty || problem != nil { endRecord() }
        return records
    }

    /// One CSV field, quoted when it needs to be.
    static func escape(_ s: String) -> String {
        if s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
        }
        return s
    }
}

extension String {
    func replacingAll(_ a: String, with b: String) -> String {
        self.split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
