/// RFC 4180 CSV: fields separated by commas, optionally double-quoted (a quote inside doubled), records ended
/// by LF or CRLF; quoted fields may hold commas and line breaks. A UTF-8 byte order mark is skipped and lines
/// with nothing on them are not records.
///
/// Parsing never fails as a whole: a malformed record (a stray quote, text after a closing quote, a quoted field
/// never closed, a field whose bytes are not UTF-8, kept with U+FFFD in their place) keeps the fields read so far
/// and carries a `problem`, so that a batch can report that row and
/// go on, and a reader that must refuse the file can name the line.
public enum CSVRecords {
    /// One row: its fields (quotes removed), its first line (1-based) and, when it is broken, why.
    public struct Record: Sendable {
        /// 1-based line where the record starts.
        public let line: Int
        public let fields: [String]
        /// What is wrong with the record, or nil.
        public let problem: String?
    }

    /// What to do with a text file whose bytes are not UTF-8, said after the place of the bytes (here and by the
    /// other line readers of text files).
    public static let saveAsUTF8 = "save the file as UTF-8 (iconv -f LATIN1 -t UTF-8 converts a Latin-1 one)"

    /// U+FEFF in UTF-8: at the start of a text, the byte order mark.
    @usableFromInline static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    public static func parse(_ text: String) -> [Record] { parse(Array(text.utf8)) }

    public static func parse(_ bytes: [UInt8]) -> [Record] { Array(IteratorSequence(Reader(bytes))) }

    /// The records of a CSV text one at a time, so that a large file is processed in chunks instead of being
    /// held as records all at once.
    public struct Reader: IteratorProtocol {
        let bytes: [UInt8]
        var i: Int
        var line = 1

        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            i = bytes.starts(with: CSVRecords.bom) ? 3 : 0
        }

        /// A reader of a piece of a longer text (a chunk of a stream), whose first byte is on line `firstLine`;
        /// no byte order mark is looked for.
        public init(_ bytes: [UInt8], firstLine: Int) {
            self.bytes = bytes
            i = 0
            line = firstLine
        }

        /// Bytes of the text read so far (the offset where the next record starts).
        public var offset: Int { i }
        /// The line the next record starts on (counting from the `firstLine` given).
        public var nextLine: Int { line }

        public mutating func next() -> Record? {
            let quote = UInt8(ascii: "\"")
            let comma = UInt8(ascii: ",")
            let lf: UInt8 = 0x0A
            let cr: UInt8 = 0x0D
            var fields: [String] = []
            var field: [UInt8] = []
            var problem: String? = nil
            var recordLine = line
            var inQuotes = false
            var wasQuoted = false
            func endField() {
                if let text = String(validating: field, as: UTF8.self) {
                    fields.append(text)
                } else {
                    // Kept with U+FFFD for what is not UTF-8, so the row can still be shown, but never read as it
                    // were good: a file in another encoding (Latin-1, Windows-1252) would otherwise lose its
                    // letters without a word.
                    fields.append(String(decoding: field, as: UTF8.self))
                    problem =
                        problem ?? "field \(fields.count) holds bytes that are not UTF-8; \(CSVRecords.saveAsUTF8)"
                }
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
            }
            /// The record just ended, unless it is an empty line (then reading goes on). A line holding only `""`
            /// is not empty: it is a record of one empty field.
            func endRecord() -> Record? {
                let quoted = wasQuoted
                endField()
                defer {
                    fields.removeAll(keepingCapacity: true)
                    problem = nil
                }
                if fields.count == 1 && fields[0].isEmpty && !quoted && problem == nil { return nil }
                return Record(line: recordLine, fields: fields, problem: problem)
            }
            while i < bytes.count {
                let b = bytes[i]
                if inQuotes {
                    if b == quote {
                        if i + 1 < bytes.count && bytes[i + 1] == quote {
                            field.append(b)
                            i += 2
                            continue
                        }
                        inQuotes = false
                    } else {
                        if b == lf { line += 1 }
                        field.append(b)
                    }
                    i += 1
                    continue
                }
                switch b {
                case quote:
                    if field.isEmpty && !wasQuoted {
                        inQuotes = true
                        wasQuoted = true
                    } else {
                        problem =
                            problem ?? "a quote inside an unquoted field; quote the whole field and double inner quotes"
                        field.append(b)
                    }
                case comma:
                    endField()
                case cr where i + 1 < bytes.count && bytes[i + 1] == lf:
                    break
                case lf:
                    i += 1
                    line += 1
                    if let r = endRecord() { return r }
                    recordLine = line
                    continue
                default:
                    if wasQuoted { problem = problem ?? "text after a closing quote" }
                    field.append(b)
                }
                i += 1
            }
            if inQuotes { problem = "a quoted field is never closed (it runs to the end of the input)" }
            if !field.isEmpty || !fields.isEmpty || wasQuoted || problem != nil { return endRecord() }
            return nil
        }
    }

    /// Appends a row: the fields of `parts`, one part after the other, escaped (see `escape`), separated by
    /// commas, then a line break; a row of one empty field as `""`.
    public static func appendRow(_ parts: [String]..., to out: inout String) {
        var first = true
        var fields = 0
        for part in parts {
            for f in part {
                if !first { out.append(",") }
                first = false
                out.append(escape(f))
                fields += 1
            }
        }
        // A row of one empty field would be an empty line, which is no record: it is written quoted.
        if fields == 1 && parts.allSatisfy({ $0.allSatisfy(\.isEmpty) }) { out.append("\"\"") }
        out.append("\n")
    }

    /// Whether a field of these UTF-8 bytes must be quoted: it holds a comma, quote or line break, or starts with
    /// U+FEFF (unquoted at the start of a file, a reader would take it for the byte order mark and drop it).
    /// Byte tests, not Character ones: a batch asks for every field of every row.
    @inlinable
    public static func needsQuotes<Bytes: Collection<UInt8>>(_ utf8: Bytes) -> Bool {
        utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 })
            || utf8.starts(with: bom)
    }

    /// One CSV field, quoted when `needsQuotes` says so.
    public static func escape(_ s: String) -> String {
        guard needsQuotes(s.utf8) else { return s }
        // Quotes doubled byte by byte: splitting on the Character `"` would miss a quote that a combining mark
        // after it joins into one grapheme (`"` + U+064B), and leave it single (found by tools/fuzz csv).
        var out: [UInt8] = [34]
        out.reserveCapacity(s.utf8.count + 8)
        for b in s.utf8 {
            out.append(b)
            if b == 34 { out.append(34) }
        }
        out.append(34)
        return String(decoding: out, as: UTF8.self)
    }
}
