extension BoundaryMap {
    /// The boundaries inside `frame`, simplified to its unit: every vertex is rounded to whole units, and vertices
    /// that then coincide with their predecessor, or lie on a straight line between their neighbours, are
    /// dropped. Because the rounding is the same for every ring, two states that share a border still share it
    /// exactly after simplification (no slivers or gaps between them). Rings and lines are clipped to the frame
    /// plus its buffer. Each shared border is listed once.
    /// - Parameters:
    ///   - frame: what to draw, and at which detail.
    ///   - includeStates: whether to list borders between states of one country.
    /// - Complexity: linear in the vertices of the rings whose boxes meet the frame; no C library is called.
    public func draw(_ frame: MapFrame, includeStates: Bool, tolerance: Double = 1) -> BoundaryDrawing {
        var out = BoundaryDrawing()
        var ring = Scratch()
        let useOutline = frame.worldSize < BoundaryMap.outlineBelowWorldSize
        for copy in WorldCopy.all(in: frame) {
            // At small scales, land and coasts from the land's outline (no tiny state rings); at large scales from
            // the states' rings that meet the frame (the outline's loops are whole continents).
            for r in 0..<land.loops.count where useOutline && copy.meets(land.loops, r) {
                ring.load(land.loops, r, copy: copy, key: { Int64(land.edges[$0]) }, info: { land.edges[$0] })
                ring.simplify(tolerance)
                guard ring.pts.count >= 3 else { continue }
                let inside = copy.holds(land.loops, r)
                let flat = BoundaryMap.landRing(ring.pts, clip: inside ? nil : copy.clip)
                if flat.count >= 6, BoundaryMap.area(flat) >= 1 { out.land.append(flat) }
                appendLines(
                    ring.pts, ring.info, clip: inside ? nil : copy.clip,
                    kind: { e in
                        e == EdgeClass.coast.rawValue ? .coast : nil
                    }, to: &out)
            }
            // Borders between countries and states from the states' rings, each shared edge once.
            for r in 0..<rings.count where copy.meets(rings, r) {
                ring.load(rings, r, copy: copy, key: { self.key($0) }, info: { self.edges[$0] })
                ring.simplify(tolerance)
                guard ring.pts.count >= 2 else { continue }
                let inside = copy.holds(rings, r)
                if !useOutline, ring.pts.count >= 3 {
                    let flat = BoundaryMap.landRing(ring.pts, clip: inside ? nil : copy.clip)
                    if flat.count >= 6 { out.land.append(flat) }
                }
                appendLines(
                    ring.pts, ring.info, clip: inside ? nil : copy.clip,
                    kind: { e in
                        guard e & EdgeFlags.repeated == 0, let c = EdgeClass(rawValue: e & EdgeFlags.classMask) else {
                            return nil
                        }
                        if c == .coast { return useOutline ? nil : .coast }
                        return c == .border || (c == .state && includeStates) ? c : nil
                    }, to: &out)
            }
        }
        return out
    }

    /// Frames whose world is smaller than this many units (zoom 5 of 512-unit tiles) fill the land from its
    /// outline; larger ones from the states' rings.
    public static let outlineBelowWorldSize = 512.0 * 32

    /// One ring being drawn: rounded vertices, each with its outgoing edge's run key and drawing info.
    struct Scratch {
        var pts: [(Int32, Int32)] = []
        var keys: [Int64] = []
        var info: [UInt8] = []

        /// Places the vertices of ring `r` of `rings` in `copy` of the world, rounds them to whole frame units and
        /// drops each vertex equal to the one before. `key` and `edgeInfo` are asked by vertex index in `rings`.
        mutating func load(
            _ rings: WorldRings, _ r: Int, copy: WorldCopy, key: (Int) -> Int64, info edgeInfo: (Int) -> UInt8
        ) {
            pts.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            info.removeAll(keepingCapacity: true)
            let (xs, ys) = (rings.xs, rings.ys)
            for i in rings.vertices(r) {
                let q = (
                    Int32((xs[i] * copy.world + copy.shift).rounded()),
                    Int32((ys[i] * copy.world - copy.originY).rounded())
                )
                if let last = pts.last, last == q {
                    // The edge into this vertex vanished; the merged vertex keeps the next edge's key and info.
                    keys[keys.count - 1] = key(i)
                    info[info.count - 1] = edgeInfo(i)
                    continue
                }
                pts.append(q)
                keys.append(key(i))
                info.append(edgeInfo(i))
            }
            while pts.count > 1, pts[pts.count - 1] == pts[0] {
                pts.removeLast()
                keys.removeLast()
                info.removeLast()
            }
        }

        /// Keeps the vertices `RingSimplifier` keeps.
        mutating func simplify(_ tolerance: Double) {
            guard tolerance > 0, pts.count > 3 else { return }
            let keep = RingSimplifier.keep(pts, keys: keys, tolerance: tolerance)
            var w = 0
            for k in pts.indices where keep[k] {
                pts[w] = pts[k]
                info[w] = info[k]
                keys[w] = keys[k]
                w += 1
            }
            pts.removeLast(pts.count - w)
            info.removeLast(info.count - w)
            keys.removeLast(keys.count - w)
        }
    }

    /// A ring clipped to `clip` (nil: it lies inside) and flattened (see `flatten`).
    static func landRing(_ pts: [(Int32, Int32)], clip: ClipRect?) -> [Int32] {
        guard let clip else { return flatten(pts, closed: true) }
        return flatten(rounded(clip.clip(ring: pts.map { (Double($0.0), Double($0.1)) })), closed: true)
    }

    /// Twice the absolute area of a flat ring, in square units.
    static func area(_ flat: [Int32]) -> Int64 {
        let n = flat.count / 2
        var s: Int64 = 0
        for i in 0..<n {
            let j = (i + 1) % n
            s += Int64(flat[2 * i]) * Int64(flat[2 * j + 1]) - Int64(flat[2 * j]) * Int64(flat[2 * i + 1])
        }
        return abs(s)
    }

    /// What must stay the same along a run of edges that is simplified as one: the state across the edge, and
    /// whether the edge is a cut (never stroked).
    private func key(_ i: Int) -> Int64 {
        Int64(neighbours[i]) << 8 | Int64(edges[i] & EdgeFlags.classMask)
    }

    /// Splits a ring's edges into runs of one drawable class (`kind` of each edge's info; nil: not drawn) and
    /// appends each run, clipped, to its list.
    private func appendLines(
        _ pts: [(Int32, Int32)], _ info: [UInt8], clip: ClipRect?, kind classOf: (UInt8) -> EdgeClass?,
        to out: inout BoundaryDrawing
    ) {
        let n = pts.count
        guard n >= 2 else { return }
        func kind(_ k: Int) -> EdgeClass? { classOf(info[k]) }
        // Start where the class changes, so that a run is not split at the ring's first vertex.
        var start = 0
        for k in 0..<n where kind(k) != kind((k + n - 1) % n) {
            start = k
            break
        }
        var run: [(Int32, Int32)] = []
        var runKind: EdgeClass?
        func flush() {
            if let c = runKind, run.count >= 2 {
                for piece in BoundaryMap.clipLine(run, clip) {
                    let flat = BoundaryMap.flatten(piece, closed: false)
                    guard flat.count >= 4 else { continue }
                    switch c {
                    case .coast: out.coasts.append(flat)
                    case .border: out.borders.append(flat)
                    case .state: out.states.append(flat)
                    case .hidden: break
                    }
                }
            }
            run.removeAll(keepingCapacity: true)
        }
        for step in 0..<n {
            let k = (start + step) % n
            let c = kind(k)
            if c != runKind {
                flush()
                runKind = c
            }
            if c != nil {
                if run.isEmpty { run.append(pts[k]) }
                run.append(pts[(k + 1) % n])
            }
        }
        flush()
    }

    /// The parts of a polyline inside `clip` (the whole line when `clip` is nil).
    static func clipLine(_ line: [(Int32, Int32)], _ clip: ClipRect?) -> [[(Int32, Int32)]] {
        guard let clip else { return [line] }
        var pieces: [[(Int32, Int32)]] = []
        var current: [(Double, Double)] = []
        for k in 1..<line.count {
            let a = (Double(line[k - 1].0), Double(line[k - 1].1))
            let b = (Double(line[k].0), Double(line[k].1))
            guard let (p, q) = clip.clip(segment: a, b) else {
                if !current.isEmpty {
                    pieces.append(rounded(current))
                    current = []
                }
                continue
            }
            if let last = current.last, last != p {
                pieces.append(rounded(current))
                current = []
            }
            if current.isEmpty { current.append(p) }
            current.append(q)
            if q != b {
                pieces.append(rounded(current))
                current = []
            }
        }
        if !current.isEmpty { pieces.append(rounded(current)) }
        return pieces
    }

    static func rounded(_ pts: [(Double, Double)]) -> [(Int32, Int32)] {
        pts.map { (Int32($0.0.rounded()), Int32($0.1.rounded())) }
    }

    /// `[x0, y0, x1, y1, ...]` without repeated vertices or vertices on a straight line between their neighbours
    /// (for a closed ring, also across its start).
    static func flatten(_ pts: [(Int32, Int32)], closed: Bool) -> [Int32] {
        var kept: [(Int32, Int32)] = []
        kept.reserveCapacity(pts.count)
        func straight(_ a: (Int32, Int32), _ b: (Int32, Int32), _ c: (Int32, Int32)) -> Bool {
            let cross = Int64(b.0 - a.0) * Int64(c.1 - b.1) - Int64(b.1 - a.1) * Int64(c.0 - b.0)
            let dot = Int64(b.0 - a.0) * Int64(c.0 - b.0) + Int64(b.1 - a.1) * Int64(c.1 - b.1)
            return cross == 0 && dot > 0
        }
        for p in pts {
            if let last = kept.last, last == p { continue }
            if kept.count >= 2, straight(kept[kept.count - 2], kept[kept.count - 1], p) {
                kept[kept.count - 1] = p
                continue
            }
            kept.append(p)
        }
        if closed {
            while kept.count > 1, kept[kept.count - 1] == kept[0] { kept.removeLast() }
            while kept.count >= 3, straight(kept[kept.count - 2], kept[kept.count - 1], kept[0]) { kept.removeLast() }
            while kept.count >= 3, straight(kept[kept.count - 1], kept[0], kept[1]) { kept.removeFirst() }
            if kept.count < 3 { return [] }
        }
        var flat: [Int32] = []
        flat.reserveCapacity(2 * kept.count)
        for p in kept {
            flat.append(p.0)
            flat.append(p.1)
        }
        return flat
    }
}
