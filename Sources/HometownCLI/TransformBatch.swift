import Foundation
import HometownCore
import HometownProj

/// `hometown transform --input`: CSV or NDJSON rows in, the same rows out with `to_x`, `to_y` and `error`
/// added. Rows are transformed `chunkSize` at a time through one batch call; a bad row keeps its place with
/// its message, never dropped.
enum TransformBatch {
    struct Summary { var rows = 0; var errors = 0 }
    static let addedColumns = ["to_x", "to_y", "error"]
    static let chunkSize = 65_536
    static let defaultX = ["x", "lon", "longitude", "lng", "long", "easting"]
    static let defaultY = ["y", "lat", "latitude", "northing"]

    /// Transforms the parsed points of one chunk; `points[k]` is nil for a row that already has an error.
    /// - Returns: per row, the result, or nil (no point, or PROJ could not transform it).
    static func transformChunk(_ points: [(x: Double, y: Double)?], transformation: Transformation)
        throws -> [(x: Double, y: Double)?] {
        var xs: [Double] = [], ys: [Double] = [], slots: [Int] = []
        xs.reserveCapacity(points.count); ys.reserveCapacity(points.count); slots.reserveCapacity(points.count)
        for (k, p) in points.enumerated() { if let p { xs.append(p.x); ys.append(p.y); slots.append(k) } }
        let failed = Set(try transformation.transformReportingFailures(xs: &xs, ys: &ys))
        var out = [(x: Double, y: Double)?](repeating: nil, count: points.count)
        for (j, k) in slots.enumerated() where !failed.contains(j) { out[k] = (xs[j], ys[j]) }
        return out
    }

    /// The message for a point PROJ could not transform.
    static func failure(_ p: (x: Double, y: Double), line: Int, transformation: Transformation) -> String {
        do {
            _ = try transformation.transform(x: p.x, y: p.y)
            return "line \(line): cannot transform (\(p.x), \(p.y))"
        } catch {
            return "line \(line): \(error)"
        }
    }

    static func text(_ v: Double) -> String { ProjCommandSupport.json(v) }

    static func csv(_ bytes: [UInt8], transformation: Transformation, source: String, xColumn: String?, yColumn: String?) throws -> Summary {
        var reader = CSVRecords.Reader(bytes)
        guard let header = reader.next() else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
        if let p = header.problem { throw CLIError("\(source) line \(header.line): header row: \(p)") }
        let names = header.fields.map { ProjCommandSupport.trimmed($0) }
        if let clash = names.first(where: { addedColumns.contains($0.lowercased()) }) {
            throw CLIError("\(source): the input already has a column \"\(clash)\"; transform adds \(addedColumns.joined(separator: ", ")), rename it first")
        }
        let xi = try BatchColumns.index(in: names, chosen: xColumn, defaults: defaultX, what: "x", option: "--x-column", source: source)
        let yi = try BatchColumns.index(in: names, chosen: yColumn, defaults: defaultY, what: "y", option: "--y-column", source: source)
        var out = ""
        CSVRecords.appendRow(header.fields, addedColumns, to: &out)
        var summary = Summary()
        while true {
            var chunk: [CSVRecords.Record] = []
            while chunk.count < chunkSize, let r = reader.next() { chunk.append(r) }
            if chunk.isEmpty { break }
            var points = [(x: Double, y: Double)?](repeating: nil, count: chunk.count)
            var errors = [String?](repeating: nil, count: chunk.count)
            for (k, r) in chunk.enumerated() {
                if let p = r.problem { errors[k] = "line \(r.line): \(p)"; continue }
                if r.fields.count != names.count {
                    errors[k] = "line \(r.line): expected \(names.count) fields, found \(r.fields.count)"
                    continue
                }
                do {
                    points[k] = (try ProjCommandSupport.number(r.fields[xi], field: "x"), try ProjCommandSupport.number(r.fields[yi], field: "y"))
                } catch { errors[k] = "line \(r.line): \(error)" }
            }
            let results = try transformChunk(points, transformation: transformation)
            for (k, r) in chunk.enumerated() {
                var added = ["", "", errors[k] ?? ""]
                if let p = results[k] {
                    added[0] = text(p.x); added[1] = text(p.y)
                } else if errors[k] == nil, let p = points[k] {
                    added[2] = failure(p, line: r.line, transformation: transformation)
                }
                // A short row is padded with empty fields so that the added columns stay in place.
                let padding = [String](repeating: "", count: max(0, names.count - r.fields.count))
                CSVRecords.appendRow(r.fields, padding, added, to: &out)
                summary.rows += 1
                if !added[2].isEmpty { summary.errors += 1 }
            }
            try write(out)
            out = ""
        }
        return summary
    }

    /// NDJSON in (one object per line; blank lines are skipped, line numbers count them), NDJSON out.
    static func ndjson(_ bytes: [UInt8], transformation: Transformation, source: String, xKey: String?, yKey: String?) throws -> Summary {
        let lines = NDJSONLines.nonBlank(bytes)
        var summary = Summary()
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + chunkSize)
            var objects: [[String: JSONValue]] = [], errors: [String?] = [], points: [(x: Double, y: Double)?] = []
            for (lineNo, line) in lines[start..<end] {
                var obj: [String: JSONValue] = [:]
                var point: (x: Double, y: Double)? = nil
                var err: String? = nil
                do {
                    guard case .object(let o) = try JSONValue.parse(bytes[line]) else { throw CLIError("expected a JSON object") }
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
                    point = (try value(xKey, defaultX, "x"), try value(yKey, defaultY, "y"))
                } catch {
                    err = "line \(lineNo): \(error)"
                }
                objects.append(obj); errors.append(err); points.append(point)
            }
            let results = try transformChunk(points, transformation: transformation)
            var out = ""
            for k in objects.indices {
                var o = objects[k]
                var err = errors[k]
                if let p = results[k] {
                    o["to_x"] = .number(p.x); o["to_y"] = .number(p.y)
                } else {
                    o["to_x"] = .null; o["to_y"] = .null
                    if err == nil, let p = points[k] { err = failure(p, line: lines[start + k].number, transformation: transformation) }
                }
                o["error"] = err.map { .string($0) } ?? .null
                JSONValue.object(o).write(to: &out)
                out += "\n"
                summary.rows += 1
                if err != nil { summary.errors += 1 }
            }
            try write(out)
            start = end
        }
        return summary
    }

    private static func write(_ text: String) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            throw ProjSystemError(description: "cannot write the output: \(error)")
        }
    }
}
