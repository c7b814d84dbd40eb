import HometownCore

/// A feature of a vector tile in supercluster's `getTile` form: `type` 1 (point), `geometry` `[[x, y]]` in
/// tile pixels (0...extent inside the tile; neighbours within the radius fall slightly outside), `tags`
/// (a point's properties, or a cluster's), and `id` (cluster id, or the point's feature id if it has one).
public struct TileFeature: Hashable, Sendable, Codable {
    public var type: Int = 1
    public var geometry: [[Int]]
    public var tags: JSONValue
    public var id: JSONValue?

    public init(x: Int, y: Int, tags: JSONValue, id: JSONValue?) {
        geometry = [[x, y]]
        self.tags = tags
        self.id = id
    }

    private enum Keys: String, CodingKey { case type, geometry, tags, id }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        type = try c.decode(Int.self, forKey: .type)
        geometry = try c.decode([[Int]].self, forKey: .geometry)
        tags = try c.decodeIfPresent(JSONValue.self, forKey: .tags) ?? .null
        id = try c.decodeIfPresent(JSONValue.self, forKey: .id)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        try c.encode(geometry, forKey: .geometry)
        try c.encode(tags, forKey: .tags)
        try c.encodeIfPresent(id, forKey: .id)  // absent, not null, when there is none
    }
}

/// A tile's features, `{"features": [...]}`.
public struct Tile: Hashable, Sendable, Codable {
    public var features: [TileFeature]
    public init(features: [TileFeature]) { self.features = features }
}
