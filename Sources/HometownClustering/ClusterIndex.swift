import Dispatch
import HometownCore

/// A hierarchical point-clustering index compatible with mapbox/supercluster 8: the same options, the same
/// greedy radius merge from `maxZoom` down to `minZoom`, the same cluster ids, results and result order.
///
/// Positions are projected to unit Web Mercator (see `UnitMercator`) and rounded to single precision, as
/// supercluster does. Every cluster also records the longitude/latitude bounds of its points.
/// Immutable once built: safe to share between threads. Building uses two threads where it pays.
public struct ClusterIndex: Sendable {
    /// The most input points an index can hold: cluster ids must fit in 31 bits.
    public static let maximumPointCount = (Int(Int32.max) - 64) / 33
    /// From this many input points on, the input level's tree is built beside the passes when it can be.
    static let deferredTreeMinimum = 65_536

    public let options: ClusterOptions
    /// The input points as given.
    let storage: PointStorage
    /// Levels by zoom, `minZoom...maxZoom + 1` (the last holds the input points); others are nil.
    var levels: [ZoomLevel?]
    /// Per cluster (`ClusterNode.info`): lon/lat bounds as west, south, east, north.
    var clusterBounds: [BoundingBox]
    /// Per cluster: properties accumulated by `options.reduce` (empty when there is no reduce).
    var clusterProperties: [[String: JSONValue]]
    /// Input longitude, latitude pairs (degrees) at 2i, 2i + 1, kept flat for the bounds computation.
    let lonLat: [Double]
    /// Whether the input level was clustered beside its tree's build and had to wait for its order (for tests).
    private(set) var inputLevelWaitedForTree = false

    /// The input points, in input order; `ClusterItem.point(i)` refers to `points[i]` (never nil for an item).
    /// nil entries are features without geometry: skipped, but counted in the cluster-id encoding, as
    /// supercluster counts them. A copy of the whole list: for one point use `point(_:)`.
    public var points: [ClusterPoint?] { storage.all }

    /// Number of input points, located or not (the ids of `ClusterItem.point` are below it).
    public var pointCount: Int { storage.count }

    /// Input point `index` (as given), or nil for an input without a position.
    public func point(_ index: Int) -> ClusterPoint? { storage[index] }

    /// Builds the index.
    /// - Parameters:
    ///   - points: input points (longitude, latitude in degrees).
    ///   - options: clustering options; defaults are supercluster's.
    /// - Throws: `ClusteringError.invalidOption`, `.invalidPoint` (naming the index of a non-finite point),
    ///   `.tooManyPoints`.
    public init(points: [ClusterPoint], options: ClusterOptions = ClusterOptions()) throws {
        try self.init(storage: .located(points), options: options, neighbours: .grid)
    }

    /// Builds the index from points some of which have no position (GeoJSON features with a null geometry).
    /// - Parameters: points: nil entries are skipped but keep their place (ids and indices stay those of the
    ///   input, as in supercluster). Otherwise as `init(points:options:)`.
    public init(points: [ClusterPoint?], options: ClusterOptions = ClusterOptions()) throws {
        try self.init(storage: .optional(points), options: options, neighbours: .grid)
    }

    /// How a clustering pass finds an entry's neighbours: `.grid` (`NeighbourGrid`, the fast path) or `.tree`
    /// (the level's KD-tree, supercluster's own way; kept as the reference the tests compare with).
    enum NeighbourSearch { case grid, tree }

    init(points: [ClusterPoint?], options: ClusterOptions, neighbours: NeighbourSearch) throws {
        try self.init(storage: .optional(points), options: options, neighbours: neighbours)
    }

    init(storage: PointStorage, options: ClusterOptions, neighbours: NeighbourSearch) throws {
        try options.validate()
        guard storage.count <= ClusterIndex.maximumPointCount else { throw ClusteringError.tooManyPoints(storage.count) }
        self.options = options
        self.storage = storage
        levels = Array(repeating: nil, count: options.maxZoom + 2)
        clusterBounds = []
        clusterProperties = []
        let input = try InputLevel(storage)
        lonLat = input.lonLat
        var nodes = input.nodes

        switch neighbours {
        case .tree:
            var level = ZoomLevel(nodes: nodes, nodeSize: options.nodeSize)
            for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
                let next = treePass(&level, zoom: z)
                levels[z + 1] = level
                level = ZoomLevel(nodes: next, nodeSize: options.nodeSize)
            }
            levels[options.minZoom] = level
        case .grid:
            // The input level's pass needs its tree's order only for a merge whose sums are not exact in any order
            // (`GridPass`), which needs no `reduce` and `minPoints` <= 2: then the tree is built on another thread
            // while the passes run, and waited for when a merge needs its order, or at the end.
            let deferred = options.reduce == nil && options.minPoints <= 2 && nodes.count >= ClusterIndex.deferredTreeMinimum
            var inputTree: DeferredTree?
            var inputNodes: [ClusterNode] = []
            for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
                let r = options.radius / (options.extent * Double(1 << z))
                var tree: KDTree?
                var grid: NeighbourGrid
                if z == options.maxZoom, deferred {
                    // The grid first, on both cores; then the tree on one, while the pass runs on the other.
                    grid = nodes.withUnsafeBufferPointer { NeighbourGrid(nodes: $0, radius: r, parallel: true) }
                    inputTree = DeferredTree(nodes: nodes, nodeSize: options.nodeSize)
                } else {
                    // The level's tree (for queries, and the neighbour order) and its grid are independent: one
                    // each on two threads when the level is large enough.
                    let built = nodes.withUnsafeBufferPointer { b in
                        ClusterIndex.inParallel(b.count >= 16_384,
                                                { KDTree(count: b.count, nodeSize: options.nodeSize, x: { b[$0].x }, y: { b[$0].y }) },
                                                { NeighbourGrid(nodes: b, radius: r) })
                    }
                    tree = built.0
                    grid = built.1
                    grid.setRanks(built.0.traversalRanks())
                }
                let next = GridPass.run(&nodes, grid: &grid, zoom: z, radius: r, options: options, storage: storage,
                                        lonLat: lonLat, clusterBounds: &clusterBounds, clusterProperties: &clusterProperties,
                                        ranks: { inputTree?.tree.traversalRanks() ?? [] },
                                        fetchedOrder: { inputLevelWaitedForTree = true })
                if let tree { levels[z + 1] = ZoomLevel(nodes: nodes, tree: tree) } else { inputNodes = nodes }
                nodes = next
            }
            if let inputTree { levels[options.maxZoom + 1] = ZoomLevel(nodes: inputNodes, tree: inputTree.tree) }
            levels[options.minZoom] = ZoomLevel(nodes: nodes, nodeSize: options.nodeSize)
        }
    }

    /// Runs `a` and `b`, on two threads when `parallel`.
    static func inParallel<A, B>(_ parallel: Bool, _ a: () -> A, _ b: () -> B) -> (A, B) {
        guard parallel else { return (a(), b()) }
        var ra: A?, rb: B?
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                nonisolated(unsafe) let a = a, b = b
                withUnsafeMutablePointer(to: &ra) { pa in
                    withUnsafeMutablePointer(to: &rb) { pb in
                        nonisolated(unsafe) let pa = pa, pb = pb
                        DispatchQueue.concurrentPerform(iterations: 2) { k in
                            if k == 0 { pa.pointee = a() } else { pb.pointee = b() }
                        }
                    }
                }
            }
        }
        return (ra!, rb!)
    }

    /// One greedy pass (supercluster's own, over the level's KD-tree; kept as the reference the grid pass is
    /// tested against): visits the entries of the level above `zoom` in order; each unvisited entry absorbs
    /// every unvisited entry within the zoom's radius into a weighted-centroid cluster (when there are enough
    /// points), or is carried down unchanged. Marks the visited entries and their parents in `level`.
    /// - Returns: the entries of `zoom`.
    private mutating func treePass(_ level: inout ZoomLevel, zoom: Int) -> [ClusterNode] {
        let r = options.radius / (options.extent * Double(1 << zoom))
        let z8 = Int8(zoom)
        let minPoints = options.minPoints
        let pointCount = storage.count
        let reduce = options.reduce
        let tree = level.tree
        var next: [ClusterNode] = []
        next.reserveCapacity(level.nodes.count)
        var neighbors: [Int] = []
        neighbors.reserveCapacity(64)

        level.nodes.withUnsafeMutableBufferPointer { nodes in
            for i in 0..<nodes.count {
                if nodes[i].lastZoom <= z8 { continue }
                nodes[i].lastZoom = z8
                let x = nodes[i].x, y = nodes[i].y
                tree.within(x: x, y: y, radius: r, into: &neighbors)

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
        let lon = lonLat[2 * i], lat = lonLat[2 * i + 1]
        return (lon, lat, lon, lat)
    }

    /// The properties an entry contributes to `reduce`: a cluster's accumulated ones, or `map` of a point's.
    private func mapped(_ node: ClusterNode) -> [String: JSONValue] {
        if node.count > 1 { return clusterProperties[Int(node.info)] }
        let original = storage[Int(node.id)]?.properties
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
