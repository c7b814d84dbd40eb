import HometownCore

/// A marker on the map: an id, a position and free-form properties (country, state, city, year, ...).
public struct Marker: Hashable, Sendable {
    /// The record's id (the Hometown user id, a GeoJSON feature id, a CSV/NDJSON `id`), or nil.
    public var id: JSONValue?
    /// Position in degrees; nil only for a GeoJSON feature whose geometry is null (an "unlocated" feature,
    /// valid GeoJSON), which the map cannot show but which keeps its place in the input.
    public var coordinate: Coordinate?
    /// Properties; nil when a GeoJSON feature has `"properties": null`.
    public var properties: [String: JSONValue]?
    /// Where the marker came from in its file, e.g. "line 12" or "feature 3", for messages.
    public var location: String

    public init(id: JSONValue? = nil, coordinate: Coordinate?, properties: [String: JSONValue]? = [:], location: String = "") {
        self.id = id; self.coordinate = coordinate; self.properties = properties; self.location = location
    }

    /// Property `key`, or nil.
    public subscript(key: String) -> JSONValue? { properties?[key] }
}
