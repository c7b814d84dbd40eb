import Foundation
import HometownClustering
import HometownCore
import HometownProtocol
import HometownStore

/// The marker-view endpoints' engine: the users that have a point, clustered with the supercluster port.
enum MarkerViews {
    /// A cluster index over the users with a point (those posted without one are left out: 0, 0 is no place).
    /// The index keeps positions only; a single user's fields are read from the view when it is shown.
    struct Indexed: Sendable {
        let index: ClusterIndex
        /// The view row of each indexed point.
        let rows: [Int32]
        let coordinates: [Coordinate]

        /// Bytes this index holds, roughly, per indexed point: the input point, its row and coordinate, and the
        /// clustered levels of zoom 0-16 (measured as the README says under "Expensive work waits its turn"; rounded up).
        static let bytesPerPoint = 850

        /// The fields a single user's feature carries as properties (its point is the geometry).
        static let properties: [UserField] = [.id, .nickname, .country, .state, .city, .year]

        init(points: [(row: Int, coordinate: Coordinate)]) throws {
            var clusterPoints: [ClusterPoint] = []
            clusterPoints.reserveCapacity(points.count)
            var rows: [Int32] = []
            rows.reserveCapacity(points.count)
            var coordinates: [Coordinate] = []
            coordinates.reserveCapacity(points.count)
            for (row, c) in points {
                clusterPoints.append(ClusterPoint(c))
                rows.append(Int32(row))
                coordinates.append(c)
            }
            index = try ClusterIndex(points: clusterPoints, options: ClusterOptions())
            self.rows = rows
            self.coordinates = coordinates
        }

        /// Bytes this index holds, roughly (what the server's cache of indexes counts).
        var approximateBytes: Int { 512 + rows.count * Self.bytesPerPoint }

        /// A GeoJSON FeatureCollection of the clusters and single users in `bbox` at `zoom`: clusters carry
        /// supercluster's properties plus `expansion_zoom` and their `bbox`; a single user carries its fields
        /// (read from `view`) and a point `bbox`.
        func features(in bbox: BoundingBox, zoom: Double, view: UserView) throws -> [UInt8] {
            let items = try index.clusters(in: bbox, zoom: zoom)
            var features = index.features(items)
            var deleted: [Int] = []
            for (i, item) in items.enumerated() {
                switch item {
                case .cluster(let c):
                    features[i].properties?["expansion_zoom"] = .number(Double(try index.expansionZoom(of: c.id)))
                case .point(let p):
                    // A user deleted since the index was built is left out (the next answer has a new index).
                    guard let u = view.user(row: Int(rows[p])) else {
                        deleted.append(i)
                        continue
                    }
                    let xy = [u.longitude, u.latitude]
                    features[i] = GeoJSONFeature(
                        id: .number(Double(u.id)), geometry: .point(xy),
                        properties: UserField.members(Self.properties, of: u))
                    features[i].bbox = [xy[0], xy[1], xy[0], xy[1]]
                }
            }
            for i in deleted.reversed() { features.remove(at: i) }
            return try Replies.encoded(GeoJSONFeatureCollection(features: features))
        }
    }
}
