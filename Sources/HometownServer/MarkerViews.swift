import Foundation
import HometownClustering
import HometownCore
import HometownProtocol
import HometownStore
import NIOCore

/// The marker-view endpoints' engine: the users that have a point, clustered with the supercluster port.
enum MarkerViews {
    /// A cluster index over the users with a point (those posted without one are left out: 0, 0 is no place),
    /// and each indexed user's feature written once, as the user was when the index was built (the data version
    /// the index is kept for): an answer of many single users is then a copy of their bytes.
    struct Indexed: Sendable {
        let index: ClusterIndex
        let coordinates: [Coordinate]
        /// Every indexed user's feature (`ClusterFeatureWriter`), laid out in map order (`MapOrder`: users near
        /// one another on the map are near one another here, as an answer's users are, so that copying an answer's
        /// features reads memory nearly in sequence); point `i`'s bytes are
        /// `userFeatures[userFeatureBounds[2 * i]..<userFeatureBounds[2 * i + 1]]` (empty for a user deleted before
        /// its feature was written).
        let userFeatures: [UInt8]
        let userFeatureBounds: [Int]

        /// Bytes this index holds, roughly, per indexed point beside the features' bytes: the input point, its
        /// coordinate and its feature's two offsets, and the clustered levels of zoom 0-16 (measured as docs/server.md
        /// says under "Memory and work"; rounded up).
        static let bytesPerPoint = 870

        /// Indexes `points` (rows of `view` with their coordinates) and writes their users' features, giving up
        /// between zoom levels and between steps of writing once `shouldStop` says so.
        /// - Throws: `CancellationError` when `shouldStop` said so; `ClusteringError` from the index.
        init(points: [(row: Int, coordinate: Coordinate)], view: UserView, shouldStop: () -> Bool = { false }) throws {
            var clusterPoints: [ClusterPoint] = []
            clusterPoints.reserveCapacity(points.count)
            var coordinates: [Coordinate] = []
            coordinates.reserveCapacity(points.count)
            for (_, c) in points {
                clusterPoints.append(ClusterPoint(c))
                coordinates.append(c)
            }
            index = try ClusterIndex(points: clusterPoints, options: ClusterOptions(), stopWhen: shouldStop)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(points.count * ClusterFeatureWriter.typicalFeatureBytes)
            var bounds = [Int](repeating: 0, count: 2 * points.count)
            let order = MapOrder.indices(of: coordinates)
            var start = 0
            while start < order.count {
                if shouldStop() { throw CancellationError() }
                let chunk = order[start..<min(order.count, start + Self.stopCheckInterval)]
                for (i, user) in zip(chunk, view.users(atRows: chunk.map { points[$0].row })) {
                    bounds[2 * i] = bytes.count
                    if let user { ClusterFeatureWriter.append(user, to: &bytes) }
                    bounds[2 * i + 1] = bytes.count
                }
                start += chunk.count
            }
            self.coordinates = coordinates
            userFeatures = bytes
            userFeatureBounds = bounds
        }

        /// Bytes this index holds, roughly (what the server's cache of indexes counts).
        var approximateBytes: Int { 512 + coordinates.count * Self.bytesPerPoint + userFeatures.count }

        /// The clusters and single users in `bbox` at `zoom` (cheap: a range search of one level's tree).
        func items(in bbox: BoundingBox, zoom: Double) throws -> [ClusterItem] {
            try index.clusters(in: bbox, zoom: zoom)
        }

        /// A GeoJSON FeatureCollection of `items` (from `items(in:zoom:)`): clusters carry supercluster's
        /// properties plus `expansion_zoom` and their `bbox`; a single user carries its fields and a point `bbox`,
        /// as written when the index was built (a user deleted before that is left out). Keys sorted, numbers and
        /// strings as `JSONWriter` writes them (`ClusterFeatureWriter`).
        /// - Parameter shouldStop: asked every `stopCheckInterval` items; the writing gives up once it says so.
        /// - Throws: `CancellationError` when `shouldStop` said so.
        func features(_ items: [ClusterItem], shouldStop: () -> Bool = { false }) throws -> ByteBuffer {
            // The buffer is sized first (users' bytes exactly, clusters' as typical), so that a large answer is
            // neither moved while it grows nor copied into the response afterwards.
            var userBytes = 0
            var clusters = 0
            for item in items {
                switch item {
                case .cluster: clusters += 1
                case .point(let p): userBytes += userFeatureBounds[2 * p + 1] - userFeatureBounds[2 * p]
                }
            }
            var out = ByteBufferAllocator().buffer(
                capacity: 64 + items.count + userBytes + clusters * ClusterFeatureWriter.typicalFeatureBytes)
            out.writeBytes(ClusterFeatureWriter.collectionStart)
            var first = true
            var scratch: [Int] = []
            var feature: [UInt8] = []
            for (k, item) in items.enumerated() {
                if k % Self.stopCheckInterval == 0, shouldStop() { throw CancellationError() }
                switch item {
                case .cluster(let c):
                    if !first { out.writeInteger(UInt8(ascii: ",")) }
                    let zoom = try index.expansionZoom(of: c.id, scratch: &scratch)
                    feature.removeAll(keepingCapacity: true)
                    ClusterFeatureWriter.append(c, expansionZoom: zoom, to: &feature)
                    out.writeBytes(feature)
                case .point(let p):
                    let range = userFeatureBounds[2 * p]..<userFeatureBounds[2 * p + 1]
                    if range.isEmpty { continue }
                    if !first { out.writeInteger(UInt8(ascii: ",")) }
                    _ = userFeatures.withUnsafeBytes { out.writeBytes(UnsafeRawBufferPointer(rebasing: $0[range])) }
                }
                first = false
            }
            out.writeBytes(ClusterFeatureWriter.collectionEnd)
            return out
        }

        /// Items written (and users read) between two looks at `shouldStop`.
        static let stopCheckInterval = 1024
    }
}
