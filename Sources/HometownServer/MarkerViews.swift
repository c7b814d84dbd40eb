import Foundation
import HometownClustering
import HometownCore
import HometownProtocol

/// The marker-view endpoints' engine: the users that have a point, clustered with the supercluster port.
enum MarkerViews {
    /// A cluster index over the users with a point (those posted without one are left out: 0, 0 is no place).
    struct Indexed: Sendable {
        let index: ClusterIndex
        let coordinates: [Coordinate]

        init(users: [User]) throws {
            var points: [ClusterPoint] = []
            var coordinates: [Coordinate] = []
            for u in users {
                guard let c = u.coordinate else { continue }
                coordinates.append(c)
                points.append(ClusterPoint(longitude: c.longitude, latitude: c.latitude, id: .number(Double(u.id)), properties: [
                    "id": .number(Double(u.id)), "nickname": .string(u.nickname), "country": .string(u.country),
                    "state": .string(u.state), "city": .string(u.city), "year": .number(Double(u.year)),
                ]))
            }
            index = try ClusterIndex(points: points, options: ClusterOptions())
            self.coordinates = coordinates
        }

        /// A GeoJSON FeatureCollection of the clusters and single users in `bbox` at `zoom`: clusters carry
        /// supercluster's properties plus `expansion_zoom` and their `bbox`; a single user carries its fields and
        /// a point `bbox`.
        func features(in bbox: BoundingBox, zoom: Double) throws -> [UInt8] {
            let items = try index.clusters(in: bbox, zoom: zoom)
            var features = index.features(items)
            for (i, item) in items.enumerated() {
                switch item {
                case .cluster(let c):
                    features[i].properties?["expansion_zoom"] = .number(Double(try index.expansionZoom(of: c.id)))
                case .point:
                    if case .point(let xy)? = features[i].geometry, xy.count == 2 { features[i].bbox = [xy[0], xy[1], xy[0], xy[1]] }
                }
            }
            let e = JSONEncoder()
            e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Array(try e.encode(GeoJSONFeatureCollection(features: features)))
        }
    }

    /// A decimal number parameter (digits, sign, point, exponent; no hex, "nan" or "inf").
    static func number(_ text: String, field: String) throws(ProtocolError) -> Double {
        guard let v = try? Coordinate.parseDegrees(text, field: field), v.isFinite else {
            throw .wrongType(field: field, expected: "a decimal number", got: "'\(text.prefix(40))'")
        }
        return v
    }

    /// `bbox=W,S,E,N` in degrees (W > E crosses the antimeridian).
    static func bbox(_ text: String) throws(ProtocolError) -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw .wrongType(field: "bbox", expected: "west,south,east,north in degrees", got: "'\(text.prefix(60))'") }
        var v: [Double] = []
        for p in parts { v.append(try number(String(p), field: "bbox")) }
        guard let box = try? BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3]) else {
            throw .outOfRange(field: "bbox", rule: "west and east in [-180, 180], south <= north in [-90, 90]")
        }
        return box
    }
}
