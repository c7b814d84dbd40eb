import HometownGEOS

/// The box (its longitudes the smallest arc, so it may cross 180°) and a representative point (GEOS
/// point-on-surface of the largest polygon, so it lies inside the main part, not at a centroid that can fall
/// outside) of a state or country.
enum PolygonExtent {
    static func of(_ polygons: [[[(Double, Double)]]], context: GEOSContext)
        throws -> (bbox: (west: Double, south: Double, east: Double, north: Double), point: (lon: Double, lat: Double))
    {
        guard var largest = polygons.first else { throw GEOSError.invalidInput("no polygon to measure") }
        var largestArea = -1.0
        var south = Double.infinity
        var north = -Double.infinity
        var intervals: [(Double, Double)] = []
        for p in polygons {
            let a = abs(StateCatalog.ringArea(p[0]))
            if a > largestArea {
                largestArea = a
                largest = p
            }
            let xs = p[0].map(\.0)
            let ys = p[0].map(\.1)
            intervals.append((xs.min()!, xs.max()!))
            south = min(south, ys.min()!)
            north = max(north, ys.max()!)
        }
        let pt = try Geometry(polygonRings: largest, context: context).pointOnSurface().pointXY()
        let cover = LongitudeCover.smallest(intervals)
        return ((cover.west, south, cover.east, north), (pt.x, pt.y))
    }
}
