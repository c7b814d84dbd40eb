import Foundation
import HometownCore

/// Reads markers from CSV with a header row. Position columns: `latitude`/`lat` and
/// `longitude`/`lon`/`lng` (any case). An `id` column becomes the marker id. Other cells become properties:
/// numbers when the whole cell is a plain decimal number, text otherwise. Errors name the line.
enum CSVMarkerReader {
    static func read(_ data: Data, file: String, progress: MarkerReadProgress? = nil) throws(MarkersError) -> [Marker] {
        var records: [CSVRecords.Record] = []
        var reader = CSVRecords.Reader([UInt8](data))
        while let record = reader.next() {
            if let progress, records.count % MarkerReadProgress.interval == 0 {
                progress.report(part: 0, bytes: reader.offset, markers: records.count)
            }
            records.append(record)
        }
        if let bad = records.first(where: { $0.problem != nil }) {
            throw .malformed(file: file, reason: "line \(bad.line): \(bad.problem!)")
        }
        guard let header = records.first else {
            throw .malformed(file: file, reason: "empty CSV: expected a header row")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let lower = names.map { $0.lowercased() }
        guard let latColumn = lower.firstIndex(where: { CoordinateFields.latitudeKeys.contains($0) }) else {
            throw .malformed(
                file: file, reason: "line \(header.line): the header has no latitude column (latitude or lat)")
        }
        guard let lonColumn = lower.firstIndex(where: { CoordinateFields.longitudeKeys.contains($0) }) else {
            throw .malformed(
                file: file, reason: "line \(header.line): the header has no longitude column (longitude, lon or lng)")
        }
        let idColumn = lower.firstIndex(of: "id")
        var markers: [Marker] = []
        markers.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            let location = "line \(record.line)"
            guard record.fields.count == names.count else {
                throw .invalidRow(
                    file: file, location: location,
                    reason: "\(record.fields.count) fields, but the header has \(names.count)")
            }
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(
                    latitudeText: record.fields[latColumn], longitudeText: record.fields[lonColumn])
            } catch {
                throw .invalidRow(file: file, location: location, reason: "\(error)")
            }
            var properties: [String: JSONValue] = [:]
            for (c, name) in names.enumerated() where c != latColumn && c != lonColumn {
                properties[name] = cellValue(record.fields[c])
            }
            let id = idColumn.map { cellValue(record.fields[$0]) }
            markers.append(Marker(id: id, coordinate: coordinate, properties: properties, location: location))
        }
        return markers
    }

    /// A number for a cell written exactly as the number's plain form ("1985", "-3.5", `Double.plainText`),
    /// otherwise the text as written: "02134", "007", "+5", "1.50", "1e3" and a 20-digit id keep their digits.
    static func cellValue(_ text: String) -> JSONValue {
        if let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
            let d = Double(text), d.isFinite, d.plainText == text
        {
            return .number(d)
        }
        return .string(text)
    }
}
