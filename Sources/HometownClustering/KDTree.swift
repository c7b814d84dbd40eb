import Dispatch
import Foundation

/// A static 2-D KD-tree over points stored as single-precision (x, y) pairs, built by recursive median
/// selection (Floyd–Rivest) into leaves of at most `nodeSize` items, the layout kdbush uses.
///
/// The traversal order of `range` and `within` (right half popped before left) is part of the contract:
/// supercluster's output order and cluster ids depend on it. Coordinates are whatever plane the caller uses
/// (here unit Web Mercator); queries take doubles and compare them with the stored single-precision values.
struct KDTree: Sendable {
    let nodeSize: Int
    /// Item numbers (the order the items were given in), permuted into tree order.
    private(set) var ids: [UInt32]
    /// Interleaved x, y in tree order.
    private(set) var coords: [Float]

    var count: Int { ids.count }

    /// Builds the tree over items 0..<count whose coordinates `x(i)`, `y(i)` are rounded to single precision.
    /// - Parameter parallel: sort large halves on two threads (the result is the same either way).
    init(count: Int, nodeSize: Int, parallel: Bool = true, x: (Int) -> Double, y: (Int) -> Double) {
        self.nodeSize = nodeSize
        // Sorted as packed (x, y, id) entries: one 12-byte swap per exchange instead of three in two arrays.
        var items = [Item](repeating: Item(x: 0, y: 0, id: 0), count: count)
        for i in 0..<count { items[i] = Item(x: Float(x(i)), y: Float(y(i)), id: UInt32(i)) }
        items.withUnsafeMutableBufferPointer { b in
            KDTree.sort(b, nodeSize: nodeSize, left: 0, right: count - 1, axis: 0, parallel: parallel)
        }
        var ids = [UInt32](repeating: 0, count: count)
        var coords = [Float](repeating: 0, count: 2 * count)
        for (k, item) in items.enumerated() {
            ids[k] = item.id
            coords[2 * k] = item.x
            coords[2 * k + 1] = item.y
        }
        self.ids = ids
        self.coords = coords
    }

    private struct Item {
        var x: Float
        var y: Float
        var id: UInt32
        @inline(__always) func coordinate(_ axis: Int) -> Float { axis == 0 ? x : y }
    }

    // MARK: building

    /// Sorts large halves on two threads (the halves are disjoint, so the result is the same as sequentially).
    private static let parallelThreshold = 65_536

    private static func sort(
        _ items: UnsafeMutableBufferPointer<Item>, nodeSize: Int, left: Int, right: Int, axis: Int,
        parallel: Bool
    ) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(items, k: m, left: left, right: right, axis: axis)
        if parallel, right - left > parallelThreshold {
            nonisolated(unsafe) let shared = items
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                if half == 0 {
                    sort(shared, nodeSize: nodeSize, left: left, right: m - 1, axis: 1 - axis, parallel: true)
                } else {
                    sort(shared, nodeSize: nodeSize, left: m + 1, right: right, axis: 1 - axis, parallel: true)
                }
            }
            return
        }
        sort(items, nodeSize: nodeSize, left: left, right: m - 1, axis: 1 - axis, parallel: parallel)
        sort(items, nodeSize: nodeSize, left: m + 1, right: right, axis: 1 - axis, parallel: parallel)
    }

    /// Rearranges items so that the k-th (by `axis`) sits at k, smaller ones left of it, larger right
    /// (kdbush's Floyd–Rivest selection, exchange for exchange: the tree order depends on it).
    private static func select(
        _ items: UnsafeMutableBufferPointer<Item>, k: Int, left leftIn: Int, right rightIn: Int, axis: Int
    ) {
        var left = leftIn
        var right = rightIn
        let base = items.baseAddress!
        @inline(__always) func swap(_ i: Int, _ j: Int) {
            let t = base[i]
            base[i] = base[j]
            base[j] = t
        }
        while right > left {
            if right - left > 600 {
                // Floyd–Rivest: recurse on a sample window around k to find a good pivot quickly.
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(items, k: k, left: newLeft, right: newRight, axis: axis)
            }
            let t = base[k].coordinate(axis)
            var i = left
            var j = right
            swap(left, k)
            if base[right].coordinate(axis) > t { swap(left, right) }
            while i < j {
                swap(i, j)
                i += 1
                j -= 1
                while base[i].coordinate(axis) < t { i += 1 }
                while base[j].coordinate(axis) > t { j -= 1 }
            }
            if base[left].coordinate(axis) == t {
                swap(left, j)
            } else {
                j += 1
                swap(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    // MARK: queries

    /// For each item, its position in the order `within` and `range` list items when nothing is pruned: the
    /// order of any query's results is this order restricted to the items found.
    func traversalRanks() -> [UInt32] {
        var ranks = [UInt32](repeating: 0, count: ids.count)
        guard !ids.isEmpty else { return ranks }
        var next: UInt32 = 0
        var stack: [(Int, Int)] = [(0, ids.count - 1)]
        while let (left, right) = stack.popLast() {
            if right - left <= nodeSize {
                if left <= right {
                    for i in left...right {
                        ranks[Int(ids[i])] = next
                        next += 1
                    }
                }
                continue
            }
            let m = (left + right) >> 1
            ranks[Int(ids[m])] = next
            next += 1
            stack.append((left, m - 1))
            stack.append((m + 1, right))
        }
        return ranks
    }

    /// Items with minX <= x <= maxX and minY <= y <= maxY, appended to `result` (cleared first) in tree order.
    /// The bounds are rounded to single precision as the positions were, so a point on the box's edge is in it
    /// (rounding keeps order: a position at or past a bound is rounded to or past the rounded bound).
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, into result: inout [Int]) {
        let (minX, minY) = (Double(Float(minX)), Double(Float(minY)))
        let (maxX, maxY) = (Double(Float(maxX)), Double(Float(maxY)))
        walk(minX: minX, minY: minY, maxX: maxX, maxY: maxY, into: &result) { x, y in
            x >= minX && x <= maxX && y >= minY && y <= maxY
        }
    }

    /// Items within distance `r` of (qx, qy) (inclusive), appended to `result` (cleared first) in tree order.
    func within(x qx: Double, y qy: Double, radius r: Double, into result: inout [Int]) {
        let r2 = r * r
        walk(minX: qx - r, minY: qy - r, maxX: qx + r, maxY: qy + r, into: &result) { x, y in
            let dx = x - qx
            let dy = y - qy
            return dx * dx + dy * dy <= r2
        }
    }

    /// The tree walk of both queries: visits the nodes whose half-planes meet the box minX...maxX, minY...maxY
    /// and appends, in tree order, the items (positions in the tree's single precision) `accepts` takes.
    @inline(__always)
    private func walk(
        minX: Double, minY: Double, maxX: Double, maxY: Double, into result: inout [Int],
        accepts: (Double, Double) -> Bool
    ) {
        result.removeAll(keepingCapacity: true)
        let nodeSize = self.nodeSize
        ids.withUnsafeBufferPointer { ids in
            coords.withUnsafeBufferPointer { c in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 80) { stack in
                    var sp = 3
                    stack[0] = 0
                    stack[1] = ids.count - 1
                    stack[2] = 0
                    while sp > 0 {
                        let axis = stack[sp - 1]
                        let right = stack[sp - 2]
                        let left = stack[sp - 3]
                        sp -= 3
                        if right - left <= nodeSize {
                            var i = left
                            while i <= right {
                                if accepts(Double(c[2 * i]), Double(c[2 * i + 1])) { result.append(Int(ids[i])) }
                                i += 1
                            }
                            continue
                        }
                        let m = (left + right) >> 1
                        let x = Double(c[2 * m])
                        let y = Double(c[2 * m + 1])
                        if accepts(x, y) { result.append(Int(ids[m])) }
                        if axis == 0 ? minX <= x : minY <= y {
                            stack[sp] = left
                            stack[sp + 1] = m - 1
                            stack[sp + 2] = 1 - axis
                            sp += 3
                        }
                        if axis == 0 ? maxX >= x : maxY >= y {
                            stack[sp] = m + 1
                            stack[sp + 1] = right
                            stack[sp + 2] = 1 - axis
                            sp += 3
                        }
                    }
                }
            }
        }
    }
}
