import Foundation
import HometownClustering
import HometownCore
import HometownProtocol
import HometownStore
import NIOCore

/// The marker-view endpoints' engine: the users that have a point, clustered with the supercluster port.
enum MarkerViews {
    /// A cluster index over the users with a point (those posted without one are left out: 0, 0 is no place),
    /// and each feature an answer can hold written once when the index is built: every indexed user's, as the user
    /// was then (the data version the index is kept for), and every cluster's, with its expansion zoom. An answer
    /// is then a copy of its features' bytes.
    struct Indexed: Sendable {
        let index: ClusterIndex
        let coordinates: [Coordinate]
        /// Every indexed user's feature (`ClusterFeatureWriter`), keyed by point and laid out in map order
        /// (`MapOrder`: users near one another on the map are near one another here, as an answer's users are, so
        /// that copying an answer's features reads memory nearly in sequence); empty for a user deleted before its
        /// feature was written.
        let userFeatures: FeatureTable
        /// Every cluster's feature (`ClusterFeatureWriter`, with its expansion zoom), keyed by `Cluster.ordinal`.
        let clusterFeatures: FeatureTable

        /// Bytes this index holds, roughly, per indexed point beside the features' bytes: the input point, its
        /// coordinate and its feature's two offsets, and the clustered levels of zoom 0-16 (measured as docs/server.md
        /// says under "Memory and work"; rounded up).
        static let bytesPerPoint = 870

        /// Indexes `points` (rows of `view` with their coordinates) and writes their users' features and the
        /// clusters' features, giving up between zoom levels and between steps of writing once `shouldStop` says so.
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
            var users = FeatureTable(
                count: points.count, reservingBytes: points.count * ClusterFeatureWriter.typicalFeatureBytes)
            let order = MapOrder.indices(of: coordinates)
            var start = 0
            while start < order.count {
                if shouldStop() { throw CancellationError() }
                let chunk = order[start..<min(order.count, start + Self.stopCheckInterval)]
                for (i, user) in zip(chunk, view.users(atRows: chunk.map { points[$0].row })) {
                    users.write(i) { if let user { ClusterFeatureWriter.append(user, to: &$0) } }
                }
                start += chunk.count
            }
            self.coordinates = coordinates
            userFeatures = users
            clusterFeatures = try Self.clusterFeatures(of: index, shouldStop: shouldStop)
        }

        /// Each of `index`'s clusters' features, keyed by ordinal.
        private static func clusterFeatures(of index: ClusterIndex, shouldStop: () -> Bool) throws -> FeatureTable {
            var table = FeatureTable(
                count: index.clusterCount,
                reservingBytes: index.clusterCount * ClusterFeatureWriter.typicalFeatureBytes)
            var scratch: [Int] = []
            var written = 0
            try index.forEachCluster { c in
                if written % Self.stopCheckInterval == 0, shouldStop() { throw CancellationError() }
                written += 1
                let zoom = try index.expansionZoom(of: c.id, scratch: &scratch)
                table.write(c.ordinal) { ClusterFeatureWriter.append(c, expansionZoom: zoom, to: &$0) }
            }
            return table
        }

        /// Bytes this index holds, roughly (what the server's cache of indexes counts).
        var approximateBytes: Int {
            512 + coordinates.count * Self.bytesPerPoint + userFeatures.bytes.count + clusterFeatures.approximateBytes
        }

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
            // The buffer is sized first, exactly, so that a large answer is neither moved while it grows nor
            // copied into the response afterwards.
            var size = 64 + items.count
            for item in items {
                switch item {
                case .cluster(let c): size += clusterFeatures.byteCount(c.ordinal)
                case .point(let p): size += userFeatures.byteCount(p)
                }
            }
            var out = ByteBufferAllocator().buffer(capacity: size)
            out.writeBytes(ClusterFeatureWriter.collectionStart)
            var first = true
            for (k, item) in items.enumerated() {
                if k % Self.stopCheckInterval == 0, shouldStop() { throw CancellationError() }
                switch item {
                case .cluster(let c): clusterFeatures.copy(c.ordinal, to: &out, first: &first)
                case .point(let p): userFeatures.copy(p, to: &out, first: &first)
                }
            }
            out.writeBytes(ClusterFeatureWriter.collectionEnd)
            return out
        }

        /// Items written (and users read) between two looks at `shouldStop`.
        static let stopCheckInterval = 1024
    }
}
