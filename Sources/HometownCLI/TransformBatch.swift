import ArgumentParser
import HometownCore
import HometownProj

/// Batch transformation (`hometown transform --input`): CSV or NDJSON rows in, the same rows out in the same order
/// with `to_x`, `to_y` and `error` added. Each chunk of rows the runner hands over goes through PROJ in one batch
/// call; a bad row keeps its place with its message in `error`, never dropped.
struct TransformJob: PointRowsJob {
    /// `--format`.
    enum OutputFormat: String, RowOutputFormat {
        case csv, ndjson
        var isResumable: Bool { true }
    }

    static let addedColumns = ["to_x", "to_y", "error"]
    static let pointColumns = (
        BatchPointInput.Column(
            defaults: ["x", "lon", "longitude", "lng", "long", "easting"], what: "x", option: "--x-column"),
        BatchPointInput.Column(defaults: ["y", "lat", "latitude", "northing"], what: "y", option: "--y-column")
    )

    let transformation: Transformation
    let outputFormat: OutputFormat
    private(set) var input: BatchPointInput

    init(transformation: Transformation, input: BatchPointInput, outputFormat: OutputFormat) {
        self.transformation = transformation
        self.input = input
        self.outputFormat = outputFormat
    }

    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8] {
        guard input.format == .csv else { return [] }
        try input.readHeader(header)
        guard let header else { return [] }
        guard outputFormat == .csv else { return [] }
        // An input column named like an added one is headed "<name>_input", as its key is in NDJSON (so the output
        // of `reverse --input`, with its own "error" column, can be transformed).
        var out = ""
        CSVRecords.appendRow(input.csvHeader(header.fields), Self.addedColumns, to: &out)
        return Array(out.utf8)
    }

    mutating func process(csv records: ArraySlice<CSVRecords.Record>) -> (out: [UInt8], errors: Int) {
        var points = [(x: Double, y: Double)?](repeating: nil, count: records.count)
        var errors = [String?](repeating: nil, count: records.count)
        for (k, r) in records.enumerated() {
            let row = input.read(row: r) {
                (x: try ProjCommandSupport.number($0, field: "x"), y: try ProjCommandSupport.number($1, field: "y"))
            }
            (points[k], errors[k]) = (row.point, row.error)
        }
        let results = transform(points, lines: records.map(\.line), errors: &errors)
        var out = ""
        for (k, r) in records.enumerated() {
            switch outputFormat {
            case .csv:
                let added = [results[k].map { text($0.x) } ?? "", results[k].map { text($0.y) } ?? "", errors[k] ?? ""]
                BatchRows.appendCSV(r.fields, width: input.names.count, added: added, to: &out)
            case .ndjson:
                append(
                    BatchRowObject(csv: r.fields, keys: input.jsonNames), result: results[k], error: errors[k], to: &out
                )
            }
        }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>) -> (out: [UInt8], errors: Int) {
        var objects: [BatchRowObject] = []
        var errors: [String?] = []
        var points: [(x: Double, y: Double)?] = []
        for (lineNo, text) in lines {
            let row = input.read(
                line: text, number: lineNo,
                parse: { text, key, _ in try ProjCommandSupport.number(text, field: key) },
                make: { (x: $0, y: $1) })
            objects.append(row.object)
            errors.append(row.error)
            points.append(row.point)
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

    /// One NDJSON line: the row's object with `to_x`, `to_y` (numbers or null) and `error` (text or null) added
    /// (an input key of one of those names keeps its value under "<key>_input": `BatchRowObject`).
    private func append(
        _ object: BatchRowObject, result: (x: Double, y: Double)?, error: String?, to out: inout String
    ) {
        object.write(
            adding: [
                (key: "to_x", value: result.map { .number($0.x) } ?? .null),
                (key: "to_y", value: result.map { .number($0.y) } ?? .null),
                (key: "error", value: error.map { .string($0) } ?? .null),
            ], to: &out)
        out += "\n"
    }
}
