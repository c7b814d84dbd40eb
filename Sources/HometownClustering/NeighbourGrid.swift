import CPrefetch

/// One zoom level's entries in a uniform grid, cell by cell, for one clustering pass: finds every entry within
/// the radius of a point in the order the level's KD-tree `within` would list them (supercluster's output
/// depends on it), reading a few short runs of memory instead of one scattered read per candidate.
///
/// Each entry is kept as a 16-byte probe: its position as the KD-tree stores it (single precision), its index in
/// the level and its rank in the tree's traversal order. The distance test is the tree's own
/// `dx * dx + dy * dy <= r * r` on that position widened to double, so the same entries are found. The grid has
/// at most about one cell per two entries and cells no smaller than the radius, so a query visits a handful of
/// cells.
struct NeighbourGrid {
    struct Probe {
        var x: Float
        var y: Float
        /// Index of the entry in the level.
        var node: Int32
        /// Position of the entry in the KD-tree's traversal order (`KDTree.traversalRanks`).
        var rank: UInt32
    }

    private let side: Int
    private let scale: Double
    /// `side * side + 1` start offsets into `probes`.
    private let starts: [Int32]
    /// The entries, grouped by cell.
    private var probes: [Probe]
    /// Per level index: no other entry lies within the radius of it, so a query would find it alone. Empty
    /// when the level is too crowded for the check to pay (`init`).
    private(set) var isolated: [Bool] = []

    /// Puts the entries into cells. - Parameters: radius: the pass's radius in unit Mercator.
    init(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) {
        let n = nodes.count
        var side = max(1, Int((Double(n) / 2).squareRoot()))
        if r > 0 { side = min(side, max(1, Int(1 / r))) }
        self.side = side
        scale = Double(side)
        var cellOf = [Int32](repeating: 0, count: n)
        var counts = [Int32](repeating: 0, count: side * side + 1)
        for i in 0..<n {
            let c = NeighbourGrid.clamp(Double(Float(nodes[i].x)), Double(side), side)
                + side * NeighbourGrid.clamp(Double(Float(nodes[i].y)), Double(side), side)
            cellOf[i] = Int32(c)
            counts[c + 1] += 1
        }
        for c in 0..<(side * side) { counts[c + 1] += counts[c] }
        var fill = counts
        probes = [Probe](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n {
                let c = Int(cellOf[i])
                let k = Int(fill[c])
                fill[c] += 1
                (buffer.baseAddress! + k).initialize(to: Probe(x: Float(nodes[i].x), y: Float(nodes[i].y), node: Int32(i), rank: 0))
            }
            initialized = n
        }
        starts = counts
        if isSparse(nodes: nodes, radius: r) { isolated = findIsolated(nodes: nodes, radius: r) }
    }

    /// Whether `setRanks` has been called: until then `neighbours` lists entries in no particular order.
    private(set) var isRanked = false

    /// Sets each entry's rank from the level's tree.
    mutating func setRanks(_ ranks: [UInt32]) {
        isRanked = true
        ranks.withUnsafeBufferPointer { ranks in
            probes.withUnsafeMutableBufferPointer { p in
                for k in 0..<p.count { p[k].rank = ranks[Int(p[k].node)] }
            }
        }
    }

    /// The cells a query of radius `r` around (qx, qy) reads: columns x0...x1 of rows y0...y1.
    @inline(__always)
    private func cells(_ qx: Double, _ qy: Double, _ r: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        (NeighbourGrid.clamp(qx - r, scale, side), NeighbourGrid.clamp(qx + r, scale, side),
         NeighbourGrid.clamp(qy - r, scale, side), NeighbourGrid.clamp(qy + r, scale, side))
    }

    /// Whether enough entries stand alone for `findIsolated` (one pass in cell order) to pay for itself:
    /// skipping a lone entry's query saves scattered reads, checking it costs contiguous ones. Judged on 512
    /// entries spread through the cells.
    private func isSparse(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> Bool {
        let n = probes.count
        guard n > 0 else { return false }
        let samples = min(n, 512)
        var alone = 0
        for s in 0..<samples where isAlone(slot: s * n / samples, nodes: nodes, radius: r) { alone += 1 }
        return alone * 5 >= samples
    }

    /// True when no other entry's stored position is within `r` of entry `k`'s exact position, by the query's
    /// own test.
    @inline(__always)
    private func isAlone(slot k: Int, nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> Bool {
        let r2 = r * r
        let node = nodes[Int(probes[k].node)]
        let qx = node.x, qy = node.y
        let c = cells(qx, qy, r)
        return starts.withUnsafeBufferPointer { starts in
            probes.withUnsafeBufferPointer { p in
                for cy in c.y0...c.y1 {
                    let row = cy * side
                    for m in Int(starts[row + c.x0])..<Int(starts[row + c.x1 + 1]) where m != k {
                        let dx = Double(p[m].x) - qx, dy = Double(p[m].y) - qy
                        if dx * dx + dy * dy <= r2 { return false }
                    }
                }
                return true
            }
        }
    }

    /// One pass in cell order. Stops at an entry's first neighbour, so crowded cells cost no more than a scan
    /// each.
    private func findIsolated(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> [Bool] {
        var isolated = [Bool](repeating: true, count: probes.count)
        for k in 0..<probes.count where !isAlone(slot: k, nodes: nodes, radius: r) {
            isolated[Int(probes[k].node)] = false
        }
        return isolated
    }

    @inline(__always)
    private static func clamp(_ v: Double, _ scale: Double, _ side: Int) -> Int {
        // Truncation equals floor for v >= 0; negative values clamp to 0 either way. Positions are finite.
        let f = v * scale
        if !(f > 0) { return 0 }
        if f >= Double(side) { return side - 1 }
        return Int(f)
    }

    // Prefetching for the pass, which visits entries in level order (scattered over the grid): two hints a few
    // visits ahead, the second needing what the first brought in. A hint is only a hint: a wrong or late one
    // costs time, never changes a result.

    /// Hint 1: the cell offsets of the rows a query around (qx, qy) reads.
    @inline(__always)
    func prefetchOffsets(x qx: Double, y qy: Double, radius r: Double) {
        let c = cells(qx, qy, r)
        starts.withUnsafeBufferPointer { starts in
            for cy in c.y0...c.y1 {
                hometown_prefetch(starts.baseAddress! + cy * side + c.x0)
                hometown_prefetch(starts.baseAddress! + cy * side + c.x1 + 1)
            }
        }
    }

    /// Hint 2: the probes of those rows (the first 256 bytes of each).
    @inline(__always)
    func prefetchRows(x qx: Double, y qy: Double, radius r: Double) {
        let c = cells(qx, qy, r)
        starts.withUnsafeBufferPointer { starts in
            probes.withUnsafeBufferPointer { p in
                for cy in c.y0...c.y1 {
                    let row = cy * side
                    let from = Int(starts[row + c.x0]), to = min(Int(starts[row + c.x1 + 1]), from + 16)
                    var m = from
                    while m < to { hometown_prefetch(p.baseAddress! + m); m += 4 }
                    if to > from { hometown_prefetch(p.baseAddress! + to - 1) }
                }
            }
        }
    }

    /// The entries within `r` of (qx, qy) (inclusive) whose bit in `visited` is not set, as
    /// `(rank << 32) | index` into `result` (cleared first), sorted: the KD-tree's order (once `isRanked`).
    @inline(__always)
    func neighbours(x qx: Double, y qy: Double, radius r: Double, into result: inout ScratchList,
                    visited bits: UnsafeMutablePointer<UInt64>) {
        result.removeAll()
        let r2 = r * r
        let c = cells(qx, qy, r)
        starts.withUnsafeBufferPointer { starts in
            probes.withUnsafeBufferPointer { p in
                for cy in c.y0...c.y1 {
                    let row = cy * side
                    var m = Int(starts[row + c.x0])
                    let end = Int(starts[row + c.x1 + 1])
                    while m < end {
                        let probe = p[m]
                        let dx = Double(probe.x) - qx, dy = Double(probe.y) - qy
                        if dx * dx + dy * dy <= r2 {
                            let k = Int(probe.node)
                            if bits[k >> 6] & (1 << UInt64(k & 63)) == 0 { result.append(UInt64(probe.rank) << 32 | UInt64(UInt32(k))) }
                        }
                        m += 1
                    }
                }
            }
        }
        if isRanked { result.sort() }
    }
}
