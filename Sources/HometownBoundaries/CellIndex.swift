import CPrefetch

/// The state lookup over the cell index (see `CellCode`): a view into the mapped data file, no copies.
/// Lookups allocate nothing and call no C function (a batch's prefetch hint is a compiler builtin).
struct CellIndex: @unchecked Sendable {
    let top: UnsafeBufferPointer<UInt32>
    let nodes: UnsafeBufferPointer<UInt32>
    /// Leaf records (see `LeafLayout`).
    let leafData: UnsafeBufferPointer<Double>
    let stateCount: Int

    init(file: DataFile, stateCount: Int) throws {
        top = try file.array(BoundariesLayout.gridTop)
        nodes = try file.array(BoundariesLayout.nodes)
        leafData = try file.array(BoundariesLayout.leafData)
        self.stateCount = stateCount
        guard top.count == CellCode.columns * CellCode.rows else {
            throw BoundariesError.dataFileCorrupted(
                path: file.path,
                detail:
                    "\(BoundariesLayout.gridTop) has \(top.count) cells, expected \(CellCode.columns * CellCode.rows)")
        }
        if let problem = Self.treeProblem(top: top, nodes: nodes) {
            throw BoundariesError.dataFileCorrupted(path: file.path, detail: problem)
        }
    }

    /// Why the nodes do not form trees under the top cells, or nil when they do: every node is named by at most one
    /// cell (a top cell or a node's quadrant). A damaged file can name a node again from below it, a loop that the
    /// nearest-state search, which may enter all four quadrants of every node down to `CellCode.maxDepth`, would
    /// walk for hours. One pass over NODES (the lookups read it anyway); a number out of range is left to the
    /// lookups, which read it as coastal sea.
    static func treeProblem(top: UnsafeBufferPointer<UInt32>, nodes: UnsafeBufferPointer<UInt32>) -> String? {
        var named = [Bool](repeating: false, count: nodes.count / 4)
        func claim(_ code: UInt32) -> Bool {
            guard CellCode.kind(code) == CellCode.node else { return true }
            let n = Int(CellCode.payload(code))
            guard n < named.count else { return true }
            if named[n] { return false }
            named[n] = true
            return true
        }
        for code in top where !claim(code) {
            return "\(BoundariesLayout.gridTop) names node \(CellCode.payload(code)) twice"
        }
        for (i, code) in nodes.enumerated() where !claim(code) {
            return "\(BoundariesLayout.nodes) names node \(CellCode.payload(code)) again (in node \(i / 4))"
        }
        return nil
    }

    /// Result of descending to the cell that holds a point.
    enum Hit {
        case state(Int)
        case sea(deep: Bool)
    }

    /// The state whose polygon contains (lat, lon), or sea. `lat` in [-90, 90], `lon` in [-180, 180).
    @inline(__always)
    func locate(latitude lat: Double, longitude lon: Double) -> Hit {
        resolve(cellCode(latitude: lat, longitude: lon), latitude: lat, longitude: lon)
    }

    /// The code of the smallest cell holding (lat, lon): full, leaf or sea, never a node (a node number out of
    /// range, or a chain of nodes deeper than `CellCode.maxDepth` in a damaged file, reads as coastal sea).
    @inline(__always)
    func cellCode(latitude lat: Double, longitude lon: Double) -> UInt32 {
        let (row, col) = CellCode.topCell(latitude: lat, longitude: lon)
        var code = top[row * CellCode.columns + col]
        var x0 = Double(col - 180)
        var y0 = Double(row - 90)
        var size = 1.0
        var depth = 0
        while CellCode.kind(code) == CellCode.node {
            depth += 1
            if depth > CellCode.maxDepth { return CellCode.make(CellCode.coastalSea, 0) }
            size *= 0.5
            let east = lon >= x0 + size
            let north = lat >= y0 + size
            if east { x0 += size }
            if north { y0 += size }
            let i = Int(CellCode.payload(code)) * 4 + (north ? 2 : 0) + (east ? 1 : 0)
            guard i < nodes.count else { return CellCode.make(CellCode.coastalSea, 0) }
            code = nodes[i]
        }
        return code
    }

    /// What the cell `code` (from `cellCode`) says about (lat, lon).
    @inline(__always)
    func resolve(_ code: UInt32, latitude lat: Double, longitude lon: Double) -> Hit {
        let payload = Int(CellCode.payload(code))
        switch CellCode.kind(code) {
        case CellCode.full:
            return payload < stateCount ? .state(payload) : .sea(deep: false)
        case CellCode.leaf:
            return leafLookup(payload, lat, lon)
        case CellCode.deepSea:
            return .sea(deep: true)
        default:
            return .sea(deep: false)
        }
    }

    /// Calls `body(i, code)` for every i in `range`, in order, with `code = cellCode(point i)`; meanwhile the
    /// cell of point i + 8 is found and, when it is a leaf, the first cache lines of its record are requested,
    /// so that the memory latency of one lookup overlaps the work on the points before it (on random points
    /// most of a lookup's time is waiting for its leaf).
    @inline(__always)
    func pipelined(
        _ range: Range<Int>, point: (Int) -> (latitude: Double, longitude: Double), _ body: (Int, UInt32) -> Void
    ) {
        let data = leafData
        @inline(__always) func look(_ j: Int) -> UInt32 {
            let p = point(j)
            let code = cellCode(latitude: p.latitude, longitude: p.longitude)
            if CellCode.kind(code) == CellCode.leaf, let base = data.baseAddress {
                let at = Int(CellCode.payload(code))
                if at + 24 < data.count {
                    hometown_prefetch(base + at)
                    hometown_prefetch(base + at + 8)
                    hometown_prefetch(base + at + 16)
                    hometown_prefetch(base + at + 24)
                }
            }
            return code
        }
        // The codes of the next eight points, in a ring indexed by the low three bits of the point number.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { ahead in
            for j in range.prefix(8) { ahead[j & 7] = look(j) }
            let split = max(range.lowerBound, range.upperBound - 8)
            for i in range.lowerBound..<split {
                let code = ahead[i & 7]
                ahead[i & 7] = look(i + 8)
                body(i, code)
            }
            for i in split..<range.upperBound { body(i, ahead[i & 7]) }
        }
    }

    /// Even-odd ray casting over each state piece of the leaf, in state order.
    @inline(__always)
    private func leafLookup(_ offset: Int, _ py: Double, _ px: Double) -> Hit {
        let data = leafData
        var pieces = LeafPieces(data: data, offset: offset)
        while let piece = pieces.next() {
            if px < piece.minX || py < piece.minY || px > piece.maxX || py > piece.maxY { continue }
            var inside = false
            var rings = LeafPieces.Rings(data: data, piece: piece)
            while let ring = rings.next() {
                var ax = data[ring.first]
                var ay = data[ring.first + 1]
                var k = ring.first + 2
                let end = ring.first + 2 * ring.count
                while k < end {
                    let bx = data[k]
                    let by = data[k + 1]
                    if (ay > py) != (by > py), px < (bx - ax) * (py - ay) / (by - ay) + ax { inside.toggle() }
                    ax = bx
                    ay = by
                    k += 2
                }
            }
            if inside && piece.state < stateCount { return .state(piece.state) }
        }
        return .sea(deep: false)
    }

    /// The nearest state within `maxKm` of a sea point, with the distance in km (see `NearestStateSearch`).
    func nearestState(latitude lat: Double, longitude lon: Double, maxKm: Double) -> (state: Int, km: Double)? {
        var search = NearestStateSearch(index: self, latitude: lat, longitude: lon, maxKm: maxKm)
        return search.run()
    }
}
