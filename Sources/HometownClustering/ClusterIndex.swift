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
        try self.init(storage: .located(points), options: options)
    }

    /// Builds the index from points some of which have no position (GeoJSON features with a null geometry).
    /// - Parameters: points: nil entries are skipped but keep their place (ids and indices stay those of the
    ///   input, as in supercluster). Otherwise as `init(points:options:)`.
    public init(points: [ClusterPoint?], options: ClusterOptions = ClusterOptions()) throws {
        try self.init(storage: .optional(points), options: options)
    }

    /// Builds the index, giving up between zoom levels once `shouldStop` says so (its caller has gone, the
    /// program is stopping): the way to build a large index on behalf of someone who may stop waiting.
    /// - Parameters: shouldStop: asked before each zoom level (a level of 100,000 points takes a few ms); it may
    ///   be called from another thread than the caller's. Otherwise as `init(points:options:)`.
    /// - Throws: `CancellationError` when `shouldStop` said so; otherwise as `init(points:options:)`.
    public init(
        points: [ClusterPoint], options: ClusterOptions = ClusterOptions(), stopWhen shouldStop: () -> Bool
    ) throws {
        try self.init(storage: .located(points), options: options, shouldStop: shouldStop)
    }

    init(storage: PointStorage, options: ClusterOptions, shouldStop: () -> Bool = { false }) throws {
        var nodes: [ClusterNode] = []
        try self.init(unclustered: storage, options: options, inputNodes: &nodes)
        try clusterLevels(from: nodes, shouldStop: shouldStop)
    }

    /// Checks the options and points and sets up an index with no levels yet.
    /// - Parameters: inputNodes: set to the input level's entries, for a pass to cluster.
    init(unclustered storage: PointStorage, options: ClusterOptions, inputNodes: inout [ClusterNode]) throws {
        try options.validate()
        guard storage.count <= ClusterIndex.maximumPointCount else {
            throw ClusteringError.tooManyPoints(storage.count)
        }
        self.options = options
        self.storage = storage
        levels = Array(repeating: nil, count: options.maxZoom + 2)
        clusterBounds = []
        clusterProperties = []
        let input = try InputLevel(storage)
        lonLat = input.lonLat
        inputNodes = input.nodes
    }

    /// Clusters the input level's entries zoom by zoom with `GridPass` and sets `levels`.
    private mutating func clusterLevels(from inputNodes: [ClusterNode], shouldStop: () -> Bool) throws {
        var nodes = inputNodes
        // The input level's pass needs its tree's order only for a merge whose sums are not exact in any order
        // (`GridPass`), which needs no `reduce` and `minPoints` <= 2: then the tree is built on another thread
        // while the passes run, and waited for when a merge needs its order, or at the end.
        let deferred =
            options.reduce == nil && options.minPoints <= 2
            && nodes.count >= ClusterIndex.deferredTreeMinimum
        var inputTree: DeferredTree?
        var deferredNodes: [ClusterNode] = []
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            if shouldStop() { throw CancellationError() }
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
                let nodeSize = options.nodeSize
                let built = nodes.withUnsafeBufferPointer { b in
                    ClusterIndex.inParallel(
                        b.count >= 16_384,
                        { KDTree(count: b.count, nodeSize: nodeSize, x: { b[$0].x }, y: { b[$0].y }) },
                        { NeighbourGrid(nodes: b, radius: r) })
                }
                tree = built.0
                grid = built.1
                grid.setRanks(built.0.traversalRanks())
            }
            let pass = GridPass(
                zoom: z, radius: r, options: options, storage: storage, lonLat: lonLat,
                ranks: { inputTree?.tree.traversalRanks() ?? [] })
            let made = pass.run(
                &nodes, grid: &grid, clusterBounds: &clusterBounds,
                clusterProperties: &clusterProperties)
            if made.fetchedOrder { inputLevelWaitedForTree = true }
            if let tree { levels[z + 1] = ZoomLevel(nodes: nodes, tree: tree) } else { deferredNodes = nodes }
            nodes = made.next
        }
        if let inputTree { levels[options.maxZoom + 1] = ZoomLevel(nodes: deferredNodes, tree: inputTree.tree) }
        levels[options.minZoom] = ZoomLevel(nodes: nodes, nodeSize: options.nodeSize)
    }

    /// Runs `a` and `b`, on two threads when `parallel`.
    static func inParallel<A, B>(_ parallel: Bool, _ a: () -> A, _ b: () -> B) -> (A, B) {
        guard parallel else { return (a(), b()) }
        var ra: A?
        var rb: B?
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                nonisolated(unsafe) let a = a
                nonisolated(unsafe) let b = b
                withUnsafeMutablePointer(to: &ra) { pa in
                    withUnsafeMutablePointer(to: &rb) { pb in
                        nonisolated(unsafe) let pa = pa
                        nonisolated(unsafe) let pb = pb
                        DispatchQueue.concurrentPerform(iterations: 2) { k in
                            if k == 0 { pa.pointee = a() } else { pb.pointee = b() }
                        }
                    }
                }
            }
        }
        return (ra!, rb!)
    }

    /// The public form of an entry of a level.
    func item(_ node: ClusterNode) -> ClusterItem {
        if node.count <= 1 { return .point(Int(node.id)) }
        let info = Int(node.info)
        return .cluster(
            Cluster(
                id: Int(node.id), ordinal: info, pointCount: Int(node.count), x: node.x, y: node.y,
                bounds: clusterBounds[info],
                accumulated: options.reduce != nil ? clusterProperties[info] : [:]))
    }

    /// The level `zoom` falls into: floor(zoom), clamped to minZoom...maxZoom + 1 (NaN: minZoom). Queries at two
    /// zooms of the same level give the same answer (for callers that keep answers).
    public func levelIndex(_ zoom: Double) -> Int {
        guard !zoom.isNaN else { return options.minZoom }
        let f = zoom.rounded(.down)
        return Int(max(Double(options.minZoom), min(f, Double(options.maxZoom + 1))))
    }

    /// Number of entries (points and clusters) at a zoom level in minZoom...maxZoom + 1, or nil outside.
    public func entryCount(atZoom zoom: Int) -> Int? {
        guard zoom >= 0, zoom < levels.count else { return nil }
        return levels[zoom]?.nodes.count
    }
}
