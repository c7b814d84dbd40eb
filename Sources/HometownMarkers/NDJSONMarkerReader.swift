import Foundation
import HometownCore

/// Reads markers from newline-delimited JSON: each non-blank line is a GeoJSON Point Feature or an object
/// with latitude/longitude members. Errors name the line (1-based).
enum NDJSONMarkerReader {
    static func read(_ data: Data, file: String, progress: MarkerReadProgress? = nil) throws(MarkersError) -> [Marker] {
        var markers: [Marker] = []
        for (lineNumber, range) in NDJSONLines.nonBlank(data) {
            if let progress, markers.count % MarkerReadProgress.interval == 0 {
                progress.report(part: 0, bytes: range.lowerBound - data.startIndex, markers: markers.count)
            }
            let location = "line \(lineNumber)"
            do throws(FieldError) {
                let value = try MarkerJSONParser.parse(data[range])
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
