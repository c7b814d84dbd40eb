import HometownCore
import HometownProj

/// Batch transformation (`hometown transform --input`): CSV or NDJSON rows in, the same rows out in the same order
/// with `to_x`, `to_y` and `error` added. Each chunk of rows the runner hands over goes through PROJ in one batch
/// call; a bad row keeps its place with its message in `error`, never dropped.
struct TransformJob: BatchJob {
    enum OutputFormat: String, CaseIterable { case csv, ndjson }

    static let addedColumns = ["to_x", "to_y", "error"]
    static let defaultX = ["x", "lon", "longitude", "lng", "long", "easting"]
    static let defaultY = ["y", "lat", "latitude", "northing"]

    let transformation: Transformation
    let source: String
    let inputFormat: BatchRecordFormat
    let outputFormat: OutputFormat
    let xColumn: String?
    let yColumn: String?
    private var names: [String] = []
    /// NDJSON keys for the CSV columns (`BatchRows.jsonKeys`).
    private var jsonNames: [String] = []
    private var xIndex = 0, yIndex = 0

    /// - Throws: when the formats cannot go together (NDJSON in, CSV out: an object's keys are not known ahead).
    init(
        transformation: Transformation, source: String, inputFormat: BatchRecordFormat, outputFormat: OutputFormat,
        xColumn: String?, yColumn: String?
    ) throws {
        if inputFormat == .ndjson, outputFormat == .csv {
            throw CLIError(
                "--format csv needs CSV input: an NDJSON row's keys are not known in advance; use --format ndjson")
        }
        self.transformation = transformation
        self.source = source
        self.inputFormat = inputFormat
        self.outputFormat = outputFormat
        self.xColumn = xColumn
        self.yColumn = yColumn
    }

    var recordKind: RecordBuffer.Kind { inputFormat.recordKind }

    func isRow(_ line: ArraySlice<UInt8>) -> Bool { BatchRows.isNonBlank(line) }

    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8] {
        guard inputFormat == .csv else { return [] }
        guard let header else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
        if let p = header.problem { throw CLIError("\(source) line \(header.line): header row: \(p)") }
        names = header.fields.map { ProjCommandSupport.trimmed($0) }
        if let clash = names.first(where: { Self.addedColumns.contains($0.lowercased()) }) {
            throw CLIError(
                "\(source): the input already has a column \"\(clash)\"; transform adds \(Self.addedColumns.joined(separator: ", ")), rename it first"
            )
        }
        xIndex = try BatchColumns.index(
            in: names, chosen: xColumn, defaults: Self.defaultX, what: "x", option: "--x-column", source: source)
        yIndex = try BatchColumns.index(
            in: names, chosen: yColumn, defaults: Self.defaultY, what: "y", option: "--y-column", source: source)
        jsonNames = BatchRows.jsonKeys(for: names, added: Self.addedColumns)
        guard outputFormat == .csv else { return [] }
        var out = ""
        CSVRecords.appendRow(header.fields, Self.addedColumns, to: &out)
        return Array(out.utf8)
    }

    mutating func process(csv records: ArraySlice<CSVRecords.Record>, cut: Bool) -> (out: [UInt8], errors: Int) {
        var points = [(x: Double, y: Double)?](repeating: nil, count: records.count)
        var errors = [String?](repeating: nil, count: records.count)
        for (k, r) in records.enumerated() {
            let isCutRow = cut && k == records.count - 1
            if let problem = BatchRows.csvProblem(r, isCutRow: isCutRow, source: source, width: names.count) {
                errors[k] = problem
                continue
            }
            do {
                points[k] = (
                    try ProjCommandSupport.number(r.fields[xIndex], field: "x"),
                    try ProjCommandSupport.number(r.fields[yIndex], field: "y")
                )
            } catch { errors[k] = "line \(r.line): \(error)" }
        }
        let results = transform(points, lines: records.map(\.line), errors: &errors)
        var out = ""
        for (k, r) in records.enumerated() {
            switch outputFormat {
            case .csv:
                let added = [results[k].map { text($0.x) } ?? "", results[k].map { text($0.y) } ?? "", errors[k] ?? ""]
                BatchRows.appendCSV(r.fields, width: names.count, added: added, to: &out)
            case .ndjson:
                append(BatchRows.object(r.fields, keys: jsonNames), result: results[k], error: errors[k], to: &out)
            }
        }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>, cut: Bool) -> (
        out: [UInt8], errors: Int
    ) {
        var objects: [[String: JSONValue]] = []
        var errors: [String?] = []
        var points: [(x: Double, y: Double)?] = []
        for (i, (lineNo, text)) in lines.enumerated() {
            var obj: [String: JSONValue] = [:]
            var point: (x: Double, y: Double)? = nil
            var err: String? = nil
            do {
                if cut && i == lines.count - 1 {
                    throw CLIError("the input ends inside this row (\(source) is truncated)")
                }
                guard case .object(let o) = try JSONValue.parse(Array(text)) else {
                    throw CLIError("expected a JSON object")
                }
                obj = o
                func value(_ chosen: String?, _ defaults: [String], _ what: String) throws -> Double {
                    let keys = chosen.map { [$0] } ?? defaults
                    guard let key = keys.first(where: { o[$0] != nil }), let v = o[key] else {
                        throw CLIError("no \(what) (looked for \(keys.joined(separator: ", ")))")
                    }
                    switch v {
                    case .number(let d) where d.isFinite: return d
                    case .string(let s): return try ProjCommandSupport.number(s, field: key)
                    default: throw CLIError("\(key) must be a number")
                    }
                }
                point = (try value(xColumn, Self.defaultX, "x"), try value(yColumn, Self.defaultY, "y"))
            } catch {
                err = "line \(lineNo): \(error)"
                // Keep the row's text when it is not a JSON object, so nothing of it is lost.
                if obj.isEmpty { obj = ["_line": .string(String(decoding: text, as: UTF8.self))] }
            }
            objects.append(obj)
            errors.append(err)
            points.append(point)
        }
        let results = transform(points, lines: lines.map(\.number), errors: &errors)
        var out = ""
        for k in objects.indices { append(objects[k], result: results[k], error: errors[k], to: &out) }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    func end() -> [UInt8] { [] }

    /// Transforms the rows' points in one batch; `points[k]` is nil for a row that already has an error. A point
    /// PROJ cannot transform gets its message in `errors[k]`.
    /// - Returns: per row, the transformed point, or nil.
    private func transform(_ points: [(x: Double, y: Double)?], lines: [Int], errors: inout [String?]) -> [(
        x: Double, y: Double
    )?] {
        var xs: [Double] = []
        var ys: [Double] = []
        var slots: [Int] = []
        xs.reserveCapacity(points.count)
        ys.reserveCapacity(points.count)
        slots.reserveCapacity(points.count)
        for (k, p) in points.enumerated() {
            if let p {
                xs.append(p.x)
                ys.append(p.y)
                slots.append(k)
            }
        }
        var out = [(x: Double, y: Double)?](repeating: nil, count: points.count)
        let failed: Set<Int>
        do {
            failed = Set(try transformation.transformReportingFailures(xs: &xs, ys: &ys))
        } catch {
            for k in slots { errors[k] = "line \(lines[k]): \(error)" }
            return out
        }
        for (j, k) in slots.enumerated() {
            if failed.contains(j) {
                errors[k] = failure(points[k]!, line: lines[k])
            } else {
                out[k] = (xs[j], ys[j])
            }
        }
        return out
    }

    /// The message for a point PROJ could not transform: PROJ's own reason, from transforming it alone.
    private func failure(_ p: (x: Double, y: Double), line: Int) -> String {
        do {
            _ = try transformation.transform(x: p.x, y: p.y)
            return "line \(line): cannot transform (\(text(p.x)), \(text(p.y)))"
        } catch {
            return "line \(line): \(error)"
        }
    }

    private func text(_ v: Double) -> String { ProjCommandSupport.json(v) }

    /// One NDJSON line: the row's object with `to_x`, `to_y` (numbers or null) and `error` (text or null), added
    /// by `BatchRows.add` (an input key of one of those names keeps its value under "<key>_input").
    private func append(
        _ object: [String: JSONValue], result: (x: Double, y: Double)?, error: String?, to out: inout String
    ) {
        var o = object
        BatchRows.add(result.map { .number($0.x) } ?? .null, as: "to_x", to: &o)
        BatchRows.add(result.map { .number($0.y) } ?? .null, as: "to_y", to: &o)
        BatchRows.add(error.map { .string($0) } ?? .null, as: "error", to: &o)
        JSONValue.object(o).write(to: &out)
        out += "\n"
    }
}
