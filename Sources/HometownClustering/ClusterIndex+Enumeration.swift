extension ClusterIndex {
    /// Number of distinct clusters in the index (`Cluster.ordinal` is below it). A cluster that does not merge
    /// at the next zoom down appears there again as the same cluster, and is counted once.
    public var clusterCount: Int { clusterBounds.count }

    /// Calls `body` once for each of the index's clusters (`clusterCount` calls), zoom level by zoom level from
    /// the lowest, for callers that prepare something per cluster ahead of queries.
    public func forEachCluster(_ body: (Cluster) throws -> Void) rethrows {
        var seen = [Bool](repeating: false, count: clusterCount)
        for case let level? in levels {
            for node in level.nodes where node.count > 1 && !seen[Int(node.info)] {
                seen[Int(node.info)] = true
                if case .cluster(let c) = item(node) { try body(c) }
            }
        }
    }
}
