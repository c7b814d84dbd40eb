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
    /// Where the marker came from in its file, e.g. "line 12" or "feature 3" (both counted from 1), for messages.
    public var location: String {
        get {
            switch origin {
            case .text(let s): return s
            case .line(let n): return "line \(n)"
            case .feature(let n): return Marker.featureLocation(n)
            }
        }
        set { origin = .text(newValue) }
    }

    /// `location`, kept as a number until a message needs the text (a million markers read from a file need
    /// no million strings).
    private var origin: Origin

    enum Origin: Hashable, Sendable {
        case text(String)
        /// A 1-based line of a CSV or NDJSON file.
        case line(Int)
        /// A 0-based feature of a GeoJSON FeatureCollection (shown counted from 1, as lines are).
        case feature(Int)
    }

    public init(
        id: JSONValue? = nil, coordinate: Coordinate?, properties: [String: JSONValue]? = [:], location: String = ""
    ) {
        self.init(id: id, coordinate: coordinate, properties: properties, origin: .text(location))
    }

    init(id: JSONValue?, coordinate: Coordinate?, properties: [String: JSONValue]?, origin: Origin) {
        self.id = id
        self.coordinate = coordinate
        self.properties = properties
        self.origin = origin
    }

    /// The location of the GeoJSON feature at 0-based `index` of `features`, counted from 1 as lines are:
    /// "feature 1" is the first.
    static func featureLocation(_ index: Int) -> String { "feature \(index + 1)" }

    /// Moves a GeoJSON feature's place by `offset` features (for a file read in parts).
    mutating func shiftFeatureIndex(by offset: Int) {
        if case .feature(let n) = origin { origin = .feature(n + offset) }
    }

    /// Property `key`, or nil.
    public subscript(key: String) -> JSONValue? { properties?[key] }

    public static func == (a: Marker, b: Marker) -> Bool {
        a.id == b.id && a.coordinate == b.coordinate && a.properties == b.properties && a.location == b.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(coordinate)
        hasher.combine(properties)
        hasher.combine(location)
    }
}
