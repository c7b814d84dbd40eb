import Foundation
import HometownCore

/// Reads markers from newline-delimited JSON: each non-blank line is a GeoJSON Point Feature or an object
/// with latitude/longitude members. Errors name the line (1-based).
enum NDJSONMarkerReader {
    static func read(_ data: Data, file: String) throws(MarkersError) -> [Marker] {
        var markers: [Marker] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if isBlank { continue }
            let location = "line \(lineNumber)"
            do throws(FieldError) {
                let value = try JSONText.parse(Data(line))
                guard case .object(let o) = value else { throw FieldError("expected a JSON object") }
                if o["type"]?.stringValue == "Feature" {
                    markers.append(try GeoJSONMarkerReader.marker(from: value, location: location))
                } else {
                    markers.append(try RecordMarker.marker(from: o, location: location))
                }
            } catch {
                throw .invalidRow(file: file, location: location, reason: error.reason)
            }
        }
        return markers
    }
}
