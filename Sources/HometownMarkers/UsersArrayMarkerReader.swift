import Foundation
import HometownCore

/// Reads the JSON array the Hometown `users` endpoint returns (objects with `nickname, country, state, city,
/// year, longitude, latitude, id, time-stamp`). Errors name the element (0-based) and its nickname.
/// Not the protocol's decoder (`UserJSON.decode`, which checks a server's answer field by field into `User`s):
/// this reads a saved file as markers, keeping every field as a property and any point it finds.
enum UsersArrayMarkerReader {
    static func read(_ data: Data, file: String, progress: MarkerReadProgress? = nil) throws(MarkersError) -> [Marker] {
        let root: JSONValue
        do { root = try MarkerJSONParser.parse(data) } catch { throw .malformed(file: file, reason: error.reason) }
        guard case .array(let users) = root else {
            throw .malformed(file: file, reason: "expected a JSON array of users")
        }
        var markers: [Marker] = []
        markers.reserveCapacity(users.count)
        for (i, u) in users.enumerated() {
            // The text is parsed by now: the rest of the work goes by elements.
            if let progress, i % MarkerReadProgress.interval == 0 {
                progress.report(part: 0, bytes: Int(Double(data.count) * Double(i) / Double(users.count)), markers: i)
            }
            var location = "user \(i)"
            do throws(FieldError) {
                guard case .object(let o) = u else { throw FieldError("expected a user object") }
                if let nick = o["nickname"]?.stringValue { location += " (\"\(nick)\")" }
                markers.append(try RecordMarker.marker(from: o, location: location))
            } catch {
                throw .invalidRow(file: file, location: location, reason: error.reason)
            }
        }
        return markers
    }
}
