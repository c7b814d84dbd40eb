import Foundation
import HometownBoundaries
import HometownGEOS

/// Builds the lookup index: one-degree cells, split into quadrants where state borders are complex, leaves
/// holding the state pieces clipped to the leaf with full-precision coordinates.
struct CellIndexBuilder {
    /// A leaf may hold at most this many edges before it is split...
    let maxEdgesPerLeaf: Int
    /// ...unless it is already this many halvings below one degree.
    let maxDepth: Int
    /// Sea cells farther than this from land (in degrees of latitude, with longitude scaled) are "deep".
    let coastalMarginDegrees: Double

    /// A sea cell is halved while part of it may be farther than the margin from land, down to this many
    /// halvings below one degree (1/8 degree, about 14 km), so that points out there are "deep" at once.
    let maxSeaDepth = 3

    var top: [UInt32] = []
    var nodes: [UInt32] = []
    /// The states, their STRtree and prepared geometries, for the distance-to-land tests.
    private var states: [BuiltState] = []
    private var tree: STRtree? = nil
    private var prepared: [Int: PreparedGeometry] = [:]
    var leafData: [Double] = []  // leaf records, see LeafLayout
    var stats: [String: Int] = [:]

    init(maxEdgesPerLeaf: Int = 32, maxDepth: Int = 9, coastalMarginDegrees: Double = 0.21) {
        self.maxEdgesPerLeaf = maxEdgesPerLeaf
        self.maxDepth = maxDepth
        self.coastalMarginDegrees = coastalMarginDegrees
    }

    typealias Piece = (state: Int, geometry: Geometry)

    mutating func build(states: [BuiltState], context: GEOSContext) throws {
        top = [UInt32](repeating: CellCode.deepSea, count: CellCode.columns * CellCode.rows)
        let tree = try STRtree(context: context)
        for (i, s) in states.enumerated() { try tree.insert(s.geometry, item: i) }
        self.states = states
        self.tree = tree
        // 10-degree blocks first, so that each state is clipped to a block once, then blocks to cells.
        for blockRow in 0..<18 {
            for blockCol in 0..<36 {
                let bx = Double(blockCol * 10 - 180)
                let by = Double(blockRow * 10 - 90)
                var blockPieces: [Piece] = []
                for s in try tree.query(minX: bx, minY: by, maxX: bx + 10, maxY: by + 10) {
                    let g = try states[s].geometry.clip(minX: bx, minY: by, maxX: bx + 10, maxY: by + 10)
                    if let clean = try CellIndexBuilder.areal(g, context) { blockPieces.append((s, clean)) }
                }
                for r in 0..<10 {
                    for c in 0..<10 {
                        let x0 = bx + Double(c)
                        let y0 = by + Double(r)
                        var pieces: [Piece] = []
                        for p in blockPieces {
                            let g = try p.geometry.clip(minX: x0, minY: y0, maxX: x0 + 1, maxY: y0 + 1)
                            if let clean = try CellIndexBuilder.areal(g, context) { pieces.append((p.state, clean)) }
                        }
                        let index = (blockRow * 10 + r) * CellCode.columns + blockCol * 10 + c
                        if pieces.isEmpty {
                            top[index] = try seaCell(x0: x0, y0: y0, size: 1, depth: 0, context: context)
                            stats[
                                CellCode.kind(top[index]) == CellCode.deepSea ? "top-deep-sea" : "top-coastal-sea",
                                default: 0] += 1
                        } else {
                            top[index] = try cell(x0: x0, y0: y0, size: 1, pieces: pieces, depth: 0, context: context)
                        }
                    }
                }
            }
        }
    }

    /// The polygonal part of a clip result, or nil when nothing areal is left.
    static func areal(_ g: Geometry, _ context: GEOSContext) throws -> Geometry? {
        if try g.isEmpty() { return nil }
        let polys = try g.polygons().filter { abs(StateCatalog.ringArea($0[0])) > 0 }
        if polys.isEmpty { return nil }
        let t = try g.typeName()
        if t == "Polygon" || t == "MultiPolygon" { return g }
        return try Geometry(multiPolygon: polys, context: context)
    }

    private mutating func cell(x0: Double, y0: Double, size: Double, pieces: [Piece], depth: Int, context: GEOSContext)
        throws -> UInt32
    {
        if pieces.isEmpty {
            stats["sea-quadrants", default: 0] += 1
            return try seaCell(x0: x0, y0: y0, size: size, depth: depth, context: context)
        }
        var extracted: [(state: Int, rings: [[(Double, Double)]])] = []
        var edges = 0
        for p in pieces {
            let rings = try p.geometry.polygons().flatMap { $0 }
            edges += rings.reduce(0) { $0 + $1.count - 1 }
            extracted.append((p.state, rings))
        }
        // Wholly inside one state: a single ring whose vertices all lie on the cell border and whose area is the
        // cell's (a thin strip along the border also has all its vertices there, but not the area).
        if pieces.count == 1, extracted[0].rings.count == 1,
            extracted[0].rings[0].allSatisfy({ $0.0 == x0 || $0.0 == x0 + size || $0.1 == y0 || $0.1 == y0 + size }),
            abs(abs(StateCatalog.ringArea(extracted[0].rings[0])) - size * size) <= 1e-9 * size * size
        {
            stats["full", default: 0] += 1
            return CellCode.make(CellCode.full, pieces[0].state)
        }
        if edges <= maxEdgesPerLeaf || depth >= maxDepth {
            stats["leaves", default: 0] += 1
            stats["leaf-edges", default: 0] += edges
            let offset = leafData.count
            leafData.append(Double(extracted.count))
            for e in extracted.sorted(by: { $0.state < $1.state }) {
                var minX = Double.infinity
                var minY = Double.infinity
                var maxX = -Double.infinity
                var maxY = -Double.infinity
                for r in e.rings {
                    for (x, y) in r {
                        minX = min(minX, x)
                        minY = min(minY, y)
                        maxX = max(maxX, x)
                        maxY = max(maxY, y)
                    }
                }
                let length = LeafLayout.pieceHeader + e.rings.reduce(0) { $0 + 1 + 2 * $1.count }
                leafData += [Double(e.state), Double(e.rings.count), Double(length), minX, minY, maxX, maxY]
                for r in e.rings {
                    leafData.append(Double(r.count))
                    for (x, y) in r {
                        leafData.append(x)
                        leafData.append(y)
                    }
                }
            }
            precondition(leafData.count < Int(CellCode.payloadMask))
            return CellCode.make(CellCode.leaf, offset)
        }
        let half = size / 2
        let slot = nodes.count / 4
        nodes += [0, 0, 0, 0]
        let quads = [(x0, y0), (x0 + half, y0), (x0, y0 + half), (x0 + half, y0 + half)]
        for (k, (qx, qy)) in quads.enumerated() {
            var sub: [Piece] = []
            for p in pieces {
                let g = try p.geometry.clip(minX: qx, minY: qy, maxX: qx + half, maxY: qy + half)
                if let clean = try CellIndexBuilder.areal(g, context) { sub.append((p.state, clean)) }
            }
            nodes[slot * 4 + k] = try cell(x0: qx, y0: qy, size: half, pieces: sub, depth: depth + 1, context: context)
        }
        stats["nodes", default: 0] += 1
        return CellCode.make(CellCode.node, slot)
    }

    /// A cell with no land in it: deep sea when no state lies within the margin of it; otherwise coastal sea,
    /// or, above `maxSeaDepth`, a node whose quadrants are classified the same way (a node only where they
    /// differ).
    private mutating func seaCell(x0: Double, y0: Double, size: Double, depth: Int, context: GEOSContext) throws
        -> UInt32
    {
        guard try nearLand(x0: x0, y0: y0, size: size, context: context) else {
            if depth > 0 { stats["deep-sea-quadrants", default: 0] += 1 }
            return CellCode.deepSea
        }
        let coastal = CellCode.make(CellCode.coastalSea, 0)
        if depth >= maxSeaDepth { return coastal }
        let half = size / 2
        var codes: [UInt32] = []
        for (qx, qy) in [(x0, y0), (x0 + half, y0), (x0, y0 + half), (x0 + half, y0 + half)] {
            codes.append(try seaCell(x0: qx, y0: qy, size: half, depth: depth + 1, context: context))
        }
        if codes.allSatisfy({ $0 == coastal }) { return coastal }
        let slot = nodes.count / 4
        nodes += codes
        precondition(nodes.count / 4 < Int(CellCode.payloadMask))
        stats["sea-nodes", default: 0] += 1
        return CellCode.make(CellCode.node, slot)
    }

    /// True when some state lies within the coastal margin of the cell [x0, x0+size] x [y0, y0+size].
    private mutating func nearLand(x0: Double, y0: Double, size: Double, context: GEOSContext) throws -> Bool {
        guard let tree else { return true }
        let m = coastalMarginDegrees
        let maxLat = min(89.9, max(abs(y0 - m), abs(y0 + size + m)))
        // Within the margin of a pole, land at any longitude may be near (across the pole).
        let nearPole = y0 + size + m >= 90 || y0 - m <= -90
        let mLon = nearPole ? 180 : min(180, m / cos(maxLat * .pi / 180))
        var parts: [(Double, Double, Double, Double)] = []
        let w = x0 - mLon
        let e = x0 + size + mLon
        let s = max(-90, y0 - m)
        let n = min(90, y0 + size + m)
        parts.append((max(-180, w), s, min(180, e), n))
        if w < -180 { parts.append((w + 360, s, 180, n)) }
        if e > 180 { parts.append((-180, s, e - 360, n)) }
        for (a, b, c, d) in parts {
            let rect = try Geometry(polygonRings: [[(a, b), (c, b), (c, d), (a, d)]], context: context)
            for i in try tree.query(minX: a, minY: b, maxX: c, maxY: d) {
                if prepared[i] == nil { prepared[i] = try states[i].geometry.prepared() }
                if try prepared[i]!.intersects(rect) { return true }
            }
        }
        return false
    }
}
