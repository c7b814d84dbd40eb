/// The input formats markers are read from.
public enum MarkerFormat: String, Sendable, CaseIterable {
    /// A GeoJSON FeatureCollection of Point features.
    case geoJSON = "geojson"
    /// Comma-separated values with a header row naming `latitude`/`lat` and `longitude`/`lon`/`lng` columns.
    case csv
    /// One JSON object per line: a GeoJSON Point feature or an object with latitude/longitude keys.
    case ndjson
    /// The JSON array returned by the Hometown `users` endpoint.
    case usersArray = "users"

    /// The format a file name's extension implies, or nil (`.json` can be GeoJSON or a users array: the
    /// content decides).
    public static func fromExtension(_ path: String) -> MarkerFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".geojson") { return .geoJSON }
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") || lower.hasSuffix(".geojsonl") { return .ndjson }
        return nil
    }

    /// The format the first non-space byte implies (after a UTF-8 byte order mark, which is passed over): `[` a
    /// users array, any byte but `{` CSV; nil for `{` (GeoJSON or NDJSON: `MarkerReader` reads on to tell) and
    /// for bytes that are all space.
    static func sniff(_ bytes: [UInt8]) -> MarkerFormat? {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = text.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return nil
        }
        if first == UInt8(ascii: "[") { return .usersArray }
        if first == UInt8(ascii: "{") { return nil }
        return .csv
    }
}
