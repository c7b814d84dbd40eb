import CPrefetch
import HometownCore

/// One greedy clustering pass over a level's `NeighbourGrid` (the fast path): the same visits, merges, ids and
/// order as supercluster's pass over the level's KD-tree (the tests keep that pass as the reference).
///
/// Entries are visited in level order, which is scattered over the plane, so the pass is bound by memory
/// latency. It works a few visits ahead: it hints the rows a later entry's query reads into the cache, runs
/// that query early (`lookahead` visits ahead: the entries within the radius do not change, and one visited
/// by then is dropped from the list when the list is used), and hints the records of the neighbours found.
/// Visited entries are a bit each, so the set stays in the core's own cache.
///
/// A grid without ranks lists neighbours in no particular order. The caller gives one only for the input
/// level, with no `reduce` (which sees the points in order) and `minPoints` <= 2 (so no unmerged neighbour is
/// passed down, in order, either): then the order only matters through the rounding of the centroid sums. Each
/// coordinate is a whole multiple of a power of two (its lowest set bit); when every sum of a merge stays below
/// 2^53 times the smallest of those, every partial sum is exact, in any order, as in supercluster's. A merge
/// for which that does not hold asks `ranks` for the tree's order (waiting for the tree) and adds in that order;
/// every later merge is then done in tree order too.
struct GridPass {
    /// How many visits ahead of the current one a query runs.
    static let lookahead = 4

    /// The zoom whose entries the pass makes.
    let zoom: Int
    /// The merge radius at `zoom`, in unit Mercator units.
    let radius: Double
    /// The index's options (`minPoints`, `map`, `reduce`).
    let options: ClusterOptions
    /// The index's input points (for `map` of a point's properties and the cluster-id encoding).
    let storage: PointStorage
    /// Longitude, latitude (degrees) of input point i at 2i, 2i + 1.
    let lonLat: [Double]
    /// The tree's traversal ranks by level index, asked for (once) when a grid without ranks needs the tree's
    /// order; may wait for the tree.
    let ranks: () -> [UInt32]

    /// Clusters the entries of the level above `zoom` (`level`, whose parents it sets) into the entries of
    /// `zoom`, which it returns; new clusters' bounds and accumulated properties are appended to the tables.
    /// - Returns: the entries of `zoom`, and whether a grid without ranks had to fetch them.
    func run(
        _ level: inout [ClusterNode], grid: inout NeighbourGrid, clusterBounds: inout [BoundingBox],
        clusterProperties: inout [[String: JSONValue]]
    ) -> (next: [ClusterNode], fetchedOrder: Bool) {
        let isolated = grid.isolated
        var ring = (0..<Self.lookahead).map { _ in ScratchList() }
        defer { for list in ring { list.free() } }
        var result: Walk.Result?
        lonLat.withUnsafeBufferPointer { lonLat in
            clusterBounds.withUnsafeBufferPointer { oldBounds in
                isolated.withUnsafeBufferPointer { isolated in
                    ring.withUnsafeMutableBufferPointer { ring in
                        level.withUnsafeMutableBufferPointer { nodes in
                            grid.withView { view in
                                var walk = Walk(
                                    pass: self, nodes: nodes, grid: view, lonLat: lonLat,
                                    oldBounds: oldBounds, oldProperties: clusterProperties,
                                    isolated: isolated, ring: ring)
                                result = walk.run()
                                view = walk.grid
                            }
                        }
                    }
                }
            }
        }
        let done = result!
        clusterBounds.append(contentsOf: done.bounds)
        clusterProperties.append(contentsOf: done.properties)
        return (done.next, done.fetchedOrder)
    }

    /// The state of one run of the pass, over the level's memory as pointers (valid only inside `run`): the
    /// visited bits, the queries made ahead, and the entries and clusters made so far. Its methods are the
    /// pass's steps.
    private struct Walk {
        /// What a run leaves: the entries of `zoom`, the new clusters' bounds and properties (info from the
        /// first free one of the tables), whether the tree's order was fetched.
        struct Result {
            var next: [ClusterNode]
            var bounds: [BoundingBox]
            var properties: [[String: JSONValue]]
            var fetchedOrder: Bool
        }

        let pass: GridPass
        let nodes: UnsafeMutableBufferPointer<ClusterNode>
        var grid: NeighbourGrid.View
        let lonLat: UnsafeBufferPointer<Double>
        /// Bounds of the clusters of earlier passes (the only clusters among this level's entries).
        let oldBounds: UnsafeBufferPointer<BoundingBox>
        /// Accumulated properties of the clusters of earlier passes.
        let oldProperties: [[String: JSONValue]]
        /// Per entry: alone within the radius (carried down without a query); empty when none was looked for.
        let isolated: UnsafeBufferPointer<Bool>
        let hasIsolated: Bool
        /// Slot `j % lookahead`: entry j's neighbours, queried ahead of its visit.
        let ring: UnsafeMutableBufferPointer<ScratchList>
        /// One bit per entry: visited.
        let bits: UnsafeMutablePointer<UInt64>
        /// The unvisited neighbours of the entry being visited.
        var found = ScratchList()
        /// The first info number this pass gives a cluster.
        let firstInfo: Int
        let pointCount: Int
        /// Whether merges follow the tree order (always, unless the grid came without ranks).
        var ordered: Bool
        /// The tree order by level index, once fetched for a grid that came without it.
        var rankOf: [UInt32] = []
        var result: Result

        init(
            pass: GridPass, nodes: UnsafeMutableBufferPointer<ClusterNode>, grid: NeighbourGrid.View,
            lonLat: UnsafeBufferPointer<Double>, oldBounds: UnsafeBufferPointer<BoundingBox>,
            oldProperties: [[String: JSONValue]], isolated: UnsafeBufferPointer<Bool>,
            ring: UnsafeMutableBufferPointer<ScratchList>
        ) {
            self.pass = pass
            self.nodes = nodes
            self.grid = grid
            self.lonLat = lonLat
            self.oldBounds = oldBounds
            self.oldProperties = oldProperties
            self.isolated = isolated
            hasIsolated = !isolated.isEmpty
            self.ring = ring
            let words = (nodes.count + 63) / 64
            bits = .allocate(capacity: words)
            bits.initialize(repeating: 0, count: words)
            firstInfo = oldBounds.count
            pointCount = pass.storage.count
            ordered = grid.isRanked
            var next: [ClusterNode] = []
            next.reserveCapacity(nodes.count)
            result = Result(next: next, bounds: [], properties: [], fetchedOrder: false)
        }

        /// Visits every entry in level order; frees the walk's own memory.
        mutating func run() -> Result {
            defer {
                bits.deallocate()
                found.free()
            }
            let n = nodes.count
            let lookahead = GridPass.lookahead
            for j in 0..<min(lookahead, n) where queried(j) { query(j) }
            for i in 0..<n {
                prefetch(ahead: i)
                if !visited(i) { visitEntry(i) }
                if i + lookahead < n, queried(i + lookahead) { query(i + lookahead) }
            }
            result.fetchedOrder = !rankOf.isEmpty
            return result
        }

        @inline(__always) func visited(_ k: Int) -> Bool { bits[k >> 6] & (1 << UInt64(k & 63)) != 0 }
        @inline(__always) func visit(_ k: Int) { bits[k >> 6] |= 1 << UInt64(k & 63) }
        /// Whether entry j needs a query: not visited and not known to be alone.
        @inline(__always) func queried(_ j: Int) -> Bool { !visited(j) && !(hasIsolated && isolated[j]) }

        /// Entry j's query, into its ring slot, with hints for its neighbours' records.
        /// (`mutating` only so that the walk is passed by reference, not copied, on this hot path; so is `prefetch`.)
        @inline(__always)
        mutating func query(_ j: Int) {
            let slot = j % GridPass.lookahead
            grid.neighbours(x: nodes[j].x, y: nodes[j].y, radius: pass.radius, into: &ring[slot], visited: bits)
            let list = ring[slot]
            for f in 0..<list.count { hometown_prefetch(nodes.baseAddress! + Int(list[f] & 0xFFFF_FFFF)) }
        }

        /// The hints for later visits, made at visit i: grid offsets, grid rows, and the bounds or positions of
        /// the neighbours a query already found.
        @inline(__always)
        mutating func prefetch(ahead i: Int) {
            let n = nodes.count
            let lookahead = GridPass.lookahead
            let r = pass.radius
            if i + 4 * lookahead < n, queried(i + 4 * lookahead) {
                grid.prefetchOffsets(x: nodes[i + 4 * lookahead].x, y: nodes[i + 4 * lookahead].y, radius: r)
            }
            if i + 2 * lookahead < n, queried(i + 2 * lookahead) {
                grid.prefetchRows(x: nodes[i + 2 * lookahead].x, y: nodes[i + 2 * lookahead].y, radius: r)
            }
            if i + lookahead / 2 < n, queried(i + lookahead / 2) {
                let list = ring[(i + lookahead / 2) % lookahead]
                for f in 0..<list.count {
                    let node = nodes[Int(list[f] & 0xFFFF_FFFF)]
                    if node.count > 1 {
                        hometown_prefetch(oldBounds.baseAddress! + Int(node.info))
                    } else {
                        hometown_prefetch(lonLat.baseAddress! + 2 * Int(node.id))
                    }
                }
            }
        }

        /// Visits unvisited entry i: carries it down alone, or merges it with its unvisited neighbours when
        /// they make enough points, or carries it and them down unchanged.
        @inline(__always)
        mutating func visitEntry(_ i: Int) {
            visit(i)
            if hasIsolated, isolated[i] {
                result.next.append(nodes[i])
                return
            }
            let total = collectNeighbours(of: i)
            let originCount = Int(nodes[i].count)
            if total > originCount && total >= pass.options.minPoints {
                if !ordered { fetchOrderIfInexact(i, total: total) }
                if ordered, !rankOf.isEmpty { sortFoundByRank() }
                merge(i, total: total)
            } else {
                carryDown(i)
            }
        }

        /// Fills `found` with entry i's still unvisited neighbours (from its query made ahead).
        /// - Returns: the number of points of entry i and those neighbours.
        @inline(__always)
        mutating func collectNeighbours(of i: Int) -> Int {
            found.removeAll()
            let list = ring[i % GridPass.lookahead]
            for f in 0..<list.count where !visited(Int(list[f] & 0xFFFF_FFFF)) { found.append(list[f]) }
            var total = Int(nodes[i].count)
            for f in 0..<found.count { total += Int(nodes[Int(found[f] & 0xFFFF_FFFF)].count) }
            return total
        }

        /// For an unordered merge (input points): fetches the tree's order unless every partial sum of the
        /// centroid is exact in any order; from then on every merge is ordered.
        mutating func fetchOrderIfInexact(_ i: Int, total: Int) {
            let x = nodes[i].x
            let y = nodes[i].y
            var unit = min(GridPass.granuleExponent(x), GridPass.granuleExponent(y))
            var largest = max(abs(x), abs(y))
            for f in 0..<found.count {
                let k = Int(found[f] & 0xFFFF_FFFF)
                unit = min(unit, GridPass.granuleExponent(nodes[k].x), GridPass.granuleExponent(nodes[k].y))
                largest = max(largest, abs(nodes[k].x), abs(nodes[k].y))
            }
            // (unit is Int.max when all are 0: exact; below -1000, 2^(53 + unit) would not be a normal number.)
            guard unit != .max,
                unit < -1_000 || Double(total) * largest >= Double(sign: .plus, exponent: 53 + unit, significand: 1)
            else { return }
            rankOf = pass.ranks()
            rankOf.withUnsafeBufferPointer { grid.setRanks($0) }
            ordered = true
        }

        /// Puts `found` in the tree's order (lists made before the ranks came are keyed by index only).
        mutating func sortFoundByRank() {
            for f in 0..<found.count {
                let k = Int(found[f] & 0xFFFF_FFFF)
                found[f] = UInt64(rankOf[k]) << 32 | UInt64(k)
            }
            found.sort()
        }

        /// Merges entry i and `found` into a new cluster of `total` points at their weighted centroid.
        @inline(__always)
        mutating func merge(_ i: Int, total: Int) {
            let reduce = pass.options.reduce
            let originCount = Double(nodes[i].count)
            var wx = nodes[i].x * originCount
            var wy = nodes[i].y * originCount
            let id = Int32((i << 5) + (pass.zoom + 1) + pointCount)
            var box = bounds(nodes[i])
            var props: [String: JSONValue] = reduce != nil ? mapped(nodes[i]) : [:]
            for f in 0..<found.count {
                let k = Int(found[f] & 0xFFFF_FFFF)
                visit(k)
                let c = Double(nodes[k].count)
                wx += nodes[k].x * c
                wy += nodes[k].y * c
                nodes[k].parent = id
                let b = bounds(nodes[k])
                box = (min(box.0, b.0), min(box.1, b.1), max(box.2, b.2), max(box.3, b.3))
                if let reduce { reduce(&props, mapped(nodes[k])) }
            }
            nodes[i].parent = id
            let info = Int32(firstInfo + result.bounds.count)
            result.bounds.append(BoundingBox(uncheckedWest: box.0, south: box.1, east: box.2, north: box.3))
            if reduce != nil { result.properties.append(props) }
            result.next.append(
                ClusterNode(
                    x: wx / Double(total), y: wy / Double(total), id: id, parent: -1,
                    count: Int32(total), info: info, lastZoom: ClusterNode.notVisited))
        }

        /// Carries entry i and `found` down unchanged (too few points to merge).
        @inline(__always)
        mutating func carryDown(_ i: Int) {
            result.next.append(nodes[i])
            for f in 0..<found.count {
                let k = Int(found[f] & 0xFFFF_FFFF)
                visit(k)
                result.next.append(nodes[k])
            }
        }

        /// West, south, east, north of an entry's points in degrees (clusters of this pass are not entries of
        /// this level, so `info` is always an older one).
        @inline(__always)
        func bounds(_ node: ClusterNode) -> (Double, Double, Double, Double) {
            if node.count > 1 {
                let b = oldBounds[Int(node.info)]
                return (b.west, b.south, b.east, b.north)
            }
            let lon = lonLat[2 * Int(node.id)]
            let lat = lonLat[2 * Int(node.id) + 1]
            return (lon, lat, lon, lat)
        }

        /// The properties an entry contributes to `reduce`: a cluster's accumulated ones, or `map` of a point's.
        func mapped(_ node: ClusterNode) -> [String: JSONValue] {
            if node.count > 1 {
                let info = Int(node.info)
                return info < firstInfo ? oldProperties[info] : result.properties[info - firstInfo]
            }
            let original = pass.storage[Int(node.id)]?.properties
            if let map = pass.options.map { return map(original) }
            return original ?? [:]
        }
    }

    /// The exponent of the largest power of two `v` is a whole multiple of (Int.max for 0, which adds exactly;
    /// Int.min, forcing the tree order, for a value that is not a normal number). Integer work on the bits.
    @inline(__always)
    static func granuleExponent(_ v: Double) -> Int {
        let bits = v.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        if bits << 1 == 0 { return .max }
        if biased == 0 || biased == 0x7FF { return .min }
        let significand = (bits & (1 << 52 - 1)) | 1 << 52
        return biased - 1075 + significand.trailingZeroBitCount
    }
}
