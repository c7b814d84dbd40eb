import HometownCore

/// Turns a flat JSON object with latitude/longitude members (an NDJSON line, a Hometown user) into a marker:
/// `id` becomes the marker id, the position members are taken out, the rest are properties.
enum RecordMarker {
    static func marker(from object: [String: JSONValue], location: String) throws(FieldError) -> Marker {
        let (coordinate, keys) = try CoordinateFields.coordinate(in: object)
        var properties = object
        for k in keys { properties[k] = nil }
        return Marker(id: object["id"], coordinate: coordinate, properties: properties, location: location)
    }
}
