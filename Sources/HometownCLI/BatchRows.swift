import HometownCore

/// What the batch jobs that add columns to their rows (`reverse --input`, `transform --input`) share: which lines
/// are rows, the JSON keys of CSV columns, and CSV rows with the added columns (JSON rows: `BatchRowObject`).
enum BatchRows {
    /// Whether an NDJSON line holds a row: anything but spaces, tabs and a carriage return (blank lines are
    /// skipped, and still counted for line numbers).
    static func isNonBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
    }

    /// JSON keys for CSV columns named `names`: a column named like one of the `added` columns becomes
    /// "<name>_input", a repeated name gets a number ("<name>_2", ...), so that no value is lost.
    static func jsonKeys(for names: [String], added: [String]) -> [String] {
        var seen = Set(added)
        return names.map { n in
            var key = added.contains(n) ? n + "_input" : n
            var k = 2
            while seen.contains(key) {
                key = "\(n)_\(k)"
                k += 1
            }
            seen.insert(key)
            return key
        }
    }

    /// Appends a CSV row: its first `width` fields, padded with empty ones up to `width` (a short row), then
    /// `added`, then the fields beyond `width` (a long row, whose extra fields have no column of the header): the
    /// added columns stay under their names, and no field is lost.
    static func appendCSV(_ fields: [String], width: Int, added: [String], to out: inout String) {
        if fields.count > width {
            CSVRecords.appendRow(Array(fields[..<width]), added, Array(fields[width...]), to: &out)
        } else {
            CSVRecords.appendRow(fields, [String](repeating: "", count: width - fields.count), added, to: &out)
        }
    }

    /// What is wrong with a CSV row before its values are read, or nil for a sound row: a broken row (the reader's
    /// problem), or a row whose number of fields is not the header's `width`. The message names the row's line.
    static func csvProblem(_ r: CSVRecords.Record, width: Int) -> String? {
        if let p = r.problem { return "line \(r.line): \(p)" }
        if r.fields.count != width { return "line \(r.line): expected \(width) fields, found \(r.fields.count)" }
        return nil
    }
}
