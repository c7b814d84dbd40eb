import CPrefetch
import HometownCore

/// One greedy clustering pass over a level's `NeighbourGrid` (the fast path): the same visits, merges, ids and
/// order as supercluster's pass over the level's KD-tree (`ClusterIndex.treePass`, the reference).
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
enum GridPass {
    static let lookahead = 4

    /// Clusters the entries of the level above `zoom` (`level`, whose parents it sets) into the entries of
    /// `zoom`, which it returns; new clusters' bounds and accumulated properties are appended to the tables.
    /// `fetchedOrder` is called when a grid without ranks needed them.
    static func run(_ level: inout [ClusterNode], grid: inout NeighbourGrid, zoom: Int, radius r: Double, options: ClusterOptions,
                    storage: PointStorage, lonLat: [Double], clusterBounds: inout [BoundingBox],
                    clusterProperties: inout [[String: JSONValue]], ranks: () -> [UInt32],
                    fetchedOrder: () -> Void = {}) -> [ClusterNode] {
        let minPoints = options.minPoints
        let pointCount = storage.count
        let reduce = options.reduce
        let n = level.count
        let isolated = grid.isolated
        let hasIsolated = !isolated.isEmpty
        var next: [ClusterNode] = []
        next.reserveCapacity(n)
        var newBounds: [BoundingBox] = []
        var newProperties: [[String: JSONValue]] = []
        let firstInfo = clusterBounds.count
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: (n + 63) / 64)
        bits.initialize(repeating: 0, count: (n + 63) / 64)
        var ring = (0..<lookahead).map { _ in ScratchList() }
        var found = ScratchList()
        /// Whether merges follow the tree order (always, unless the grid came without ranks).
        var ordered = grid.isRanked
        /// The tree order by level index, once fetched for a grid that came without it.
        var rankOf: [UInt32] = []
        defer {
            bits.deallocate()
            for list in ring { list.free() }
            found.free()
        }

        /// The properties an entry contributes to `reduce`: a cluster's accumulated ones, or `map` of a point's.
        func mapped(_ node: ClusterNode) -> [String: JSONValue] {
            if node.count > 1 {
                let info = Int(node.info)
                return info < firstInfo ? clusterProperties[info] : newProperties[info - firstInfo]
            }
            let original = storage[Int(node.id)]?.properties
            if let map = options.map { return map(original) }
            return original ?? [:]
        }

        lonLat.withUnsafeBufferPointer { lonLat in
            clusterBounds.withUnsafeBufferPointer { oldBounds in
                isolated.withUnsafeBufferPointer { isolated in
                    ring.withUnsafeMutableBufferPointer { ring in
                        level.withUnsafeMutableBufferPointer { nodes in
                            grid.withView { grid in
                                @inline(__always) func visited(_ k: Int) -> Bool { bits[k >> 6] & (1 << UInt64(k & 63)) != 0 }
                                @inline(__always) func visit(_ k: Int) { bits[k >> 6] |= 1 << UInt64(k & 63) }
                                @inline(__always) func queried(_ j: Int) -> Bool { !visited(j) && !(hasIsolated && isolated[j]) }
                                /// West, south, east, north of an entry's points in degrees (clusters of this pass are not
                                /// entries of this level, so `info` is always an older one).
                                @inline(__always) func bounds(_ node: ClusterNode) -> (Double, Double, Double, Double) {
                                    if node.count > 1 {
                                        let b = oldBounds[Int(node.info)]
                                        return (b.west, b.south, b.east, b.north)
                                    }
                                    let lon = lonLat[2 * Int(node.id)], lat = lonLat[2 * Int(node.id) + 1]
                                    return (lon, lat, lon, lat)
                                }
                                /// Entry j's query, into its ring slot, with hints for its neighbours' records.
                                @inline(__always) func query(_ j: Int) {
                                    let slot = j % lookahead
                                    grid.neighbours(x: nodes[j].x, y: nodes[j].y, radius: r, into: &ring[slot], visited: bits)
                                    let list = ring[slot]
                                    for f in 0..<list.count { hometown_prefetch(nodes.baseAddress! + Int(list[f] & 0xFFFF_FFFF)) }
                                }

                                for j in 0..<min(lookahead, n) where queried(j) { query(j) }
                                for i in 0..<n {
                                    if i + 4 * lookahead < n, queried(i + 4 * lookahead) { grid.prefetchOffsets(x: nodes[i + 4 * lookahead].x, y: nodes[i + 4 * lookahead].y, radius: r) }
                                    if i + 2 * lookahead < n, queried(i + 2 * lookahead) { grid.prefetchRows(x: nodes[i + 2 * lookahead].x, y: nodes[i + 2 * lookahead].y, radius: r) }
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
                                    let ahead = i + lookahead
                                    if visited(i) {
                                        if ahead < n, queried(ahead) { query(ahead) }
                                        continue
                                    }
                                    visit(i)
                                    // Alone within the radius: carried down as it is.
                                    if hasIsolated, isolated[i] {
                                        next.append(nodes[i])
                                        if ahead < n, queried(ahead) { query(ahead) }
                                        continue
                                    }
                                    found.removeAll()
                                    let list = ring[i % lookahead]
                                    for f in 0..<list.count where !visited(Int(list[f] & 0xFFFF_FFFF)) { found.append(list[f]) }

                                    let x = nodes[i].x, y = nodes[i].y
                                    let originCount = Int(nodes[i].count)
                                    var total = originCount
                                    for f in 0..<found.count { total += Int(nodes[Int(found[f] & 0xFFFF_FFFF)].count) }

                                    if total > originCount && total >= minPoints {
                                        if !ordered {
                                            // Unordered merge (input points): fine when every partial sum is exact.
                                            var unit = min(granuleExponent(x), granuleExponent(y)), largest = max(abs(x), abs(y))
                                            for f in 0..<found.count {
                                                let k = Int(found[f] & 0xFFFF_FFFF)
                                                unit = min(unit, granuleExponent(nodes[k].x), granuleExponent(nodes[k].y))
                                                largest = max(largest, abs(nodes[k].x), abs(nodes[k].y))
                                            }
                                            if unit != .max, unit < -1_000 || Double(total) * largest >= Double(sign: .plus, exponent: 53 + unit, significand: 1) {
                                                rankOf = ranks()
                                                rankOf.withUnsafeBufferPointer { grid.setRanks($0) }
                                                ordered = true
                                            }
                                        }
                                        if ordered, !rankOf.isEmpty {
                                            // Lists made before the ranks came are keyed by index only.
                                            for f in 0..<found.count {
                                                let k = Int(found[f] & 0xFFFF_FFFF)
                                                found[f] = UInt64(rankOf[k]) << 32 | UInt64(k)
                                            }
                                            found.sort()
                                        }
                                        var wx = x * Double(originCount)
                                        var wy = y * Double(originCount)
                                        let id = Int32((i << 5) + (zoom + 1) + pointCount)
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
                                        let info = Int32(firstInfo + newBounds.count)
                                        newBounds.append(BoundingBox(uncheckedWest: box.0, south: box.1, east: box.2, north: box.3))
                                        if reduce != nil { newProperties.append(props) }
                                        next.append(ClusterNode(x: wx / Double(total), y: wy / Double(total), id: id, parent: -1,
                                                                count: Int32(total), info: info, lastZoom: ClusterNode.notVisited))
                                    } else {
                                        next.append(nodes[i])
                                        for f in 0..<found.count {
                                            let k = Int(found[f] & 0xFFFF_FFFF)
                                            visit(k)
                                            next.append(nodes[k])
                                        }
                                    }
                                    if ahead < n, queried(ahead) { query(ahead) }
                                }
                            }
                        }
                    }
                }
            }
        }
        clusterBounds.append(contentsOf: newBounds)
        clusterProperties.append(contentsOf: newProperties)
        if !rankOf.isEmpty { fetchedOrder() }
        return next
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
