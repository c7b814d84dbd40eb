/// A point on the WGS84 ellipsoid in decimal degrees.
///
/// Invariants (checked by every throwing initialiser):
/// - `latitude` is finite and in [-90, 90];
/// - `longitude` is finite and in [-180, 180). Longitude 180 is the same meridian as -180 and is stored as -180.
///
/// Argument order is always latitude first, then longitude, as people say it ("47.6, -122.3");
/// GeoJSON and PROJ's normalised axis order are longitude first, and the conversions say so.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, in [-90, 90].
    public let latitude: Double
    /// Degrees east of Greenwich, in [-180, 180).
    public let longitude: Double

    /// The latitudes a coordinate takes, in degrees: [-90, 90].
    public static let latitudes: ClosedRange<Double> = -90...90
    /// The longitudes a coordinate is made from, in degrees: [-180, 180] (180 is stored as -180).
    public static let longitudes: ClosedRange<Double> = -180...180

    /// Validates and normalises a coordinate.
    /// - Parameters:
    ///   - latitude: degrees in [-90, 90].
    ///   - longitude: degrees in [-180, 180]; 180 becomes -180.
    /// - Throws: `CoreError.invalidLatitude` / `.invalidLongitude` naming the value.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, Self.latitudes.contains(latitude) else { throw CoreError.invalidLatitude(latitude) }
        guard longitude.isFinite, Self.longitudes.contains(longitude) else {
            throw CoreError.invalidLongitude(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude == 180 ? -180 : longitude
    }

    /// Builds a coordinate from values the caller has already validated (no checks).
    /// Use only for values produced by this library, e.g. decoded from the bundled data.
    public init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses decimal-degree texts such as `"47.6062"`, `"-122.33"` (surrounding spaces allowed).
    /// - Throws: `CoreError.malformedNumber` for text that is not a number, or a range error.
    public init(latitudeText: String, longitudeText: String) throws {
        let lat = try Coordinate.parseDegrees(latitudeText, field: "latitude")
        let lon = try Coordinate.parseDegrees(longitudeText, field: "longitude")
        try self.init(latitude: lat, longitude: lon)
    }

    /// Parses one decimal-degree number; rejects empty text, hex, and words like "nan" or "inf".
    public static func parseDegrees(_ text: String, field: String) throws -> Double {
        let t = text.trimmingSpaces()
        guard !t.isEmpty,
            t.utf8.allSatisfy({ c in
                (c >= 48 && c <= 57) || c == 46 || c == 45 || c == 43 || c == 101 || c == 69
            }), let v = Double(t)
        else {
            throw CoreError.malformedNumber(field: field, text: text)
        }
        return v
    }

    /// `parseDegrees` without a String, for the common form `-?digits(.digits)?([eE][+-]?digits)?` (no
    /// spaces, no `+` sign): the same Double, bit for bit (`DecimalText`). Nil for any other text, and for a
    /// number out of Double's range: then `parseDegrees` gives the answer or the error.
    public static func plainDegrees(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let v = DecimalText.shortDecimal(text) { return v }
        let n = text.count
        var i = 0
        func digits() -> Bool {
            let start = i
            while i < n, text[i] >= 48, text[i] <= 57 { i += 1 }
            return i > start
        }
        if i < n, text[i] == 45 { i += 1 }
        guard digits() else { return nil }
        if i < n, text[i] == 46 {
            i += 1
            guard digits() else { return nil }
        }
        if i < n, text[i] == 101 || text[i] == 69 {
            i += 1
            if i < n, text[i] == 43 || text[i] == 45 { i += 1 }
            guard digits() else { return nil }
        }
        guard i == n else { return nil }
        return DecimalText.double(text)
    }

    /// Wraps any finite longitude into [-180, 180).
    public static func wrapLongitude(_ lon: Double) -> Double {
        if lon >= -180 && lon < 180 { return lon }
        var x = (lon + 180).truncatingRemainder(dividingBy: 360)
        if x < 0 { x += 360 }
        return x - 180
    }

    public var description: String { "(\(latitude), \(longitude))" }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    package func trimmingSpaces() -> String {
        // On the UTF-8 bytes (all four are ASCII): a batch trims every coordinate field.
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
        let u = utf8
        guard let first = u.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = u.lastIndex(where: { !isSpace($0) })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(decoding: u[first...last], as: UTF8.self)
    }
}
