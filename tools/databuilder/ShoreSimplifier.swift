import HometownViewport

/// Douglas-Peucker simplification of a lake's ring in Web Mercator world units (the plane the maps are drawn in),
/// so that the tolerance is the same fraction of a pixel at every latitude.
enum ShoreSimplifier {
    /// The vertices of `ring` (longitude, latitude degrees; the closing vertex repeated or not) that stay within
    /// `tolerance` world units (the world is 1 wide) of the simplified ring, without the closing vertex. The ring
    /// is anchored at its first vertex and the vertex farthest from it, both kept.
    static func simplify(_ ring: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        var pts = ring
        if pts.count > 1, pts[0] == pts[pts.count - 1] { pts.removeLast() }
        let n = pts.count
        guard n > 3 else { return pts }
        let xs = pts.map { WebMercator.worldX(longitude: $0.0) }
        let ys = pts.map { WebMercator.worldY(latitude: $0.1) }
        var far = 0
        var farD = -1.0
        for k in 1..<n {
            let d = (xs[k] - xs[0]) * (xs[k] - xs[0]) + (ys[k] - ys[0]) * (ys[k] - ys[0])
            if d > farD {
                farD = d
                far = k
            }
        }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[far] = true
        let t2 = tolerance * tolerance
        // Runs (a, b) with indices modulo n: 0 -> far and far -> 0 (as n).
        var stack: [(Int, Int)] = [(0, far), (far, n)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let ax = xs[a % n]
            let ay = ys[a % n]
            let dx = xs[b % n] - ax
            let dy = ys[b % n] - ay
            let len2 = dx * dx + dy * dy
            var best = -1
            var bestD = -1.0
            for k in (a + 1)..<b {
                let px = xs[k] - ax
                let py = ys[k] - ay
                let c = px * dy - py * dx
                let d = len2 == 0 ? px * px + py * py : c * c / len2
                if d > bestD {
                    bestD = d
                    best = k
                }
            }
            if bestD > t2 {
                keep[best] = true
                stack.append((a, best))
                stack.append((best, b))
            }
        }
        return pts.indices.filter { keep[$0] }.map { pts[$0] }
    }
}
