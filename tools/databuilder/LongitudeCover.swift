/// The smallest arc of longitudes that covers a set of longitude intervals, possibly across 180°.
enum LongitudeCover {
    /// - Parameter intervals: (west, east) pairs in [-180, 180] with west <= east.
    /// - Returns: (west, east); west > east when the arc crosses the antimeridian.
    static func smallest(_ intervals: [(Double, Double)]) -> (west: Double, east: Double) {
        let sorted = intervals.sorted { $0.0 < $1.0 }
        guard !sorted.isEmpty else { return (-180, 180) }
        // Merge overlapping intervals.
        var merged: [(Double, Double)] = []
        for iv in sorted {
            if let last = merged.last, iv.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, iv.1)
            } else {
                merged.append(iv)
            }
        }
        // The largest gap (including the one across 180°) is left out.
        var bestGap = merged[0].0 + 360 - merged[merged.count - 1].1
        var west = merged[0].0
        var east = merged[merged.count - 1].1
        for i in 1..<merged.count {
            let gap = merged[i].0 - merged[i - 1].1
            if gap > bestGap {
                bestGap = gap
                west = merged[i].0
                east = merged[i - 1].1
            }
        }
        if bestGap <= 0 { return (-180, 180) }
        return (west, east)
    }
}
