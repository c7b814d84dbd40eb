/// The at-sea search: the nearest state within `maxKm` of a point in no state polygon.
///
/// Searches the cells around the point, its own cell first and the quadrants of a cell nearest first.
/// Distances are measured on a local equirectangular plane (longitude differences scaled by the cosine of the
/// point's latitude) to pick the nearest edge, then as great-circle distance to the nearest point on that edge.
/// Cells, quadrants, state pieces and edges whose box is farther on that plane than the nearest edge found so
/// far are skipped: they cannot hold a nearer one. A struct with mutating steps rather than a closure, so that
/// the search's state is checked for exclusive access at compile time, not at run time.
struct NearestStateSearch {
    let index: CellIndex
    let lat: Double, lon: Double, maxKm: Double
    let mLat: Double, mLon: Double, south: Double, north: Double, kx: Double
    /// The best edge so far: its state, squared plane distance, and nearest point (lon, lat).
    var best: (state: Int, d2: Double, x: Double, y: Double)

    /// - Parameter bounded: start from the search radius (the normal case); false starts from infinity, which
    ///   gives the same answers more slowly (the tests compare the two).
    init(index: CellIndex, latitude: Double, longitude: Double, maxKm: Double, bounded: Bool = true) {
        self.index = index
        lat = latitude
        lon = longitude
        self.maxKm = maxKm
        mLat = maxKm / Geometry2D.kmPerDegreeLatitude * 1.01
        south = max(-90, lat - mLat)
        north = min(90, lat + mLat)
        let maxAbs = min(89.999, max(abs(south), abs(north)))
        let cosMax = Geometry2D.cosApprox(maxAbs * .pi / 180)
        mLon = min(180, mLat / max(cosMax, 1e-6))
        kx = Geometry2D.cosApprox(lat * .pi / 180)
        // Nothing farther than the search radius can be the answer: start from that bound, so that cells with
        // no land near enough are skipped. The margin covers the plane's error against great-circle distance
        // within the radius: about tan(latitude) x 0.2 degrees in radians, under 2.5 % up to 80 degrees; beyond,
        // where the plane is poorer, half the radius (no land lies within reach of a sea point above 84 N, and
        // the south polar region is land).
        let margin = abs(lat) <= 80 ? 1.05 : 1.5
        best = (-1, bounded ? (margin * mLat) * (margin * mLat) : .infinity, 0, 0)
    }

    /// Squared plane distance from the point to the rectangle [x0, x1] x [y0, y1] (shifted longitudes).
    @inline(__always)
    func rectD2(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let dx = max(0, x0 - lon, lon - x1) * kx
        let dy = max(0, y0 - lat, lat - y1)
        return dx * dx + dy * dy
    }

    mutating func run() -> (state: Int, km: Double)? {
        let top = index.top
        let (ownRow, ownCol) = CellCode.topCell(latitude: lat, longitude: lon)
        visit(top[ownRow * CellCode.columns + ownCol], Double(ownCol - 180), Double(ownRow - 90), 1, 0)
        let rowLo = max(0, Int((south + 90).rounded(.down)))
        let rowHi = min(CellCode.rows - 1, Int((north + 90).rounded(.down)))
        let colLo = Int((lon - mLon + 180).rounded(.down))
        let colHi = Int((lon + mLon + 180).rounded(.down))
        for row in rowLo...rowHi {
            for c in colLo...colHi {
                if row == ownRow && c == ownCol { continue }
                let wrapped = ((c % 360) + 360) % 360
                let shift = Double(c - wrapped)  // multiple of 360: puts the cell next to the point
                let x0 = Double(wrapped - 180)
                let y0 = Double(row - 90)
                if rectD2(x0 + shift, y0, x0 + shift + 1, y0 + 1) > best.d2 { continue }
                visit(top[row * CellCode.columns + wrapped], x0, y0, 1, shift)
            }
        }
        guard best.state >= 0 else { return nil }
        let km = Geometry2D.haversineKm(lat, lon, best.y, best.x)
        return km <= maxKm ? (best.state, km) : nil
    }

    /// Visits the rectangle [x0, x0+size] x [y0, y0+size] (longitudes shifted by `shift` into the point's frame).
    mutating func visit(_ code: UInt32, _ x0: Double, _ y0: Double, _ size: Double, _ shift: Double) {
        let payload = Int(CellCode.payload(code))
        switch CellCode.kind(code) {
        case CellCode.full:
            guard payload < index.stateCount else { return }
            // Nearest point of the rectangle.
            let nx = max(x0 + shift, min(lon, x0 + shift + size))
            let ny = max(y0, min(lat, y0 + size))
            let d2 = ((nx - lon) * kx) * ((nx - lon) * kx) + (ny - lat) * (ny - lat)
            if d2 < best.d2 { best = (payload, d2, nx, ny) }
        case CellCode.node:
            // 2^-maxDepth degrees: only a damaged file nests nodes deeper.
            guard size > 1.0 / Double(1 << CellCode.maxDepth) else { return }
            visitQuadrants(payload, x0, y0, size / 2, shift)
        case CellCode.leaf:
            visitLeaf(payload, shift)
        default:
            return
        }
    }

    /// The four quadrants of a node, nearest first (an insertion sort of four).
    mutating func visitQuadrants(_ node: Int, _ x0: Double, _ y0: Double, _ h: Double, _ shift: Double) {
        var order = SIMD4<Int>(0, 1, 2, 3)
        var dist = SIMD4<Double>(repeating: .infinity)
        for k in 0..<4 {
            let cx = x0 + (k & 1 == 1 ? h : 0) + shift
            let cy = y0 + (k & 2 == 2 ? h : 0)
            let outside = cx > lon + mLon || cx + h < lon - mLon || cy > north || cy + h < south
            let dk = outside ? .infinity : rectD2(cx, cy, cx + h, cy + h)
            var j = k
            while j > 0 && dist[j - 1] > dk {
                dist[j] = dist[j - 1]
                order[j] = order[j - 1]
                j -= 1
            }
            dist[j] = dk
            order[j] = k
        }
        for r in 0..<4 where dist[r] <= best.d2 {
            let k = order[r]
            let i = node * 4 + k
            if i < index.nodes.count {
                visit(index.nodes[i], x0 + (k & 1 == 1 ? h : 0), y0 + (k & 2 == 2 ? h : 0), h, shift)
            }
        }
    }

    /// The edges of a leaf's state pieces (see `LeafLayout`), every read bounds-checked.
    mutating func visitLeaf(_ offset: Int, _ shift: Double) {
        let data = index.leafData
        var pieces = LeafPieces(data: data, offset: offset)
        while let piece = pieces.next() {
            guard piece.state < index.stateCount,
                rectD2(piece.minX + shift, piece.minY, piece.maxX + shift, piece.maxY) <= best.d2
            else { continue }
            var rings = LeafPieces.Rings(data: data, piece: piece)
            while let ring = rings.next() {
                var k = ring.first
                let last = ring.first + 2 * (ring.count - 1)
                while k < last {
                    let ax = data[k] + shift
                    let ay = data[k + 1]
                    let bx = data[k + 2] + shift
                    let by = data[k + 3]
                    k += 2
                    // The edge's box first: most edges are farther than the best one by that alone.
                    let ex = max(0, min(ax, bx) - lon, lon - max(ax, bx)) * kx
                    let ey = max(0, min(ay, by) - lat, lat - max(ay, by))
                    if ex * ex + ey * ey > best.d2 { continue }
                    let s = Geometry2D.segmentDistanceSquared(lon * kx, lat, ax * kx, ay, bx * kx, by)
                    if s.d2 < best.d2 { best = (piece.state, s.d2, s.x / kx, s.y) }
                }
            }
        }
    }
}
