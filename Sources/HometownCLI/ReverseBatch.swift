import Foundation
import HometownBoundaries
import HometownCore

/// Batch reverse geocoding over CSV or NDJSON text; rows are geocoded on all cores in chunks and written in
/// input order. A bad row is reported in its `error` column, never dropped.
enum ReverseBatch {
    struct Summary { var rows = 0; var errors = 0 }
    static let addedColumns = ["country", "country_iso2", "state", "state_iso", "city", "error"]
    static let chunkSize = 65_536

    static func values(_ p: Place?, error: String?) -> [String] {
        guard let p else { return ["", "", "", "", "", error ?? ""] }
        return [p.country?.name ?? "", p.country?.iso2 ?? "", p.state?.name ?? "", p.state?.iso ?? "", p.city?.name ?? "", error ?? ""]
    }

    static func csv(_ text: String, geocoder: ReverseGeocoder, source: String, latColumn: String?, lonColumn: String?) throws -> Summary {
        let records = CSVRecords.parse(text)
        guard let header = records.first else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
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
        var out = (header.fields + addedColumns).map(CSVRecords.escape).joined(separator: ",") + "\n"
        var summary = Summary()
        let rows = records.dropFirst()
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(rows.endIndex, start + chunkSize)
            let chunk = Array(rows[start..<end])
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
            let places = geocoder.places(coords)
            var byRow = [Place?](repeating: nil, count: chunk.count)
            for (j, k) in slots.enumerated() where errors[k] == nil { byRow[k] = places[j] }
            for (k, r) in chunk.enumerated() {
                var fields = r.fields
                if fields.count < names.count { fields += [String](repeating: "", count: names.count - fields.count) }
                out += (fields + values(byRow[k], error: errors[k])).map(CSVRecords.escape).joined(separator: ",") + "\n"
                summary.rows += 1
                if errors[k] != nil { summary.errors += 1 }
            }
            FileHandle.standardOutput.write(out.data(using: .utf8)!)
            out = ""
            start = end
        }
        if !out.isEmpty { FileHandle.standardOutput.write(out.data(using: .utf8)!) }
        return summary
    }

    static func ndjson(_ text: String, geocoder: ReverseGeocoder, source: String) throws -> Summary {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var summary = Summary()
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + chunkSize)
            var objects: [[String: JSONValue]] = [], errors: [String?] = []
            var coords: [Coordinate] = [], slots: [Int] = []
            for (lineNo, line) in lines[start..<end] {
                let k = objects.count
                var obj: [String: JSONValue] = [:]
                var err: String? = nil
                do {
                    let v = try decoder.decode(JSONValue.self, from: Data(line.utf8))
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
                } catch let e as DecodingError {
                    _ = e
                    err = "line \(lineNo + 1): not valid JSON"
                } catch {
                    err = "line \(lineNo + 1): \(error)"
                }
                objects.append(obj)
                errors.append(err)
            }
            let places = geocoder.places(coords)
            var byRow = [Place?](repeating: nil, count: objects.count)
            for (j, k) in slots.enumerated() { byRow[k] = places[j] }
            var out = Data()
            for k in objects.indices {
                var o = objects[k]
                for (key, v) in zip(addedColumns, values(byRow[k], error: errors[k])) {
                    o[key] = v.isEmpty ? .null : .string(v)
                }
                out += try encoder.encode(o)
                out += Data("\n".utf8)
                summary.rows += 1
                if errors[k] != nil { summary.errors += 1 }
            }
            FileHandle.standardOutput.write(out)
            start = end
        }
        return summary
    }
}
