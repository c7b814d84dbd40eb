/// One entry of a zoom level: an input point or a cluster, in unit Web Mercator. Flat and small (40 bytes).
struct ClusterNode: Sendable {
    /// Unit Mercator position (input points: rounded to single precision, as supercluster stores them).
    var x: Double
    var y: Double
    /// Input index for a point; cluster id for a cluster.
    var id: Int32
    /// Id of the cluster this entry was merged into at the next lower zoom, or -1.
    var parent: Int32
    /// Number of input points represented.
    var count: Int32
    /// Index into the index's per-cluster tables (bounds, accumulated properties); -1 for points.
    var info: Int32
    /// The last zoom at which the clustering pass visited this entry (`notVisited` before).
    var lastZoom: Int8

    static let notVisited: Int8 = .max
}
