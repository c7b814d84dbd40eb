import Foundation
import HometownCore

/// Reads markers from a file in any of the supported formats (`MarkerFormat`).
public enum MarkerReader {
    /// Reads a file.
    /// - Parameters:
    ///   - path: the file; `-` reads standard input.
    ///   - format: the format, or nil to tell it from the extension, then from the content.
    /// - Returns: the markers in file order.
    ///   - progress: where to report how far reading has got (for a progress display), or nil.
    /// - Throws: `MarkersError` naming the file and the row at fault.
    public static func read(
        path: String, format: MarkerFormat? = nil,
        progress: MarkerReadProgress? = nil
    ) throws(MarkersError) -> [Marker] {
        let data: Data
        do {
            data =
                path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
        }
        return try read(data: data, file: path, format: format ?? MarkerFormat.fromExtension(path), progress: progress)
    }

    /// Reads markers from bytes.
    /// - Parameters:
    ///   - file: the name used in messages.
    ///   - format: the format, or nil to tell it from the content.
    ///   - progress: where to report how far reading has got (for a progress display), or nil.
    public static func read(
        data: Data, file: String, format: MarkerFormat? = nil,
        progress: MarkerReadProgress? = nil
    ) throws(MarkersError) -> [Marker] {
        progress?.start(totalBytes: data.count)
        let resolved: MarkerFormat
        if let format { resolved = format } else { resolved = try detect(data, file: file) }
        switch resolved {
        case .geoJSON: return try GeoJSONMarkerReader.read(data, file: file, progress: progress)
        case .csv: return try CSVMarkerReader.read(data, file: file, progress: progress)
        case .ndjson: return try NDJSONMarkerReader.read(data, file: file, progress: progress)
        case .usersArray: return try UsersArrayMarkerReader.read(data, file: file, progress: progress)
        }
    }

    /// `[` → users array; `{` → NDJSON when the first line holding anything is a whole JSON object by itself
    /// other than a FeatureCollection (one object a line, as NDJSON writes them, even on a single line), GeoJSON
    /// otherwise (an object written over several lines, or a FeatureCollection on one: the GeoJSON reader then
    /// names any fault where it is); else CSV.
    static func detect(_ data: Data, file: String) throws(MarkersError) -> MarkerFormat {
        let head = [UInt8](data.prefix(4096))
        if let f = MarkerFormat.sniff(head) { return f }
        guard head.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            throw .unknownFormat(file: file)
        }
        guard case .object(let first)? = try? MarkerJSONParser.parse(data[firstLineHoldingAnything(data)]),
            first["type"]?.stringValue != "FeatureCollection"
        else { return .geoJSON }
        return .ndjson
    }

    /// The byte range of the first line with a byte other than spaces, tabs and carriage returns (without its
    /// line feed); the whole text's end when there is none.
    private static func firstLineHoldingAnything(_ data: Data) -> Range<Data.Index> {
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            if data[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return start..<end }
            start = end == data.endIndex ? end : end + 1
        }
        return data.endIndex..<data.endIndex
    }
}
