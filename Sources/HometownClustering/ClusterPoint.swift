import HometownCore

/// One input point of a cluster index: a position, an optional feature id and properties, as in a GeoJSON
/// Point feature.
public struct ClusterPoint: Hashable, Sendable {
    /// Degrees east, normally in [-180, 180].
    public var longitude: Double
    /// Degrees north, in [-90, 90]; values beyond ±85.0511 sit on the Web Mercator edge.
    public var latitude: Double
    /// The feature id, copied to tile features and GeoJSON output.
    public var id: JSONValue?
    /// The feature properties (tile `tags`), or nil.
    public var properties: [String: JSONValue]?

    /// A point at a checked coordinate (latitude in [-90, 90], longitude in [-180, 180), as `Coordinate` keeps
    /// them): the way to build points from anything Hometown has read or been given.
    public init(_ coordinate: Coordinate, id: JSONValue? = nil, properties: [String: JSONValue]? = nil) {
        self.init(
            uncheckedLongitude: coordinate.longitude, latitude: coordinate.latitude, id: id,
            properties: properties)
    }

    /// A point from degrees that are not checked here (the fast path for large inputs already checked, and
    /// supercluster's own inputs, which may lie outside the usual ranges). `ClusterIndex` still rejects
    /// non-finite values (`ClusteringError.invalidPoint`).
    /// - Parameters: longitude then latitude in degrees (GeoJSON order).
    public init(
        uncheckedLongitude longitude: Double, latitude: Double, id: JSONValue? = nil,
        properties: [String: JSONValue]? = nil
    ) {
        self.longitude = longitude
        self.latitude = latitude
        self.id = id
        self.properties = properties
    }

    /// The point as a GeoJSON Point feature (`coordinates` = `[longitude, latitude]`).
    public var feature: GeoJSONFeature {
        GeoJSONFeature(id: id, geometry: .point([longitude, latitude]), properties: properties)
    }
}
