/// The boxes placed so far at one zoom, bucketed in square cells, for the question "does this box come nearer
/// than the spacing to any of them?". The world wraps east-west: a box near 180° meets boxes near -180°.
struct LabelGrid {
    /// Pixels across the world at this zoom.
    let worldWidth: Double
    /// Side of a cell in pixels.
    let cell: Double
    private let columns: Int
    private var cells: [Int: [PixelBox]] = [:]

    init(worldWidth: Double, cell: Double = 64) {
        self.worldWidth = worldWidth
        self.cell = cell
        columns = max(1, Int((worldWidth / cell).rounded(.up)))
    }

    /// The cell keys a box (x in any world copy) touches.
    private func keys(_ b: PixelBox) -> [Int] {
        let c0 = Int((b.minX / cell).rounded(.down))
        let c1 = Int((b.maxX / cell).rounded(.down))
        let r0 = Int((b.minY / cell).rounded(.down))
        let r1 = Int((b.maxY / cell).rounded(.down))
        var out: [Int] = []
        // A box wider than the world (not expected) touches every column once.
        let span = min(c1 - c0, columns - 1)
        for r in r0...r1 {
            for c in c0...(c0 + span) {
                let col = ((c % columns) + columns) % columns
                out.append(r * columns + col)
            }
        }
        return out
    }

    /// Whether `b` overlaps a box placed before (in any copy of the world).
    func collides(_ query: PixelBox) -> Bool {
        let b = query.offset(-(query.minX / worldWidth).rounded(.down) * worldWidth, 0)
        for k in keys(b) {
            guard let list = cells[k] else { continue }
            for o in list {
                for shift in [0, -worldWidth, worldWidth] where b.overlaps(o.offset(shift, 0)) { return true }
            }
        }
        return false
    }

    /// Adds a box; its x is first brought into the world's first copy.
    mutating func insert(_ b: PixelBox) {
        var box = b
        let copies = (box.minX / worldWidth).rounded(.down)
        box = box.offset(-copies * worldWidth, 0)
        var seen = Set<Int>()
        for k in keys(box) where seen.insert(k).inserted { cells[k, default: []].append(box) }
    }
}
