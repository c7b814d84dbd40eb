import HometownCore

/// One result of a cluster query: an input point standing alone, or a cluster.
public enum ClusterItem: Hashable, Sendable {
    /// Index of the point in the index's input `points`.
    case point(Int)
    case cluster(Cluster)

    /// Number of input points represented (1 for a point).
    public var pointCount: Int {
        switch self {
        case .point: return 1
        case .cluster(let c): return c.pointCount
        }
    }
}
