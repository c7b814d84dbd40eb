/// GeoJSON (RFC 7946) geometry. Positions are `[longitude, latitude]`, in that order.
public enum GeoJSONGeometry: Hashable, Sendable, Codable {
    case point([Double])
    case multiPoint([[Double]])
    case lineString([[Double]])
    case multiLineString([[[Double]]])
    case polygon([[[Double]]])
    case multiPolygon([[[[Double]]]])

    private enum Keys: String, CodingKey { case type, coordinates }

    /// The geometry types read and written, by their GeoJSON `type` member.
    private enum Kind: String {
        case point = "Point"
        case multiPoint = "MultiPoint"
        case lineString = "LineString"
        case multiLineString = "MultiLineString"
        case polygon = "Polygon"
        case multiPolygon = "MultiPolygon"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        guard let kind = Kind(rawValue: type) else {
            throw CoreError.invalidGeoJSON("unsupported geometry type \"\(type)\"")
        }
        switch kind {
        case .point: self = .point(try c.decode([Double].self, forKey: .coordinates))
        case .multiPoint: self = .multiPoint(try c.decode([[Double]].self, forKey: .coordinates))
        case .lineString: self = .lineString(try c.decode([[Double]].self, forKey: .coordinates))
        case .multiLineString: self = .multiLineString(try c.decode([[[Double]]].self, forKey: .coordinates))
        case .polygon: self = .polygon(try c.decode([[[Double]]].self, forKey: .coordinates))
        case .multiPolygon: self = .multiPolygon(try c.decode([[[[Double]]]].self, forKey: .coordinates))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(kind.rawValue, forKey: .type)
        switch self {
        case .point(let p): try c.encode(p, forKey: .coordinates)
        case .multiPoint(let p): try c.encode(p, forKey: .coordinates)
        case .lineString(let p): try c.encode(p, forKey: .coordinates)
        case .multiLineString(let p): try c.encode(p, forKey: .coordinates)
        case .polygon(let p): try c.encode(p, forKey: .coordinates)
        case .multiPolygon(let p): try c.encode(p, forKey: .coordinates)
        }
    }

    private var kind: Kind {
        switch self {
        case .point: .point
        case .multiPoint: .multiPoint
        case .lineString: .lineString
        case .multiLineString: .multiLineString
        case .polygon: .polygon
        case .multiPolygon: .multiPolygon
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
