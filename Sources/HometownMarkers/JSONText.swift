import Foundation
import HometownCore

/// Parses JSON text into `JSONValue` (`JSONValue.parse`), its error ("not valid JSON at byte N: ...") as the reason.
enum JSONText {
    static func parse(_ data: Data) throws(FieldError) -> JSONValue {
        do {
            return try JSONValue.parse(data)
        } catch {
            throw FieldError("\(error)")
        }
    }
}
