/// A uniform grid over one zoom level's entries, to find every entry within a radius of a point faster than
/// a KD-tree walk, in the order the KD-tree's `within` would list them (supercluster's output depends on it).
///
/// Positions are the single-precision values the KD-tree stores, widened to double, and the test is the
/// tree's own `dx * dx + dy * dy <= r * r`, so the same entries are found. The grid has at most about one cell
/// per two entries and cells no smaller than the radius, so a query visits a handful of cells.
struct NeighbourGrid {
    private let side: Int
    private let scale: Double
    /// `side * side + 1` start offsets into `items`.
    private var starts: [Int32]
    /// Entry numbers, grouped by cell.
    private var items: [Int32]
    /// x, y of `items[k]` at 2k, 2k + 1: single precision as the tree stores them, kept in cell order so that
    /// a query reads its cells' positions from contiguous memory.
    private var positions: [Double]
    /// x, y of `items[k]` as queries give them (a cluster's exact centroid), in the same cell order.
    private var queryPositions: [Double]
    /// Per entry: its rank in the tree's traversal order.
    private let ranks: [UInt32]
    /// Per entry: no other entry lies within the radius of it, so a query would find it alone.
    private(set) var isolated: [Bool] = []

    init(nodes: UnsafeMutableBufferPointer<ClusterNode>, radius r: Double, ranks: [UInt32]) {
        let n = nodes.count
        var side = max(1, Int((Double(n) / 2).squareRoot()))
        if r > 0 { side = min(side, max(1, Int(1 / r))) }
        self.side = side
        scale = Double(side)
        var cellOf = [Int32](repeating: 0, count: n)
        var counts = [Int32](repeating: 0, count: side * side + 1)
        for i in 0..<n {
            // Cells by the stored (single-precision) position, the one the distance test reads.
            let c = NeighbourGrid.clamp(Double(Float(nodes[i].x)), Double(side), side)
                + side * NeighbourGrid.clamp(Double(Float(nodes[i].y)), Double(side), side)
            cellOf[i] = Int32(c)
            counts[c + 1] += 1
        }
        for c in 0..<(side * side) { counts[c + 1] += counts[c] }
        var fill = counts
        var items = [Int32](repeating: 0, count: n)
        var positions = [Double](repeating: 0, count: 2 * n), queryPositions = [Double](repeating: 0, count: 2 * n)
        for i in 0..<n {
            let c = Int(cellOf[i])
            let k = Int(fill[c])
            items[k] = Int32(i)
            let x = nodes[i].x, y = nodes[i].y
            positions[2 * k] = Double(Float(x))
            positions[2 * k + 1] = Double(Float(y))
            queryPositions[2 * k] = x
            queryPositions[2 * k + 1] = y
            fill[c] += 1
        }
        starts = counts
        self.items = items
        self.positions = positions
        self.queryPositions = queryPositions
        self.ranks = ranks
        isolated = findIsolated(radius: r)
    }

    /// One pass in cell order (contiguous memory): an entry is isolated when no other entry's stored position
    /// is within `r` of its own position, by the query's own test. Stops at the first neighbour, so crowded
    /// cells cost no more than a scan each.
    private func findIsolated(radius r: Double) -> [Bool] {
        var isolated = [Bool](repeating: true, count: items.count)
        let r2 = r * r
        starts.withUnsafeBufferPointer { starts in
            items.withUnsafeBufferPointer { items in
                positions.withUnsafeBufferPointer { p in
                  queryPositions.withUnsafeBufferPointer { q in
                    for k in 0..<items.count {
                        let i = Int(items[k])
                        let qx = q[2 * k], qy = q[2 * k + 1]
                        let x0 = NeighbourGrid.clamp(qx - r, scale, side), x1 = NeighbourGrid.clamp(qx + r, scale, side)
                        let y0 = NeighbourGrid.clamp(qy - r, scale, side), y1 = NeighbourGrid.clamp(qy + r, scale, side)
                        search: for cy in y0...y1 {
                            let row = cy * side
                            for m in Int(starts[row + x0])..<Int(starts[row + x1 + 1]) where m != k {
                                let dx = p[2 * m] - qx, dy = p[2 * m + 1] - qy
                                if dx * dx + dy * dy <= r2 { isolated[i] = false; break search }
                            }
                        }
                    }
                  }
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

    /// Entries within `r` of (qx, qy), inclusive, into `result` (cleared first), in the KD-tree's order.
    func within(x qx: Double, y qy: Double, radius r: Double, into result: inout [Int]) {
        result.removeAll(keepingCapacity: true)
        let r2 = r * r
        let x0 = NeighbourGrid.clamp(qx - r, scale, side), x1 = NeighbourGrid.clamp(qx + r, scale, side)
        let y0 = NeighbourGrid.clamp(qy - r, scale, side), y1 = NeighbourGrid.clamp(qy + r, scale, side)
        starts.withUnsafeBufferPointer { starts in
            items.withUnsafeBufferPointer { items in
                positions.withUnsafeBufferPointer { p in
                    for cy in y0...y1 {
                        let row = cy * side
                        for k in Int(starts[row + x0])..<Int(starts[row + x1 + 1]) {
                            let dx = p[2 * k] - qx, dy = p[2 * k + 1] - qy
                            if dx * dx + dy * dy <= r2 { result.append(Int(items[k])) }
                        }
                    }
                }
            }
        }
        if result.count > 1 {
            ranks.withUnsafeBufferPointer { ranks in result.sort { ranks[$0] < ranks[$1] } }
        }
    }
}
