/// Douglas-Peucker simplification of a rounded ring that keeps shared borders shared.
///
/// A ring is cut into runs: maximal stretches whose edges have the same state on their other side (or the sea).
/// The vertices where the neighbour changes are kept, and each run is simplified on its own with its ends fixed.
/// A border between two states is one run in each of their rings, walked in opposite directions, and the
/// simplification of a run does not depend on its direction (the farthest vertex is chosen by distance, ties by
/// position), so both rings keep the same vertices and the simplified states still meet without gaps.
enum RingSimplifier {
    typealias Point = (Int32, Int32)

    /// Which vertices of `pts` (a closed ring, no vertex repeated in a row) to keep, given the neighbour key of
    /// each vertex's outgoing edge; `tolerance` in drawing units.
    static func keep(_ pts: [Point], keys: [Int64], tolerance: Double) -> [Bool] {
        let n = pts.count
        var keep = [Bool](repeating: false, count: n)
        guard n > 3 else { return [Bool](repeating: true, count: n) }
        var breaks: [Int] = []
        for k in 0..<n where keys[k] != keys[(k + n - 1) % n] { breaks.append(k) }
        if breaks.isEmpty {
            // One run all round (an island, an enclave): anchor it at its smallest vertex and at the vertex
            // farthest from that, both chosen by position alone.
            var a = 0
            for k in 1..<n where less(pts[k], pts[a]) { a = k }
            var b = a
            var best = -1.0
            for k in 0..<n {
                let dx = Double(pts[k].0 - pts[a].0)
                let dy = Double(pts[k].1 - pts[a].1)
                let d = dx * dx + dy * dy
                if d > best || (d == best && less(pts[k], pts[b])) {
                    best = d
                    b = k
                }
            }
            breaks = a < b ? [a, b] : [b, a]
            if a == b { breaks = [a] }
        }
        let t2 = tolerance * tolerance
        for (i, start) in breaks.enumerated() {
            keep[start] = true
            let end = i + 1 < breaks.count ? breaks[i + 1] : breaks[0] + n
            simplify(pts, from: start, to: end, n: n, t2: t2, keep: &keep)
        }
        return keep
    }

    /// Marks the vertices of the run `from...to` (indices modulo n) that Douglas-Peucker keeps.
    private static func simplify(_ pts: [Point], from: Int, to: Int, n: Int, t2: Double, keep: inout [Bool]) {
        var stack: [(Int, Int)] = [(from, to)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let pa = pts[a % n]
            let pb = pts[b % n]
            let dx = Double(pb.0 - pa.0)
            let dy = Double(pb.1 - pa.1)
            let len2 = dx * dx + dy * dy
            var far = -1
            var farD = -1.0
            for k in (a + 1)..<b {
                let p = pts[k % n]
                let px = Double(p.0 - pa.0)
                let py = Double(p.1 - pa.1)
                let d: Double
                if len2 == 0 {
                    d = px * px + py * py
                } else {
                    let c = px * dy - py * dx
                    d = c * c / len2
                }
                if d > farD || (d == farD && less(p, pts[far % n])) {
                    farD = d
                    far = k
                }
            }
            if farD > t2 {
                keep[far % n] = true
                stack.append((a, far))
                stack.append((far, b))
            }
        }
    }

    private static func less(_ p: Point, _ q: Point) -> Bool { p.0 < q.0 || (p.0 == q.0 && p.1 < q.1) }
}
