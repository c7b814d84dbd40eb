import HometownCore

/// A hierarchical point-clustering index compatible with mapbox/supercluster 8: the same options, the same
/// greedy radius merge from `maxZoom` down to `minZoom`, the same cluster ids, results and result order.
///
/// Positions are projected to unit Web Mercator (see `UnitMercator`) and rounded to single precision, as
/// supercluster does. Every cluster also records the longitude/latitude bounds of its points.
/// Immutable once built: safe to share between threads.
public struct ClusterIndex: Sendable {
    /// The most input points an index can hold: cluster ids must fit in 31 bits.
    public static let maximumPointCount = (Int(Int32.max) - 64) / 33

    public let options: ClusterOptions
    /// The input points, in input order; `ClusterItem.point(i)` refers to `points[i]` (never nil for an item).
    /// nil entries are features without geometry: skipped, but counted in the cluster-id encoding, as
    /// supercluster counts them.
    public let points: [ClusterPoint?]
    /// Levels by zoom, `minZoom...maxZoom + 1` (the last holds the input points); others are nil.
    var levels: [ZoomLevel?]
    /// Per cluster (`ClusterNode.info`): lon/lat bounds as west, south, east, north.
    var clusterBounds: [BoundingBox]
    /// Per cluster: properties accumulated by `options.reduce` (empty when there is no reduce).
    var clusterProperties: [[String: JSONValue]]
    /// Input longitudes and latitudes (degrees), kept flat for the bounds computation.
    private let longitudes: [Double]
    private let latitudes: [Double]

    /// Builds the index.
    /// - Parameters:
    ///   - points: input points (longitude, latitude in degrees).
    ///   - options: clustering options; defaults are supercluster's.
    /// - Throws: `ClusteringError.invalidOption`, `.invalidPoint` (naming the index of a non-finite point),
    ///   `.tooManyPoints`.
    public init(points: [ClusterPoint], options: ClusterOptions = ClusterOptions()) throws {
        try self.init(points: points.map { Optional($0) }, options: options)
    }

    /// Builds the index from points some of which have no position (GeoJSON features with a null geometry).
    /// - Parameters: points: nil entries are skipped but keep their place (ids and indices stay those of the
    ///   input, as in supercluster). Otherwise as `init(points:options:)`.
    public init(points: [ClusterPoint?], options: ClusterOptions = ClusterOptions()) throws {
        try self.init(points: points, options: options, neighbours: .grid)
    }

    /// How a clustering pass finds an entry's neighbours: `.grid` (`NeighbourGrid`, the fast path) or `.tree`
    /// (the level's KD-tree, supercluster's own way; kept as the reference the tests compare with).
    enum NeighbourSearch { case grid, tree }

    init(points: [ClusterPoint?], options: ClusterOptions, neighbours: NeighbourSearch) throws {
        try options.validate()
        guard points.count <= ClusterIndex.maximumPointCount else { throw ClusteringError.tooManyPoints(points.count) }
        self.options = options
        self.points = points
        levels = Array(repeating: nil, count: options.maxZoom + 2)
        clusterBounds = []
        clusterProperties = []
        longitudes = points.map { $0?.longitude ?? 0 }
        latitudes = points.map { $0?.latitude ?? 0 }

        var nodes: [ClusterNode] = []
        nodes.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            guard let p else { continue }
            guard p.longitude.isFinite, p.latitude.isFinite else {
                throw ClusteringError.invalidPoint(index: i, longitude: p.longitude, latitude: p.latitude)
            }
            nodes.append(ClusterNode(x: UnitMercator.fround(UnitMercator.x(longitude: p.longitude)),
                                     y: UnitMercator.fround(UnitMercator.y(latitude: p.latitude)),
                                     id: Int32(i), parent: -1, count: 1, info: -1, lastZoom: ClusterNode.notVisited))
        }
        var level = ZoomLevel(nodes: nodes, nodeSize: options.nodeSize)
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let next = cluster(&level, zoom: z, neighbours: neighbours)
            levels[z + 1] = level
            level = ZoomLevel(nodes: next, nodeSize: options.nodeSize)
        }
        levels[options.minZoom] = level
    }

    /// One greedy pass: visits the entries of the level above `zoom` in order; each unvisited entry absorbs
    /// every unvisited entry within the zoom's radius into a weighted-centroid cluster (when there are enough
    /// points), or is carried down unchanged. Marks the visited entries and their parents in `level`.
    /// - Returns: the entries of `zoom`.
    private mutating func cluster(_ level: inout ZoomLevel, zoom: Int, neighbours search: NeighbourSearch) -> [ClusterNode] {
        let r = options.radius / (options.extent * Double(1 << zoom))
        let z8 = Int8(zoom)
        let minPoints = options.minPoints
        let pointCount = points.count
        let reduce = options.reduce
        let tree = level.tree
        var next: [ClusterNode] = []
        next.reserveCapacity(level.nodes.count)
        var neighbors: [Int] = []
        neighbors.reserveCapacity(64)

        level.nodes.withUnsafeMutableBufferPointer { nodes in
            // Neighbours come from a grid, in the tree's order (the same entries, the same order as tree.within).
            let grid = search == .grid ? NeighbourGrid(nodes: nodes, radius: r, ranks: tree.traversalRanks()) : nil
            let isolated = grid?.isolated ?? []
            for i in 0..<nodes.count {
                if nodes[i].lastZoom <= z8 { continue }
                nodes[i].lastZoom = z8
                // Alone within the radius: carried down as it is (what the full pass below does for it).
                if !isolated.isEmpty, isolated[i] { next.append(nodes[i]); continue }
                let x = nodes[i].x, y = nodes[i].y
                if let grid {
                    grid.within(x: x, y: y, radius: r, into: &neighbors)
                } else {
                    tree.within(x: x, y: y, radius: r, into: &neighbors)
                }

                let originCount = Int(nodes[i].count)
                var total = originCount
                for k in neighbors where nodes[k].lastZoom > z8 { total += Int(nodes[k].count) }

                if total > originCount && total >= minPoints {
                    var wx = x * Double(originCount)
                    var wy = y * Double(originCount)
                    let id = Int32((i << 5) + (zoom + 1) + pointCount)
                    var box = bounds(of: nodes[i])
                    var props: [String: JSONValue] = reduce != nil ? mapped(nodes[i]) : [:]
                    for k in neighbors {
                        if nodes[k].lastZoom <= z8 { continue }
                        nodes[k].lastZoom = z8
                        let c = Double(nodes[k].count)
                        wx += nodes[k].x * c
                        wy += nodes[k].y * c
                        nodes[k].parent = id
                        let b = bounds(of: nodes[k])
                        box = (min(box.0, b.0), min(box.1, b.1), max(box.2, b.2), max(box.3, b.3))
                        if let reduce { reduce(&props, mapped(nodes[k])) }
                    }
                    nodes[i].parent = id
                    let info = Int32(clusterBounds.count)
                    clusterBounds.append(BoundingBox(uncheckedWest: box.0, south: box.1, east: box.2, north: box.3))
                    if reduce != nil { clusterProperties.append(props) }
                    next.append(ClusterNode(x: wx / Double(total), y: wy / Double(total), id: id, parent: -1,
                                            count: Int32(total), info: info, lastZoom: ClusterNode.notVisited))
                } else {
                    next.append(nodes[i])
                    if total > 1 {
                        for k in neighbors {
                            if nodes[k].lastZoom <= z8 { continue }
                            nodes[k].lastZoom = z8
                            next.append(nodes[k])
                        }
                    }
                }
            }
        }
        return next
    }

    /// West, south, east, north of an entry's points in degrees.
    @inline(__always)
    private func bounds(of node: ClusterNode) -> (Double, Double, Double, Double) {
        if node.count > 1 {
            let b = clusterBounds[Int(node.info)]
            return (b.west, b.south, b.east, b.north)
        }
        let i = Int(node.id)
        return (longitudes[i], latitudes[i], longitudes[i], latitudes[i])
    }

    /// The properties an entry contributes to `reduce`: a cluster's accumulated ones, or `map` of a point's.
    private func mapped(_ node: ClusterNode) -> [String: JSONValue] {
        if node.count > 1 { return clusterProperties[Int(node.info)] }
        let original = points[Int(node.id)]?.properties
        if let map = options.map { return map(original) }
        return original ?? [:]
    }

    /// The public form of an entry of a level.
    func item(_ node: ClusterNode) -> ClusterItem {
        if node.count <= 1 { return .point(Int(node.id)) }
        let info = Int(node.info)
        return .cluster(Cluster(id: Int(node.id), pointCount: Int(node.count), x: node.x, y: node.y,
                                bounds: clusterBounds[info],
                                accumulated: options.reduce != nil ? clusterProperties[info] : [:]))
    }

    /// The level `zoom` falls into: floor(zoom), clamped to minZoom...maxZoom + 1.
    func levelIndex(_ zoom: Double) -> Int {
        let f = zoom.rounded(.down)
        let capped = min(f, Double(options.maxZoom + 1))
        return max(options.minZoom, Int(capped))
    }

    /// Number of entries (points and clusters) at a zoom level in minZoom...maxZoom + 1, or nil outside.
    public func entryCount(atZoom zoom: Int) -> Int? {
        guard zoom >= 0, zoom < levels.count else { return nil }
        return levels[zoom]?.nodes.count
    }
}
