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
        /// Every indexed user's feature (`ClusterFeatureWriter`), laid out in map order (`MapOrder`: users near
        /// one another on the map are near one another here, as an answer's users are, so that copying an answer's
        /// features reads memory nearly in sequence); point `i`'s bytes are
        /// `userFeatures[userFeatureBounds[2 * i]..<userFeatureBounds[2 * i + 1]]` (empty for a user deleted before
        /// its feature was written).
        let userFeatures: [UInt8]
        let userFeatureBounds: [Int]
        /// Every cluster's feature (`ClusterFeatureWriter`, with its expansion zoom), zoom level by zoom level;
        /// the cluster of ordinal `k` (`Cluster.ordinal`) is
        /// `clusterFeatures[clusterFeatureBounds[2 * k]..<clusterFeatureBounds[2 * k + 1]]`.
        let clusterFeatures: [UInt8]
        let clusterFeatureBounds: [Int]

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
            (clusterFeatures, clusterFeatureBounds) = try Self.clusterFeatures(of: index, shouldStop: shouldStop)
        }

        /// Each of `index`'s clusters' features, and where each lies (two offsets per ordinal).
        private static func clusterFeatures(of index: ClusterIndex, shouldStop: () -> Bool) throws -> ([UInt8], [Int]) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(index.clusterCount * ClusterFeatureWriter.typicalFeatureBytes)
            var bounds = [Int](repeating: 0, count: 2 * index.clusterCount)
            var scratch: [Int] = []
            var written = 0
            try index.forEachCluster { c in
                if written % Self.stopCheckInterval == 0, shouldStop() { throw CancellationError() }
                written += 1
                let zoom = try index.expansionZoom(of: c.id, scratch: &scratch)
                bounds[2 * c.ordinal] = bytes.count
                ClusterFeatureWriter.append(c, expansionZoom: zoom, to: &bytes)
                bounds[2 * c.ordinal + 1] = bytes.count
            }
            return (bytes, bounds)
        }

        /// Bytes this index holds, roughly (what the server's cache of indexes counts).
        var approximateBytes: Int {
            512 + coordinates.count * Self.bytesPerPoint + userFeatures.count + clusterFeatures.count
                + clusterFeatureBounds.count * MemoryLayout<Int>.stride
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
                case .cluster(let c):
                    size += clusterFeatureBounds[2 * c.ordinal + 1] - clusterFeatureBounds[2 * c.ordinal]
                case .point(let p): size += userFeatureBounds[2 * p + 1] - userFeatureBounds[2 * p]
                }
            }
            var out = ByteBufferAllocator().buffer(capacity: size)
            out.writeBytes(ClusterFeatureWriter.collectionStart)
            var first = true
            func copy(_ features: [UInt8], _ bounds: [Int], _ i: Int) {
                let range = bounds[2 * i]..<bounds[2 * i + 1]
                if range.isEmpty { return }
                if !first { out.writeInteger(UInt8(ascii: ",")) }
                first = false
                _ = features.withUnsafeBytes { out.writeBytes(UnsafeRawBufferPointer(rebasing: $0[range])) }
            }
            for (k, item) in items.enumerated() {
                if k % Self.stopCheckInterval == 0, shouldStop() { throw CancellationError() }
                switch item {
                case .cluster(let c): copy(clusterFeatures, clusterFeatureBounds, c.ordinal)
                case .point(let p): copy(userFeatures, userFeatureBounds, p)
                }
            }
            out.writeBytes(ClusterFeatureWriter.collectionEnd)
            return out
        }

        /// Items written (and users read) between two looks at `shouldStop`.
        static let stopCheckInterval = 1024
    }
}
