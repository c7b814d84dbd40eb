import Foundation

/// The one JSON encoding and decoding of the protocol's `Codable` answers (`ServedAnswer`, `ForwardAnswer`,
/// `PlaceDescription`, `ForwardPlace`, `FittedRegion`, GeoJSON): the server writes them with it, the CLI prints
/// them with it, the client reads them with it. Compact, keys sorted, `/` as it is; strings are escaped as
/// Core's `JSONWriter` escapes the hand-written answers (both follow Foundation's `JSONEncoder` rules, so one
/// value gives the same text either way). Absent optional members follow each type (`NullWhenAbsent` writes `null`).
public enum AnswerCoding {
    /// `value` as JSON text (UTF-8).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(value))
    }

    /// A `T` read from JSON text (UTF-8).
    /// - Throws: Foundation's `DecodingError` naming the member that is missing or of another type.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
