import ArgumentParser
import Foundation
import HometownBoundaries
import HometownCore
import HometownGazetteer

/// Batch reverse geocoding (`hometown reverse --input`): every input row gets the columns of `ReverseColumns`,
/// in input order; rows are geocoded on all cores a chunk at a time. A bad row keeps its place in the output with
/// its message in `error`; no row is ever dropped.
struct ReverseJob: PointRowsJob {
    /// `--format`: GeoJSON's features sit inside one array, so a GeoJSON file cannot be resumed.
    enum OutputFormat: String, RowOutputFormat {
        case csv, ndjson, geojson
        var isResumable: Bool { self != .geojson }
    }

    static let pointColumns = (
        BatchPointInput.Column(defaults: ["latitude", "lat"], what: "latitude", option: "--lat-column"),
        BatchPointInput.Column(
            defaults: ["longitude", "lon", "lng", "long"], what: "longitude", option: "--lon-column")
    )
    static let addedColumns = ReverseColumns.names

    let geocoder: ReverseGeocoder
    let columns: ReverseColumns
    let outputFormat: OutputFormat
    private(set) var input: BatchPointInput
    private var featuresWritten = 0

    init(
        geocoder: ReverseGeocoder, input: BatchPointInput, outputFormat: OutputFormat, gazetteer: Gazetteer? = nil,
        language: PlaceLanguage? = nil
    ) {
        self.geocoder = geocoder
        self.input = input
        self.outputFormat = outputFormat
        columns = ReverseColumns(geocoder: geocoder, gazetteer: gazetteer, language: language)
    }

    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8] {
        if input.format == .csv { try input.readHeader(header) }
        switch outputFormat {
        case .csv:
            var out = ""
            CSVRecords.appendRow(input.csvHeader(header?.fields ?? []), ReverseColumns.names, to: &out)
            return Array(out.utf8)
        case .geojson: return Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        case .ndjson: return []
        }
    }

    mutating func process(csv records: ArraySlice<CSVRecords.Record>) -> (out: [UInt8], errors: Int) {
        var coords: [Coordinate] = []
        var slots: [Int] = []
        var errors = [String?](repeating: nil, count: records.count)
        var points = [Coordinate?](repeating: nil, count: records.count)
        for (k, r) in records.enumerated() {
            let row = input.read(row: r) {
                try Coordinate(latitudeText: $0, longitudeText: $1)
            }
            errors[k] = row.error
            guard let c = row.point else { continue }
            points[k] = c
            coords.append(c)
            slots.append(k)
        }
        let byRow = matches(coords, slots, count: records.count, errors: errors)
        var out = ""
        for (k, r) in records.enumerated() {
            let added = columns.values(byRow[k], error: errors[k])
            switch outputFormat {
            case .csv:
                BatchRows.appendCSV(r.fields, width: input.names.count, added: added, to: &out)
            case .ndjson, .geojson:
                append(
                    BatchRowObject(csv: r.fields, keys: input.jsonNames), added: added,
                    point: errors[k] == nil ? points[k] : nil, to: &out)
            }
        }
        return (Array(out.utf8), errors.reduce(0) { $1 == nil ? $0 : $0 + 1 })
    }

    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>) -> (out: [UInt8], errors: Int) {
        var objects: [BatchRowObject] = []
        var errors: [String?] = []
        var points: [Coordinate?] = []
        var coords: [Coordinate] = []
        var slots: [Int] = []
        for (lineNo, text) in lines {
            let row = input.read(
                line: text, number: lineNo,
                parse: { text, _, what in try Coordinate.parseDegrees(text, field: what) },
                make: { try Coordinate(latitude: $0, longitude: $1) })
            if let c = row.point {
                coords.append(c)
                slots.append(objects.count)
            }
            objects.append(row.object)
            errors.append(row.error)
            points.append(row.point)
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

    /// One NDJSON line, or one GeoJSON feature (its point, or null geometry when the row has none) with the row as
    /// its properties; the added columns are strings, or null when empty.
    private mutating func append(
        _ object: BatchRowObject, added: [String], point: Coordinate?, to out: inout String
    ) {
        let columns = zip(ReverseColumns.names, added).map {
            (key: $0, value: $1.isEmpty ? JSONValue.null : .string($1))
        }
        if outputFormat == .geojson {
            let geometry: JSONValue =
                point.map {
                    .object([
                        "type": .string("Point"), "coordinates": .array([.number($0.longitude), .number($0.latitude)]),
                    ])
                } ?? .null
            if featuresWritten > 0 { out += ",\n" }
            out += "{\"type\":\"Feature\",\"geometry\":"
            geometry.write(to: &out)
            out += ",\"properties\":"
            object.write(adding: columns, to: &out)
            out += "}"
            featuresWritten += 1
        } else {
            object.write(adding: columns, to: &out)
            out += "\n"
        }
    }
}
