/// GeoJSON (RFC 7946) geometry. Positions are `[longitude, latitude]`, in that order.
public enum GeoJSONGeometry: Hashable, Sendable, Codable {
    case point([Double])
    case multiPoint([[Double]])
    case lineString([[Double]])
    case multiLineString([[[Double]]])
    case polygon([[[Double]]])
    case multiPolygon([[[[Double]]]])

    private enum Keys: String, CodingKey { case type, coordinates }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "Point": self = .point(try c.decode([Double].self, forKey: .coordinates))
        case "MultiPoint": self = .multiPoint(try c.decode([[Double]].self, forKey: .coordinates))
        case "LineString": self = .lineString(try c.decode([[Double]].self, forKey: .coordinates))
        case "MultiLineString": self = .multiLineString(try c.decode([[[Double]]].self, forKey: .coordinates))
        case "Polygon": self = .polygon(try c.decode([[[Double]]].self, forKey: .coordinates))
        case "MultiPolygon": self = .multiPolygon(try c.decode([[[[Double]]]].self, forKey: .coordinates))
        default: throw CoreError.invalidGeoJSON("unsupported geometry type \"\(type)\"")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .point(let p):
            try c.encode("Point", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        case .multiPoint(let p):
            try c.encode("MultiPoint", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        case .lineString(let p):
            try c.encode("LineString", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        case .multiLineString(let p):
            try c.encode("MultiLineString", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        case .polygon(let p):
            try c.encode("Polygon", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        case .multiPolygon(let p):
            try c.encode("MultiPolygon", forKey: .type)
            try c.encode(p, forKey: .coordinates)
        }
    }

    /// A point geometry for a coordinate (`[longitude, latitude]`).
    public static func point(_ c: Coordinate) -> GeoJSONGeometry { .point([c.longitude, c.latitude]) }
}

/// A GeoJSON Feature: geometry, properties and an optional id (number or string).
public struct GeoJSONFeature: Hashable, Sendable, Codable {
    public var type: String = "Feature"
    public var id: JSONValue?
    public var geometry: GeoJSONGeometry?
    public var properties: [String: JSONValue]?
    public var bbox: [Double]?

    public init(
        id: JSONValue? = nil, geometry: GeoJSONGeometry?, properties: [String: JSONValue]?, bbox: [Double]? = nil
    ) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.bbox = bbox
    }
}

/// A GeoJSON FeatureCollection.
public struct GeoJSONFeatureCollection: Hashable, Sendable, Codable {
    public var type: String = "FeatureCollection"
    public var features: [GeoJSONFeature]

    public init(features: [GeoJSONFeature]) { self.features = features }
}
