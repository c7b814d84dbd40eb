/// The 32-bit cell codes of the lookup index. The top 3 bits are the kind, the low 29 bits its payload.
///
/// The world is a grid of 360 x 180 one-degree cells (row 0 = latitudes [-90, -89), column 0 = longitudes
/// [-180, -179)). A cell is either sea, wholly inside one state, or split into four quadrants (a node),
/// recursively, down to leaves that keep the pieces of the states clipped to the leaf's rectangle.
package enum CellCode {
    /// Sea with no land within the at-sea radius: answers "no country" at once.
    package static let deepSea: UInt32 = 0
    /// Wholly inside one state; payload = state index.
    package static let full: UInt32 = 1
    /// Split in four; payload = node index, children at nodes[4*i ..< 4*i+4] in order SW, SE, NW, NE.
    package static let node: UInt32 = 2
    /// A leaf with state pieces; payload = offset of its record in the leaf stream.
    package static let leaf: UInt32 = 3
    /// Sea that may be within the at-sea radius of land.
    package static let coastalSea: UInt32 = 4

    package static let payloadMask: UInt32 = (1 << 29) - 1

    @inline(__always) package static func kind(_ c: UInt32) -> UInt32 { c >> 29 }
    @inline(__always) package static func payload(_ c: UInt32) -> UInt32 { c & payloadMask }
    @inline(__always) package static func make(_ kind: UInt32, _ payload: Int) -> UInt32 {
        precondition(payload >= 0 && payload <= Int(payloadMask), "cell payload \(payload) out of range")
        return kind << 29 | UInt32(payload)
    }

    /// No chain of nodes is deeper than this (the builder stops at 9); readers stop here on a damaged file.
    package static let maxDepth = 24

    /// The one-degree cell (row, column) holding (lat, lon) in degrees; edges clamp into the grid.
    @inline(__always)
    package static func topCell(latitude lat: Double, longitude lon: Double) -> (row: Int, column: Int) {
        (min(rows - 1, max(0, Int(lat + 90))), min(columns - 1, max(0, Int(lon + 180))))
    }

    package static let columns = 360
    package static let rows = 180
}

/// Leaf records live in LEAFDATA, one Float64 stream, so that a leaf's counts, boxes and coordinates are
/// read together from consecutive memory (small whole numbers are stored exactly as Float64):
/// `pieceCount`, then per piece (in state order) `state, ringCount, pieceLength, minX, minY, maxX, maxY`
/// followed by its rings, each `vertexCount, x0, y0, x1, y1, ...` with the first vertex repeated last.
/// `pieceLength` counts the piece's numbers from its `state` to the end of its last ring, so a piece whose box
/// does not hold the point is stepped over without reading its rings. A leaf's code payload is the offset of
/// its `pieceCount`.
package enum LeafLayout {
    /// Numbers before a piece's first ring.
    package static let pieceHeader = 7
}
