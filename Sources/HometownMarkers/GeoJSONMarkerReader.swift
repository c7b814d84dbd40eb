import Foundation
import HometownCore

/// Reads markers from a GeoJSON FeatureCollection of Point features. A feature with `"geometry": null`
/// becomes an unlocated marker (kept in place); any other geometry type is an error naming the feature.
enum GeoJSONMarkerReader {
    static func read(_ data: Data, file: String) throws(MarkersError) -> [Marker] {
        let root: JSONValue
        do { root = try JSONText.parse(data) } catch { throw .malformed(file: file, reason: error.reason) }
        guard case .object(let top) = root, top["type"]?.stringValue == "FeatureCollection",
              case .array(let features)? = top["features"] else {
            throw .malformed(file: file, reason: "expected a GeoJSON FeatureCollection with a \"features\" array")
        }
        var markers: [Marker] = []
        markers.reserveCapacity(features.count)
        for (i, f) in features.enumerated() {
            let location = "feature \(i)"
            do {
                markers.append(try marker(from: f, location: location))
            } catch {
                throw .invalidRow(file: file, location: location, reason: error.reason)
            }
        }
        return markers
    }

    /// One GeoJSON Feature object as a marker.
    static func marker(from value: JSONValue, location: String) throws(FieldError) -> Marker {
        guard case .object(let f) = value, f["type"]?.stringValue == "Feature" else {
            throw FieldError("expected a GeoJSON Feature object")
        }
        var properties: [String: JSONValue]?
        switch f["properties"] {
        case .object(let o)?: properties = o
        case .null?, nil: properties = nil
        case let other?: throw FieldError("properties must be an object or null, got \(CoordinateFields.describe(other))")
        }
        let id = f["id"]
        switch f["geometry"] {
        case .null?, nil:
            return Marker(id: id, coordinate: nil, properties: properties, location: location)
        case .object(let g)?:
            guard let type = g["type"]?.stringValue else { throw FieldError("geometry has no \"type\"") }
            guard type == "Point" else { throw FieldError("geometry is a \(type); markers must be Points") }
            guard case .array(let c)? = g["coordinates"], c.count >= 2,
                  let lon = c[0].doubleValue, let lat = c[1].doubleValue else {
                throw FieldError("Point coordinates must be [longitude, latitude] numbers")
            }
            do {
                let coordinate = try Coordinate(latitude: lat, longitude: lon)
                return Marker(id: id, coordinate: coordinate, properties: properties, location: location)
            } catch {
                throw FieldError("\(error)")
            }
        case let other?:
            throw FieldError("geometry must be an object or null, got \(CoordinateFields.describe(other))")
        }
    }
}
