/// The entries (points and clusters) of one zoom level and the KD-tree over their positions.
/// `tree` item i is `nodes[i]`.
struct ZoomLevel: Sendable {
    var nodes: [ClusterNode]
    let tree: KDTree

    init(nodes: [ClusterNode], tree: KDTree) {
        self.nodes = nodes
        self.tree = tree
    }

    init(nodes: [ClusterNode], nodeSize: Int) {
        self.nodes = nodes
        tree = nodes.withUnsafeBufferPointer { b in
            KDTree(count: b.count, nodeSize: nodeSize, x: { b[$0].x }, y: { b[$0].y })
        }
    }
}
