import Foundation
import HometownCore

/// The marker readers' JSON parser: `JSONValue.parse`, with its error ("not valid JSON at byte N: ...") as a
/// `FieldError` reason for the reader to place in its file and row.
enum MarkerJSONParser {
    /// Parses one JSON text.
    static func parse(_ data: Data) throws(FieldError) -> JSONValue {
        do {
            return try JSONValue.parse(data)
        } catch {
            throw FieldError("\(error)")
        }
    }
}
