/// Clipping against an axis-aligned rectangle, in drawing units.
struct ClipRect {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    /// Sutherland-Hodgman: the part of a closed ring inside the rectangle (a ring that leaves and re-enters may
    /// gain edges along the rectangle's sides, which lie in the frame's buffer, outside what is shown).
    func clip(ring: [(Double, Double)]) -> [(Double, Double)] {
        var pts = ring
        for side in 0..<4 {
            guard !pts.isEmpty else { break }
            var out: [(Double, Double)] = []
            out.reserveCapacity(pts.count + 4)
            var prev = pts[pts.count - 1]
            var prevIn = inside(prev, side)
            for p in pts {
                let pIn = inside(p, side)
                if pIn != prevIn { out.append(cross(prev, p, side)) }
                if pIn { out.append(p) }
                prev = p
                prevIn = pIn
            }
            pts = out
        }
        return pts
    }

    /// Liang-Barsky: the part of segment a-b inside the rectangle, or nil.
    func clip(segment a: (Double, Double), _ b: (Double, Double)) -> ((Double, Double), (Double, Double))? {
        var t0 = 0.0
        var t1 = 1.0
        let dx = b.0 - a.0
        let dy = b.1 - a.1
        for (p, q) in [(-dx, a.0 - minX), (dx, maxX - a.0), (-dy, a.1 - minY), (dy, maxY - a.1)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 {
                    if t > t1 { return nil }
                    if t > t0 { t0 = t }
                } else {
                    if t < t0 { return nil }
                    if t < t1 { t1 = t }
                }
            }
        }
        return ((a.0 + t0 * dx, a.1 + t0 * dy), (a.0 + t1 * dx, a.1 + t1 * dy))
    }

    private func inside(_ p: (Double, Double), _ side: Int) -> Bool {
        switch side {
        case 0: return p.0 >= minX
        case 1: return p.0 <= maxX
        case 2: return p.1 >= minY
        default: return p.1 <= maxY
        }
    }

    private func cross(_ a: (Double, Double), _ b: (Double, Double), _ side: Int) -> (Double, Double) {
        switch side {
        case 0: return (minX, a.1 + (b.1 - a.1) * (minX - a.0) / (b.0 - a.0))
        case 1: return (maxX, a.1 + (b.1 - a.1) * (maxX - a.0) / (b.0 - a.0))
        case 2: return (a.0 + (b.0 - a.0) * (minY - a.1) / (b.1 - a.1), minY)
        default: return (a.0 + (b.0 - a.0) * (maxY - a.1) / (b.1 - a.1), maxY)
        }
    }
}
