import Foundation
import HometownCore

/// The input side of the batch jobs that read a point from each row (`reverse --input`, `transform --input`):
/// the CSV header's columns and which two hold the point, the JSON keys the CSV columns become, and an NDJSON line
/// read into its object and its two values. The jobs differ in what the two values are and what they add.
struct BatchPointInput {
    /// One of the two values of a row: under the column (CSV) or key (NDJSON) its option names, else under the
    /// first of `defaults` that the input has (compared without case in a CSV header).
    struct Column {
        /// The names looked for when the option is not given.
        let defaults: [String]
        /// The value, for messages ("latitude", "x").
        let what: String
        /// The option that names the column ("--lat-column").
        let option: String
    }

    /// The input's name, for messages.
    let source: String
    /// CSV or NDJSON.
    let format: BatchRecordFormat
    /// The columns of the two values, in the order the job reads them, each with the name its option gave.
    let first: (column: Column, chosen: String?)
    let second: (column: Column, chosen: String?)
    /// The columns the job adds to each row (for the JSON keys of CSV columns of the same names).
    let added: [String]
    /// The CSV header's column names, trimmed (empty for NDJSON).
    private(set) var names: [String] = []
    /// The JSON keys of the CSV columns (`BatchRows.jsonKeys`).
    private(set) var jsonNames: [String] = []
    private var firstIndex = 0
    private var secondIndex = 0

    /// The input of a `job` from `source` in `format`, its two columns as named by their options (nil: not given).
    init<J: PointRowsJob>(
        of job: J.Type, source: String, format: BatchRecordFormat, chosen first: String?, _ second: String?
    ) {
        self.source = source
        self.format = format
        self.first = (J.pointColumns.0, first)
        self.second = (J.pointColumns.1, second)
        added = J.addedColumns
    }

    /// Reads a CSV input's header row: its names, and which columns hold the two values.
    /// - Parameter check: the job's own check of the (trimmed) names, before the columns are looked for.
    /// - Throws: a `CLIError` for an empty input, a broken header row, or a value with no column; what `check`
    ///   throws.
    mutating func readHeader(_ header: CSVRecords.Record?, check: ([String]) throws -> Void = { _ in }) throws {
        guard let header else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
        if let p = header.problem { throw CLIError("\(source) line \(header.line): header row: \(p)") }
        names = header.fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        try check(names)
        firstIndex = try index(of: first)
        secondIndex = try index(of: second)
        jsonNames = BatchRows.jsonKeys(for: names, added: added)
    }

    /// The header row to write before the added columns: the input's `fields` as written, but for a name that
    /// `jsonNames` changes (one like an added column, "<name>_input"; a repeated one), which is written so, so
    /// that no two columns of the output have one name.
    func csvHeader(_ fields: [String]) -> [String] {
        fields.enumerated().map { i, f in i < names.count && jsonNames[i] != names[i] ? jsonNames[i] : f }
    }

    private func index(of c: (column: Column, chosen: String?)) throws -> Int {
        try BatchColumns.index(
            in: names, chosen: c.chosen, defaults: c.column.defaults, what: c.column.what, option: c.column.option,
            source: source)
    }

    /// The 0-based CSV columns of the two values (after `readHeader`).
    var columnIndices: (Int, Int) { (firstIndex, secondIndex) }

    /// The texts of the two values of a CSV row, or nil when the row is too short to have them.
    func texts(_ r: CSVRecords.Record) -> (String, String)? {
        max(firstIndex, secondIndex) < r.fields.count ? (r.fields[firstIndex], r.fields[secondIndex]) : nil
    }

    /// One CSV row: the point `make` builds of its two values' texts, or the error naming the row's line (the point
    /// is nil then): a broken row, a row whose number of fields is not the header's (its fields are not where the
    /// header says: no point is read), or what `make` throws.
    func read<Point>(row r: CSVRecords.Record, make: (String, String) throws -> Point) -> (
        point: Point?, error: String?
    ) {
        if let problem = BatchRows.csvProblem(r, width: names.count) {
            return (nil, problem)
        }
        guard let values = texts(r) else { return (nil, nil) }
        do { return (try make(values.0, values.1), nil) } catch { return (nil, "line \(r.line): \(error)") }
    }

    /// One NDJSON line: its object, the point `make` builds of its two values, or the error naming the line (the
    /// point is nil then). A value is a JSON number, or a string `parse` reads (given the text, the key and what
    /// the value is); where a key is written twice, its first value is the one read. A line that is not a JSON
    /// object keeps its text under "_line", so nothing of it is lost.
    func read<Point>(
        line text: ArraySlice<UInt8>, number: Int,
        parse: (String, _ key: String, _ what: String) throws -> Double,
        make: (Double, Double) throws -> Point
    ) -> (object: BatchRowObject, point: Point?, error: String?) {
        var members: [JSONMember]? = nil
        do {
            let o: [JSONMember]
            do { o = try JSONValue.parseMembers(Array(text)) } catch {
                // A line of valid JSON that is not an object, or one that is not JSON at all.
                if (try? JSONValue.parse(text)) != nil { throw CLIError("expected a JSON object") }
                throw error
            }
            members = o
            func value(_ c: (column: Column, chosen: String?)) throws -> Double {
                let keys = c.chosen.map { [$0] } ?? c.column.defaults
                guard let (key, v) = keys.lazy.compactMap({ k in o.first { $0.key == k }.map { (k, $0.value) } }).first
                else {
                    throw CLIError("no \(c.column.what) (looked for \(keys.joined(separator: ", ")))")
                }
                switch v {
                case .number(let d) where d.isFinite: return d
                case .string(let s): return try parse(s, key, c.column.what)
                default: throw CLIError("\(key) must be a number")
                }
            }
            return (BatchRowObject(o), try make(try value(first), try value(second)), nil)
        } catch {
            let object = members.map(BatchRowObject.init) ?? BatchRowObject(line: String(decoding: text, as: UTF8.self))
            return (object, nil, "line \(number): \(error)")
        }
    }
}

/// A batch job that reads a point from two columns of each row and adds columns of its own.
protocol PointRowsJob: BatchJob {
    /// The two columns the point is read from, in the order the job reads them.
    static var pointColumns: (BatchPointInput.Column, BatchPointInput.Column) { get }
    /// The columns the job adds to each row.
    static var addedColumns: [String] { get }
    /// The job's input.
    var input: BatchPointInput { get }
}

extension PointRowsJob {
    var recordKind: RecordBuffer.Kind { input.format.recordKind }

    /// Blank NDJSON lines are skipped (and still counted for line numbers).
    func isRow(_ line: ArraySlice<UInt8>) -> Bool { BatchRows.isNonBlank(line) }
}
