import Foundation
import HometownBoundaries
import HometownCore

/// Batch reverse geocoding (`hometown reverse --input`): every input row gets the columns of `ReverseColumns`,
/// in input order; rows are geocoded on all cores a chunk at a time. A bad row keeps its place in the output with
/// its message in `error`; no row is ever dropped.
struct ReverseJob: BatchJob {
    enum OutputFormat: String, CaseIterable { case csv, ndjson, geojson }

    let geocoder: ReverseGeocoder
    let columns: ReverseColumns
    let source: String
    let inputFormat: BatchRecordFormat
    let outputFormat: OutputFormat
    let latColumn: String?
    let lonColumn: String?
    private var names: [String] = []
    private var jsonNames: [String] = []
    private var latIndex = 0, lonIndex = 0
    private var featuresWritten = 0

    init(
        geocoder: ReverseGeocoder, source: String, inputFormat: BatchRecordFormat, outputFormat: OutputFormat,
        latColumn: String?, lonColumn: String?
    ) throws {
        if inputFormat == .ndjson, outputFormat == .csv {
            throw CLIError(
                "--format csv needs CSV input: an NDJSON row's keys are not known in advance; use --format ndjson or geojson"
            )
        }
        self.geocoder = geocoder
        self.source = source
        self.inputFormat = inputFormat
        self.outputFormat = outputFormat
        self.latColumn = latColumn
        self.lonColumn = lonColumn
        columns = ReverseColumns(geocoder: geocoder)
    }

    var recordKind: RecordBuffer.Kind { inputFormat.recordKind }

    func isRow(_ line: ArraySlice<UInt8>) -> Bool { BatchRows.isNonBlank(line) }

    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8] {
        if inputFormat == .csv {
            guard let header else { throw CLIError("\(source): the input is empty; expected a CSV header row") }
            if let p = header.problem { throw CLIError("\(source) line \(header.line): header row: \(p)") }
            names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            latIndex = try BatchColumns.index(
                in: names, chosen: latColumn, defaults: ["latitude", "lat"], what: "latitude",
                option: "--lat-column", source: source)
            lonIndex = try BatchColumns.index(
                in: names, chosen: lonColumn, defaults: ["longitude", "lon", "lng", "long"],
                what: "longitude", option: "--lon-column", source: source)
            jsonNames = BatchRows.jsonKeys(for: names, added: ReverseColumns.names)
        }
        switch outputFormat {
        case .csv:
            var out = ""
            CSVRecords.appendRow(header?.fields ?? [], ReverseColumns.names, to: &out)
            return Array(out.utf8)
        case .geojson: return Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        case .ndjson: return []
        }
    }

    mutating func process(csv records: ArraySlice<CSVRecords.Record>, cut: Bool) -> (out: [UInt8], errors: Int) {
        var coords: [Coordinate] = []
        var slots: [Int] = []
        var errors = [String?](repeating: nil, count: records.count)
        var points = [Coordinate?](repeating: nil, count: records.count)
        for (k, r) in records.enumerated() {
            let isCutRow = cut && k == records.count - 1
            if let problem = BatchRows.csvProblem(r, isCutRow: isCutRow, source: source, width: names.count) {
                errors[k] = problem
                // A row of another width still gets its place when its latitude and longitude are there.
                guard !isCutRow, r.problem == nil, max(latIndex, lonIndex) < r.fields.count else { continue }
            }
            do {
                let c = try Coordinate(latitudeText: r.fields[latIndex], longitudeText: r.fields[lonIndex])
                points[k] = c
                coords.append(c)
                slots.append(k)
            } catch { errors[k] = "line \(r.line): \(error)" }
        }
        let byRow = matches(coords, slots, count: records.count, errors: errors)
        var out = ""
        for (k, r) in records.enumerated() {
            let added = columns.values(byRow[k], error: errors[k])
            switch outputFormat {
            case .csv:
                BatchRows.appendCSV(r.fields, width: names.count, added: added, to: &out)
            case .ndjson, .geojson:
                append(
                    BatchRows.object(r.fields, keys: jsonNames), added: added,
                    point: errors[k] == nil ? points[k] : nil, to: &out)
            }
        }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>, cut: Bool) -> (
        out: [UInt8], errors: Int
    ) {
        var objects: [[String: JSONValue]] = []
        var errors: [String?] = []
        var points: [Coordinate?] = []
        var coords: [Coordinate] = []
        var slots: [Int] = []
        for (i, (lineNo, text)) in lines.enumerated() {
            let k = objects.count
            var obj: [String: JSONValue] = [:]
            var err: String? = nil
            var point: Coordinate?
            do {
                if cut && i == lines.count - 1 {
                    throw CLIError("the input ends inside this row (\(source) is truncated)")
                }
                let v = try JSONValue.parse(Array(text))
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
                let c = try Coordinate(latitude: lat, longitude: lon)
                point = c
                coords.append(c)
                slots.append(k)
            } catch {
                err = "line \(lineNo): \(error)"
                // Keep the row's text when it is not a JSON object, so nothing of it is lost.
                if obj.isEmpty { obj = ["_line": .string(String(decoding: text, as: UTF8.self))] }
            }
            objects.append(obj)
            errors.append(err)
            points.append(point)
        }
        let byRow = matches(coords, slots, count: objects.count, errors: errors)
        var out = ""
        for k in objects.indices {
            append(
                objects[k], added: columns.values(byRow[k], error: errors[k]),
                point: errors[k] == nil ? points[k] : nil, to: &out)
        }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    func end() -> [UInt8] { outputFormat == .geojson ? Array("\n]}\n".utf8) : [] }

    /// The matches of the rows that have a point and no error, by row.
    private func matches(_ coords: [Coordinate], _ slots: [Int], count: Int, errors: [String?]) -> [PlaceMatch?] {
        let found = geocoder.matches(coords)
        var byRow = [PlaceMatch?](repeating: nil, count: count)
        for (j, k) in slots.enumerated() where errors[k] == nil { byRow[k] = found[j] }
        return byRow
    }

    /// One NDJSON line, or one GeoJSON feature (its point, or null geometry when the row has none).
    private mutating func append(
        _ object: [String: JSONValue], added: [String], point: Coordinate?, to out: inout String
    ) {
        var o = object
        for (key, v) in zip(ReverseColumns.names, added) {
            BatchRows.add(v.isEmpty ? .null : .string(v), as: key, to: &o)
        }
        if outputFormat == .geojson {
            let geometry: JSONValue =
                point.map {
                    .object([
                        "type": .string("Point"), "coordinates": .array([.number($0.longitude), .number($0.latitude)]),
                    ])
                } ?? .null
            if featuresWritten > 0 { out += ",\n" }
            JSONValue.object(["type": .string("Feature"), "geometry": geometry, "properties": .object(o)]).write(
                to: &out)
            featuresWritten += 1
        } else {
            JSONValue.object(o).write(to: &out)
            out += "\n"
        }
    }
}
