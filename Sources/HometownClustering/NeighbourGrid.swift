import CPrefetch
import Dispatch

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

    /// Puts the entries into cells.
    /// - Parameters:
    ///   - radius: the pass's radius in unit Mercator.
    ///   - parallel: cut a large level in two halves, each counted and placed on a thread of its own (the
    ///     grid is the same: a cell holds the first half's entries, then the second's, in level order).
    init(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double, parallel: Bool = false) {
        let n = nodes.count
        var sideWanted = max(1, Int((Double(n) / 2).squareRoot()))
        // At most one cell per radius across (a tiny radius: the count's side; 1 / r may not fit an Int).
        if r > 0 { sideWanted = max(1, Int(min(1 / r, Double(sideWanted)))) }
        let side = sideWanted
        self.side = side
        scale = Double(side)
        let cellCount = side * side
        let parts = parallel && n >= 65_536 ? 2 : 1
        let bounds = (0...parts).map { $0 * n / parts }
        // Each entry's cell, and how many entries of each part fall in each cell (part p's at p * cellCount).
        var cellOf = [Int32](unsafeUninitializedCapacity: n) { _, initialized in initialized = n }
        var counts = [Int32](repeating: 0, count: parts * cellCount)
        cellOf.withUnsafeMutableBufferPointer { cellOf in
            counts.withUnsafeMutableBufferPointer { counts in
                nonisolated(unsafe) let (cellOf, counts, nodes) = (cellOf, counts, nodes)
                DispatchQueue.concurrentPerform(iterations: parts) { p in
                    let base = p * cellCount
                    for i in bounds[p]..<bounds[p + 1] {
                        let c =
                            NeighbourGrid.clamp(Double(Float(nodes[i].x)), Double(side), side)
                            + side * NeighbourGrid.clamp(Double(Float(nodes[i].y)), Double(side), side)
                        cellOf[i] = Int32(c)
                        counts[base + c] += 1
                    }
                }
            }
        }
        // Cell starts, and where each part's entries of a cell go (counts becomes that).
        var starts = [Int32](repeating: 0, count: cellCount + 1)
        var total: Int32 = 0
        for c in 0..<cellCount {
            starts[c] = total
            for p in 0..<parts {
                let k = counts[p * cellCount + c]
                counts[p * cellCount + c] = total
                total += k
            }
        }
        starts[cellCount] = total
        probes = [Probe](unsafeUninitializedCapacity: n) { buffer, initialized in
            cellOf.withUnsafeBufferPointer { cellOf in
                counts.withUnsafeMutableBufferPointer { fill in
                    nonisolated(unsafe) let (cellOf, fill, buffer, nodes) = (cellOf, fill, buffer, nodes)
                    DispatchQueue.concurrentPerform(iterations: parts) { p in
                        let base = p * cellCount
                        for i in bounds[p]..<bounds[p + 1] {
                            let c = base + Int(cellOf[i])
                            let k = Int(fill[c])
                            fill[c] += 1
                            (buffer.baseAddress! + k).initialize(
                                to: Probe(x: Float(nodes[i].x), y: Float(nodes[i].y), node: Int32(i), rank: 0))
                        }
                    }
                }
            }
            initialized = n
        }
        self.starts = starts
        if isSparse(nodes: nodes, radius: r) { isolated = findIsolated(nodes: nodes, radius: r) }
    }

    /// Whether `setRanks` has been called: until then `neighbours` lists entries in no particular order.
    private(set) var isRanked = false

    /// Sets each entry's rank from the level's tree.
    mutating func setRanks(_ ranks: [UInt32]) {
        ranks.withUnsafeBufferPointer { ranks in withView { $0.setRanks(ranks) } }
    }

    /// Runs `body` with the grid's arrays as pointers (`View`), for a pass's inner loop: a query then costs no
    /// reference counting. Ranks set through the view stay set.
    mutating func withView<R>(_ body: (inout View) -> R) -> R {
        let side = side
        let scale = scale
        var ranked = isRanked
        let result = starts.withUnsafeBufferPointer { starts in
            probes.withUnsafeMutableBufferPointer { probes in
                var view = View(side: side, scale: scale, starts: starts, probes: probes, isRanked: ranked)
                defer { ranked = view.isRanked }
                return body(&view)
            }
        }
        isRanked = ranked
        return result
    }

    /// Whether enough entries stand alone for `findIsolated` (one pass in cell order) to pay for itself:
    /// skipping a lone entry's query saves scattered reads, checking it costs contiguous ones. Judged on 512
    /// entries spread through the cells.
    private mutating func isSparse(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> Bool {
        let n = probes.count
        guard n > 0 else { return false }
        let samples = min(n, 512)
        return withView { view in
            var alone = 0
            for s in 0..<samples where view.isAlone(slot: s * n / samples, nodes: nodes, radius: r) { alone += 1 }
            return alone * 5 >= samples
        }
    }

    /// One pass in cell order. Stops at an entry's first neighbour, so crowded cells cost no more than a scan
    /// each.
    private mutating func findIsolated(nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> [Bool] {
        var isolated = [Bool](repeating: true, count: probes.count)
        withView { view in
            isolated.withUnsafeMutableBufferPointer { isolated in
                for k in 0..<view.probes.count where !view.isAlone(slot: k, nodes: nodes, radius: r) {
                    isolated[Int(view.probes[k].node)] = false
                }
            }
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

    /// The grid's arrays as pointers, valid inside `withView`: the queries and hints of a pass.
    struct View {
        let side: Int
        let scale: Double
        /// `side * side + 1` start offsets into `probes`.
        let starts: UnsafeBufferPointer<Int32>
        /// The entries, grouped by cell.
        let probes: UnsafeMutableBufferPointer<Probe>
        /// Whether the probes carry ranks (`setRanks`).
        fileprivate(set) var isRanked: Bool

        /// Sets each entry's rank from the level's tree.
        mutating func setRanks(_ ranks: UnsafeBufferPointer<UInt32>) {
            isRanked = true
            for k in 0..<probes.count { probes[k].rank = ranks[Int(probes[k].node)] }
        }

        /// The cells a query of radius `r` around (qx, qy) reads: columns x0...x1 of rows y0...y1.
        @inline(__always)
        func cells(_ qx: Double, _ qy: Double, _ r: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
            (
                NeighbourGrid.clamp(qx - r, scale, side), NeighbourGrid.clamp(qx + r, scale, side),
                NeighbourGrid.clamp(qy - r, scale, side), NeighbourGrid.clamp(qy + r, scale, side)
            )
        }

        /// True when no other entry's stored position is within `r` of entry `k`'s exact position, by the
        /// query's own test.
        @inline(__always)
        func isAlone(slot k: Int, nodes: UnsafeBufferPointer<ClusterNode>, radius r: Double) -> Bool {
            let r2 = r * r
            let node = nodes[Int(probes[k].node)]
            let qx = node.x
            let qy = node.y
            let c = cells(qx, qy, r)
            for cy in c.y0...c.y1 {
                let row = cy * side
                for m in Int(starts[row + c.x0])..<Int(starts[row + c.x1 + 1]) where m != k {
                    let dx = Double(probes[m].x) - qx
                    let dy = Double(probes[m].y) - qy
                    if dx * dx + dy * dy <= r2 { return false }
                }
            }
            return true
        }

        // Prefetching for the pass, which visits entries in level order (scattered over the grid): two hints a
        // few visits ahead, the second needing what the first brought in. A hint is only a hint: a wrong or late
        // one costs time, never changes a result.

        /// Hint 1: the cell offsets of the rows a query around (qx, qy) reads.
        @inline(__always)
        func prefetchOffsets(x qx: Double, y qy: Double, radius r: Double) {
            let c = cells(qx, qy, r)
            for cy in c.y0...c.y1 {
                hometown_prefetch(starts.baseAddress! + cy * side + c.x0)
                hometown_prefetch(starts.baseAddress! + cy * side + c.x1 + 1)
            }
        }

        /// Hint 2: the probes of those rows (the first 256 bytes of each).
        @inline(__always)
        func prefetchRows(x qx: Double, y qy: Double, radius r: Double) {
            let c = cells(qx, qy, r)
            for cy in c.y0...c.y1 {
                let row = cy * side
                let from = Int(starts[row + c.x0])
                let to = min(Int(starts[row + c.x1 + 1]), from + 16)
                var m = from
                while m < to {
                    hometown_prefetch(probes.baseAddress! + m)
                    m += 4
                }
                if to > from { hometown_prefetch(probes.baseAddress! + to - 1) }
            }
        }

        /// The entries within `r` of (qx, qy) (inclusive) whose bit in `visited` is not set, as
        /// `(rank << 32) | index` into `result` (cleared first), sorted: the KD-tree's order (once `isRanked`).
        @inline(__always)
        func neighbours(
            x qx: Double, y qy: Double, radius r: Double, into result: inout ScratchList,
            visited bits: UnsafeMutablePointer<UInt64>
        ) {
            result.removeAll()
            let r2 = r * r
            let c = cells(qx, qy, r)
            for cy in c.y0...c.y1 {
                let row = cy * side
                var m = Int(starts[row + c.x0])
                let end = Int(starts[row + c.x1 + 1])
                while m < end {
                    let probe = probes[m]
                    let dx = Double(probe.x) - qx
                    let dy = Double(probe.y) - qy
                    if dx * dx + dy * dy <= r2 {
                        let k = Int(probe.node)
                        if bits[k >> 6] & (1 << UInt64(k & 63)) == 0 {
                            result.append(UInt64(probe.rank) << 32 | UInt64(UInt32(k)))
                        }
                    }
                    m += 1
                }
            }
            if isRanked { result.sort() }
        }
    }
}
