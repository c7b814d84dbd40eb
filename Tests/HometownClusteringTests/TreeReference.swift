import HometownCore

@testable import HometownClustering

/// supercluster's own clustering pass, over each level's KD-tree: the reference the tests compare the
/// production pass (`GridPass` over a `NeighbourGrid`) with, level by level and bit for bit.
extension ClusterIndex {
    /// Builds an index as supercluster does: each level's entries clustered by a walk of that level's tree.
    init(treeReference points: [ClusterPoint?], options: ClusterOptions) throws {
        var nodes: [ClusterNode] = []
        try self.init(unclustered: .optional(points), options: options, inputNodes: &nodes)
        var level = ZoomLevel(nodes: nodes, nodeSize: options.nodeSize)
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let next = treePass(&level, zoom: z)
            levels[z + 1] = level
            level = ZoomLevel(nodes: next, nodeSize: options.nodeSize)
        }
        levels[options.minZoom] = level
    }

    /// One greedy pass: visits the entries of the level above `zoom` in order; each unvisited entry absorbs
    /// every unvisited entry within the zoom's radius into a weighted-centroid cluster (when there are enough
    /// points), or is carried down unchanged. Marks the visited entries and their parents in `level`.
    /// - Returns: the entries of `zoom`.
    private mutating func treePass(_ level: inout ZoomLevel, zoom: Int) -> [ClusterNode] {
        let r = options.radius / (options.extent * Double(1 << zoom))
        let z8 = Int8(zoom)
        let reduce = options.reduce
        let tree = level.tree
        var next: [ClusterNode] = []
        var neighbors: [Int] = []
        for i in level.nodes.indices {
            if level.nodes[i].lastZoom <= z8 { continue }
            level.nodes[i].lastZoom = z8
            let x = level.nodes[i].x
            let y = level.nodes[i].y
            tree.within(x: x, y: y, radius: r, into: &neighbors)

            let originCount = Int(level.nodes[i].count)
            var total = originCount
            for k in neighbors where level.nodes[k].lastZoom > z8 { total += Int(level.nodes[k].count) }

            if total > originCount && total >= options.minPoints {
                var wx = x * Double(originCount)
                var wy = y * Double(originCount)
                let id = Int32((i << 5) + (zoom + 1) + storage.count)
                var box = bounds(of: level.nodes[i])
                var props: [String: JSONValue] = reduce != nil ? mapped(level.nodes[i]) : [:]
                for k in neighbors {
                    if level.nodes[k].lastZoom <= z8 { continue }
                    level.nodes[k].lastZoom = z8
                    let c = Double(level.nodes[k].count)
                    wx += level.nodes[k].x * c
                    wy += level.nodes[k].y * c
                    level.nodes[k].parent = id
                    let b = bounds(of: level.nodes[k])
                    box = (min(box.0, b.0), min(box.1, b.1), max(box.2, b.2), max(box.3, b.3))
                    if let reduce { reduce(&props, mapped(level.nodes[k])) }
                }
                level.nodes[i].parent = id
                let info = Int32(clusterBounds.count)
                clusterBounds.append(BoundingBox(uncheckedWest: box.0, south: box.1, east: box.2, north: box.3))
                if reduce != nil { clusterProperties.append(props) }
                next.append(
                    ClusterNode(
                        x: wx / Double(total), y: wy / Double(total), id: id, parent: -1,
                        count: Int32(total), info: info, lastZoom: ClusterNode.notVisited))
            } else {
                next.append(level.nodes[i])
                if total > 1 {
                    for k in neighbors {
                        if level.nodes[k].lastZoom <= z8 { continue }
                        level.nodes[k].lastZoom = z8
                        next.append(level.nodes[k])
                    }
                }
            }
        }
        return next
    }

    /// West, south, east, north of an entry's points in degrees.
    private func bounds(of node: ClusterNode) -> (Double, Double, Double, Double) {
        if node.count > 1 {
            let b = clusterBounds[Int(node.info)]
            return (b.west, b.south, b.east, b.north)
        }
        let i = Int(node.id)
        return (lonLat[2 * i], lonLat[2 * i + 1], lonLat[2 * i], lonLat[2 * i + 1])
    }

    /// The properties an entry contributes to `reduce`: a cluster's accumulated ones, or `map` of a point's.
    private func mapped(_ node: ClusterNode) -> [String: JSONValue] {
        if node.count > 1 { return clusterProperties[Int(node.info)] }
        let original = storage[Int(node.id)]?.properties
        if let map = options.map { return map(original) }
        return original ?? [:]
    }
}
