import HometownViewport

/// Rings stored flat for drawing: every vertex projected once to Web Mercator world units (0...1; x east from
/// 180° W, y south from 85.05° N), the rings back to back, each with its box. The layout the drawn layers share:
/// the states' rings (`BoundaryMap`), the land's outline (`LandOutline`) and the lakes (`WaterMap`).
///
/// Immutable; `WorldCopy` tests the boxes against a frame, `BoundaryMap.Scratch` reads a ring's vertices.
struct WorldRings: Sendable {
    /// Vertices in world units, ring after ring (a ring's closing vertex is not repeated).
    let xs: [Double]
    let ys: [Double]
    /// Per ring: its first vertex and its vertex count.
    let start: [Int32]
    let length: [Int32]
    /// Per ring: minX, minY, maxX, maxY in world units.
    let boxes: [Double]

    /// Projects the vertices (longitudes and latitudes in degrees; latitudes beyond ±85.05° are clamped) and
    /// boxes the rings they form.
    /// - Parameters:
    ///   - start, length: per ring, its first vertex in `lons`/`lats` and its vertex count.
    init(lons: [Double], lats: [Double], start: [Int32], length: [Int32]) {
        var xs = [Double](repeating: 0, count: lons.count)
        var ys = xs
        for i in lons.indices {
            xs[i] = WebMercator.worldX(longitude: lons[i])
            ys[i] = WebMercator.worldY(latitude: lats[i])
        }
        var boxes = [Double](repeating: 0, count: 4 * start.count)
        for r in start.indices {
            var minX = Double.infinity
            var minY = Double.infinity
            var maxX = -Double.infinity
            var maxY = -Double.infinity
            for i in WorldRings.vertices(r, start: start, length: length) {
                minX = min(minX, xs[i])
                maxX = max(maxX, xs[i])
                minY = min(minY, ys[i])
                maxY = max(maxY, ys[i])
            }
            boxes[4 * r] = minX
            boxes[4 * r + 1] = minY
            boxes[4 * r + 2] = maxX
            boxes[4 * r + 3] = maxY
        }
        self.xs = xs
        self.ys = ys
        self.start = start
        self.length = length
        self.boxes = boxes
    }

    /// Number of rings.
    var count: Int { start.count }

    /// The indices of ring `r`'s vertices in `xs` and `ys`.
    func vertices(_ r: Int) -> Range<Int> { WorldRings.vertices(r, start: start, length: length) }

    private static func vertices(_ r: Int, start: [Int32], length: [Int32]) -> Range<Int> {
        Int(start[r])..<(Int(start[r]) + Int(length[r]))
    }
}
