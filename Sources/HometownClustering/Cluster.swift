import HometownCore

/// A cluster of input points at one zoom level.
public struct Cluster: Hashable, Sendable {
    /// supercluster's id: `(indexInItsZoomLevel << 5) + (zoom + 1) + numberOfInputPoints`.
    public let id: Int
    /// The cluster's place among its index's clusters, in `0..<ClusterIndex.clusterCount`: the same at every
    /// zoom the cluster appears at, so that a caller can keep something per cluster in a flat array.
    public let ordinal: Int
    /// Number of input points in the cluster.
    public let pointCount: Int
    /// Weighted centre in unit Web Mercator (x east, y south, both in [0, 1]).
    public let x: Double
    public let y: Double
    /// The smallest longitude/latitude box holding all its points (never crosses the antimeridian: clusters
    /// form in Mercator x, which does not wrap).
    public let bounds: BoundingBox
    /// Properties accumulated by `ClusterOptions.reduce` (empty without it).
    public let accumulated: [String: JSONValue]

    /// Centre longitude in degrees.
    public var longitude: Double { UnitMercator.longitude(x: x) }
    /// Centre latitude in degrees.
    public var latitude: Double { UnitMercator.latitude(y: y) }

    /// supercluster's `point_count_abbreviated`: the count below 1000, then "1.2k" (one decimal) below
    /// 10,000, then "12k" (rounded thousands; supercluster has no "M": 2,500,000 is "2500k").
    public var abbreviatedCount: JSONValue { Cluster.abbreviate(pointCount) }

    /// The properties supercluster gives a cluster (accumulated ones, then `cluster`, `cluster_id`,
    /// `point_count`, `point_count_abbreviated`).
    public var properties: [String: JSONValue] {
        var p = accumulated
        p["cluster"] = .bool(true)
        p["cluster_id"] = .number(Double(id))
        p["point_count"] = .number(Double(pointCount))
        p["point_count_abbreviated"] = abbreviatedCount
        return p
    }

    /// The cluster as a GeoJSON Point feature with `id` = cluster id and `bbox` = its bounds.
    public var feature: GeoJSONFeature {
        GeoJSONFeature(
            id: .number(Double(id)), geometry: .point([longitude, latitude]),
            properties: properties, bbox: bounds.array)
    }

    /// See `abbreviatedCount`.
    public static func abbreviate(_ count: Int) -> JSONValue {
        if count >= 10_000 { return .string("\(Int(jsRound(Double(count) / 1000)))k") }
        if count >= 1000 {
            let tenths = Int(jsRound(Double(count) / 100))
            return .string(tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k")
        }
        return .number(Double(count))
    }
}
