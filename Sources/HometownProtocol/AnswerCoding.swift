import Foundation

/// The one JSON encoding and decoding of the protocol's `Codable` answers (`ServedAnswer`, `ForwardAnswer`,
/// `PlaceDescription`, `ForwardPlace`, `FittedRegion`, GeoJSON): the server writes them with it, the CLI prints
/// them with it, the client reads them with it. Compact, keys sorted by their UTF-8 bytes, `/` as it is; strings
/// and numbers are written by Core's `JSONWriter`, as the hand-written answers are, so one value has one text
/// (`AnswerEncoder` writes; it gives Foundation's `JSONEncoder` text, but `0` for negative zero). Absent optional
/// members follow each type (`NullWhenAbsent` writes `null`). Decoding is Foundation's.
public enum AnswerCoding {
    /// `value` as JSON text (UTF-8).
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite.
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] { try AnswerEncoder.encode(value) }

    /// A `T` read from JSON text (UTF-8).
    /// - Throws: Foundation's `DecodingError` naming the member that is missing or of another type.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
