/// The state lookup over the cell index (see `CellCode`): a view into the mapped data file, no copies.
/// Lookups allocate nothing and call no C library.
struct CellIndex: @unchecked Sendable {
    let top: UnsafeBufferPointer<UInt32>
    let nodes: UnsafeBufferPointer<UInt32>
    let leaves: UnsafeBufferPointer<UInt32>
    let coords: UnsafeBufferPointer<Double>
    let stateCount: Int

    init(file: DataFile, stateCount: Int) throws {
        top = try file.array("GRIDTOP", of: UInt32.self)
        nodes = try file.array("NODES", of: UInt32.self)
        leaves = try file.array("LEAVES", of: UInt32.self)
        coords = try file.array("COORDS", of: Double.self)
        self.stateCount = stateCount
        guard top.count == CellCode.columns * CellCode.rows else {
            throw BoundariesError.dataFileCorrupted(path: file.path, detail: "GRIDTOP has \(top.count) cells, expected \(CellCode.columns * CellCode.rows)")
        }
    }

    /// Result of descending to the cell that holds a point.
    enum Hit {
        case state(Int)
        case sea(deep: Bool)
    }

    /// The state whose polygon contains (lat, lon), or sea. `lat` in [-90, 90], `lon` in [-180, 180).
    @inline(__always)
    func locate(latitude lat: Double, longitude lon: Double) -> Hit {
        let col = min(CellCode.columns - 1, max(0, Int(lon + 180)))
        let row = min(CellCode.rows - 1, max(0, Int(lat + 90)))
        var code = top[row * CellCode.columns + col]
        var x0 = Double(col - 180), y0 = Double(row - 90), size = 1.0
        while true {
            let payload = Int(CellCode.payload(code))
            switch CellCode.kind(code) {
            case CellCode.full:
                return payload < stateCount ? .state(payload) : .sea(deep: false)
            case CellCode.node:
                size *= 0.5
                let east = lon >= x0 + size, north = lat >= y0 + size
                if east { x0 += size }
                if north { y0 += size }
                let i = payload * 4 + (north ? 2 : 0) + (east ? 1 : 0)
                guard i < nodes.count else { return .sea(deep: false) }
                code = nodes[i]
            case CellCode.leaf:
                return leafLookup(payload, lat, lon)
            case CellCode.deepSea:
                return .sea(deep: true)
            default:
                return .sea(deep: false)
            }
        }
    }

    /// Even-odd ray casting over each state piece of the leaf, in state order.
    @inline(__always)
    private func leafLookup(_ offset: Int, _ py: Double, _ px: Double) -> Hit {
        guard offset < leaves.count else { return .sea(deep: false) }
        let pieces = Int(leaves[offset])
        var p = offset + 1
        for _ in 0..<pieces {
            guard p + 2 < leaves.count else { return .sea(deep: false) }
            let state = Int(leaves[p]), rings = Int(leaves[p + 1]), box = Int(leaves[p + 2])
            p += 3
            let ringStart = p
            p += 2 * rings
            guard box + 3 < coords.count, p <= leaves.count else { return .sea(deep: false) }
            if px < coords[box] || py < coords[box + 1] || px > coords[box + 2] || py > coords[box + 3] { continue }
            var inside = false
            var r = ringStart
            while r < p {
                let c = Int(leaves[r]), n = Int(leaves[r + 1])
                r += 2
                guard n >= 2, c + 2 * n <= coords.count else { continue }
                var ax = coords[c], ay = coords[c + 1]
                var k = c + 2
                let end = c + 2 * n
                while k < end {
                    let bx = coords[k], by = coords[k + 1]
                    if (ay > py) != (by > py), px < (bx - ax) * (py - ay) / (by - ay) + ax { inside.toggle() }
                    ax = bx; ay = by
                    k += 2
                }
            }
            if inside && state < stateCount { return .state(state) }
        }
        return .sea(deep: false)
    }

    /// The nearest state within `maxKm` of a sea point, with the distance (km) and the nearest land point.
    /// Searches the cells around the point; distances are measured on a local equirectangular plane to pick
    /// the nearest edge, then as great-circle distance to the nearest point on it.
    func nearestState(latitude lat: Double, longitude lon: Double, maxKm: Double) -> (state: Int, km: Double)? {
        let mLat = maxKm / Geometry2D.kmPerDegreeLatitude * 1.01
        let south = max(-90, lat - mLat), north = min(90, lat + mLat)
        let maxAbs = min(89.999, max(abs(south), abs(north)))
        let cosMax = Geometry2D.cosApprox(maxAbs * .pi / 180)
        let mLon = min(180, mLat / max(cosMax, 1e-6))
        let kx = Geometry2D.cosApprox(lat * .pi / 180)
        var best: (state: Int, d2: Double, x: Double, y: Double)? = nil

        // Visit a rectangle [x0, x0+size] x [y0, y0+size] (longitudes shifted by `shift` into the point's frame).
        func visit(_ code: UInt32, _ x0: Double, _ y0: Double, _ size: Double, _ shift: Double) {
            let payload = Int(CellCode.payload(code))
            switch CellCode.kind(code) {
            case CellCode.full:
                guard payload < stateCount else { return }
                // Nearest point of the rectangle.
                let nx = max(x0 + shift, min(lon, x0 + shift + size)), ny = max(y0, min(lat, y0 + size))
                let d2 = ((nx - lon) * kx) * ((nx - lon) * kx) + (ny - lat) * (ny - lat)
                if best == nil || d2 < best!.d2 { best = (payload, d2, nx, ny) }
            case CellCode.node:
                let h = size / 2
                for k in 0..<4 {
                    let cx = x0 + (k & 1 == 1 ? h : 0), cy = y0 + (k & 2 == 2 ? h : 0)
                    if cx + shift > lon + mLon || cx + shift + h < lon - mLon || cy > north || cy + h < south { continue }
                    let i = payload * 4 + k
                    if i < nodes.count { visit(nodes[i], cx, cy, h, shift) }
                }
            case CellCode.leaf:
                guard payload < leaves.count else { return }
                let pieces = Int(leaves[payload])
                var p = payload + 1
                for _ in 0..<pieces {
                    guard p + 2 < leaves.count else { return }
                    let state = Int(leaves[p]), rings = Int(leaves[p + 1])
                    p += 3
                    for r in 0..<rings {
                        guard p + 2 * r + 1 < leaves.count else { return }
                        let c = Int(leaves[p + 2 * r]), n = Int(leaves[p + 2 * r + 1])
                        guard n >= 2, c + 2 * n <= coords.count, state < stateCount else { continue }
                        for k in 0..<(n - 1) {
                            let ax = coords[c + 2 * k] + shift, ay = coords[c + 2 * k + 1]
                            let bx = coords[c + 2 * k + 2] + shift, by = coords[c + 2 * k + 3]
                            let s = Geometry2D.segmentDistanceSquared(lon * kx, lat, ax * kx, ay, bx * kx, by)
                            if best == nil || s.d2 < best!.d2 { best = (state, s.d2, s.x / kx, s.y) }
                        }
                    }
                    p += 2 * rings
                }
            default:
                return
            }
        }

        let rowLo = max(0, Int((south + 90).rounded(.down))), rowHi = min(CellCode.rows - 1, Int((north + 90).rounded(.down)))
        let colLo = Int((lon - mLon + 180).rounded(.down)), colHi = Int((lon + mLon + 180).rounded(.down))
        for row in rowLo...rowHi {
            for c in colLo...colHi {
                let wrapped = ((c % 360) + 360) % 360
                let shift = Double(c - wrapped)   // multiple of 360: puts the cell next to the point
                visit(top[row * CellCode.columns + wrapped], Double(wrapped - 180), Double(row - 90), 1, shift)
            }
        }
        guard let b = best else { return nil }
        let km = Geometry2D.haversineKm(lat, lon, b.y, b.x)
        return km <= maxKm ? (b.state, km) : nil
    }
}
