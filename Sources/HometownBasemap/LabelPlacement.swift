/// The names placed at one zoom (`LabelPlacer`), indexed by the 256-pixel tiles their boxes meet, and the
/// questions a map asks of them: which labels meet tile z/x/y (z at this zoom or deeper), and which lie wholly
/// inside a view.
///
/// Immutable and `Sendable`: one instance serves any number of threads.
public struct LabelPlacement: Sendable {
    /// The zoom the labels were placed at.
    public let zoom: Int
    /// In rank order.
    public let labels: [MapLabel]
    /// Radius of a city's dot in pixels (part of a label's footprint).
    public let dotRadius: Double
    /// Per tile (`y * 2^zoom + x`), the labels whose footprint meets it, in rank order.
    private let tiles: [Int: [Int32]]

    public init(zoom: Int, labels: [MapLabel], dotRadius: Double) {
        self.zoom = zoom
        self.labels = labels
        self.dotRadius = dotRadius
        let n = 1 << zoom
        var tiles: [Int: [Int32]] = [:]
        for (i, l) in labels.enumerated() {
            let b = l.footprint(dotRadius: dotRadius).offset(l.x, l.y)
            let x0 = Int((b.minX / 256).rounded(.down))
            let x1 = Int((b.maxX / 256).rounded(.down))
            let y0 = max(0, Int((b.minY / 256).rounded(.down)))
            let y1 = min(n - 1, Int((b.maxY / 256).rounded(.down)))
            guard y0 <= y1 else { continue }
            var columns = Set<Int>()
            for x in x0...min(x1, x0 + n - 1) { columns.insert(((x % n) + n) % n) }
            for y in y0...y1 {
                for x in columns { tiles[y * n + x, default: []].append(Int32(i)) }
            }
        }
        self.tiles = tiles
    }

    /// About how many bytes the placement holds (for cache budgets): each label's record, and its name and id
    /// where they are too long to be stored inline (over 15 bytes of UTF-8); each tile's list.
    public var approximateBytes: Int {
        func heap(_ s: String) -> Int { s.utf8.count > 15 ? 32 + s.utf8.count : 0 }
        let records = labels.reduce(0) { $0 + MemoryLayout<MapLabel>.stride + heap($1.name) + heap($1.id) }
        return records + tiles.values.reduce(0) { $0 + 64 + 4 * $1.count }
    }

    /// The labels whose footprint meets tile `z`/`x`/`y` (256-pixel tiles; `z` >= `zoom`, x and y in
    /// 0..<2^z), in rank order. Deeper than the placement's zoom, points are 2^(z - zoom) times farther apart
    /// and boxes keep their size in pixels.
    public func labels(meetingTile z: Int, x: Int, y: Int) -> [MapLabel] {
        guard z >= zoom, z - zoom < 40 else { return [] }
        let shift = z - zoom
        let parent = (y >> shift) * (1 << zoom) + (x >> shift)
        guard let list = tiles[parent] else { return [] }
        let scale = Double(1 << shift)
        let world = 256 * Double(1 << zoom) * scale
        let tile = PixelBox(minX: 0, minY: 0, maxX: 256, maxY: 256)
        return list.compactMap { i in
            let l = labels[Int(i)]
            // The point relative to the tile's corner, on the world copy nearest the tile's centre (at zoom 0 the
            // tile is the whole world: every point is on it).
            var dx = l.x * scale - Double(x) * 256
            dx -= ((dx - 128) / world).rounded() * world
            let dy = l.y * scale - Double(y) * 256
            return l.footprint(dotRadius: dotRadius).offset(dx, dy).overlaps(tile) ? l : nil
        }
    }

    /// The labels wholly inside `frame` (a view at this zoom or deeper, `unitsPerPixel` drawing units to the
    /// pixel), each with its point in the frame's units on the world copy nearest the frame's centre.
    public func labels(inside frame: MapFrame, unitsPerPixel u: Double) -> [(label: MapLabel, x: Double, y: Double)] {
        let bounds = PixelBox(minX: 0, minY: 0, maxX: frame.width, maxY: frame.height)
        var out: [(label: MapLabel, x: Double, y: Double)] = []
        for l in labels {
            var p = frame.position(latitude: l.latitude, longitude: l.longitude)
            let centre = frame.width / 2
            p.x -= ((p.x - centre) / frame.worldSize).rounded() * frame.worldSize
            let box = l.footprint(dotRadius: dotRadius).scaled(u).offset(p.x, p.y)
            if bounds.contains(box) { out.append((l, p.x, p.y)) }
        }
        return out
    }
}
