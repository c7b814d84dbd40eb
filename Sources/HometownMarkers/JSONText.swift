import Foundation
import HometownCore

/// Parses JSON text into `JSONValue`, turning decoder errors into a short reason (with the decoder's own
/// position text where it gives one).
enum JSONText {
    static func parse(_ data: Data) throws(FieldError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw FieldError("not valid JSON: \(underlying ?? context.debugDescription)")
        } catch {
            throw FieldError("not valid JSON: \(error)")
        }
    }
}
