import Foundation
import HometownBoundaries
import HometownCore

/// Batch reverse geocoding over CSV or NDJSON text; rows are geocoded on all cores in chunks and written in
/// input order. A bad row is reported in its `error` column, never dropped.
enum ReverseBatch {
    struct Summary { var rows = 0; var errors = 0 }
    static let addedColumns = ReverseColumns.names
    static let chunkSize = 65_536

    /// CSV in, CSV out, `chunkSize` records at a time (the records of the whole file are never held at once).
    static func csv(_ bytes: [UInt8], geocoder: ReverseGeocoder, source: String, latColumn: String?, lonColumn: String?) throws -> Summary {
        var reader = CSVRecords.Reader(bytes)
        guard let header = reader.next() else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
        if let p = header.problem { throw CLIError("\(source) line \(header.line): header row: \(p)") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        func column(_ chosen: String?, _ defaults: [String], _ what: String) throws -> Int {
            if let c = chosen {
                guard let i = names.firstIndex(of: c) ?? names.firstIndex(where: { $0.lowercased() == c.lowercased() }) else {
                    throw CLIError("\(source): no column named \"\(c)\" for \(what); the header has: \(names.joined(separator: ", "))")
                }
                return i
            }
            guard let i = names.firstIndex(where: { defaults.contains($0.lowercased()) }) else {
                throw CLIError("\(source): no \(what) column (looked for \(defaults.joined(separator: ", "))); the header has: \(names.joined(separator: ", ")); choose one with --\(what == "latitude" ? "lat" : "lon")-column")
            }
            return i
        }
        let latIndex = try column(latColumn, ["latitude", "lat"], "latitude")
        let lonIndex = try column(lonColumn, ["longitude", "lon", "lng", "long"], "longitude")
        let columns = ReverseColumns(geocoder: geocoder)
        var out = ""
        CSVRecords.appendRow(header.fields, addedColumns, to: &out)
        var summary = Summary()
        while true {
            var chunk: [CSVRecords.Record] = []
            while chunk.count < chunkSize, let r = reader.next() { chunk.append(r) }
            if chunk.isEmpty { break }
            var coords: [Coordinate] = [], slots: [Int] = []
            var errors = [String?](repeating: nil, count: chunk.count)
            for (k, r) in chunk.enumerated() {
                if let p = r.problem { errors[k] = "line \(r.line): \(p)"; continue }
                if r.fields.count != names.count {
                    errors[k] = "line \(r.line): expected \(names.count) fields, found \(r.fields.count)"
                    if max(latIndex, lonIndex) >= r.fields.count { continue }
                }
                do {
                    coords.append(try Coordinate(latitudeText: r.fields[latIndex], longitudeText: r.fields[lonIndex]))
                    slots.append(k)
                } catch { errors[k] = "line \(r.line): \(error)" }
            }
            let matches = geocoder.matches(coords)
            var byRow = [PlaceMatch?](repeating: nil, count: chunk.count)
            for (j, k) in slots.enumerated() where errors[k] == nil { byRow[k] = matches[j] }
            for (k, r) in chunk.enumerated() {
                // A short row is padded with empty fields so that the added columns stay in place.
                let padding = [String](repeating: "", count: max(0, names.count - r.fields.count))
                CSVRecords.appendRow(r.fields, padding, columns.values(byRow[k], error: errors[k]), to: &out)
                summary.rows += 1
                if errors[k] != nil { summary.errors += 1 }
            }
            FileHandle.standardOutput.write(out.data(using: .utf8)!)
            out = ""
        }
        if !out.isEmpty { FileHandle.standardOutput.write(out.data(using: .utf8)!) }
        return summary
    }

    /// NDJSON in (one object per line; blank lines are skipped, line numbers count them), NDJSON out.
    static func ndjson(_ bytes: [UInt8], geocoder: ReverseGeocoder, source: String) throws -> Summary {
        let lines = NDJSONLines.nonBlank(bytes)
        let columns = ReverseColumns(geocoder: geocoder)
        var summary = Summary()
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + chunkSize)
            var objects: [[String: JSONValue]] = [], errors: [String?] = []
            var coords: [Coordinate] = [], slots: [Int] = []
            for (lineNo, line) in lines[start..<end] {   // lineNo counts from 1
                let k = objects.count
                var obj: [String: JSONValue] = [:]
                var err: String? = nil
                do {
                    let v = try JSONValue.parse(bytes[line])
                    guard case .object(let o) = v else { throw CLIError("expected a JSON object") }
                    obj = o
                    func degrees(_ keys: [String], _ what: String) throws -> Double {
                        guard let key = keys.first(where: { o[$0] != nil }), let val = o[key] else {
                            throw CLIError("no \(what) (looked for \(keys.joined(separator: ", ")))")
                        }
                        switch val {
                        case .number(let d): return d
                        case .string(let s): return try Coordinate.parseDegrees(s, field: what)
                        default: throw CLIError("\(key) must be a number")
                        }
                    }
                    let lat = try degrees(["latitude", "lat"], "latitude")
                    let lon = try degrees(["longitude", "lon", "lng"], "longitude")
                    coords.append(try Coordinate(latitude: lat, longitude: lon))
                    slots.append(k)
                } catch {
                    err = "line \(lineNo): \(error)"
                }
                objects.append(obj)
                errors.append(err)
            }
            let matches = geocoder.matches(coords)
            var byRow = [PlaceMatch?](repeating: nil, count: objects.count)
            for (j, k) in slots.enumerated() { byRow[k] = matches[j] }
            var out = ""
            for k in objects.indices {
                var o = objects[k]
                for (key, v) in zip(addedColumns, columns.values(byRow[k], error: errors[k])) {
                    o[key] = v.isEmpty ? .null : .string(v)
                }
                JSONValue.object(o).write(to: &out)
                out += "\n"
                summary.rows += 1
                if errors[k] != nil { summary.errors += 1 }
            }
            FileHandle.standardOutput.write(Data(out.utf8))
            start = end
        }
        return summary
    }
}

