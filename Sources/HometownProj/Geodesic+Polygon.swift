import HometownCore

extension Geodesic {
    /// Area and perimeter of a polygon with holes: the first ring is the outer boundary, the others are holes.
    ///
    /// Each ring is a list of vertices in any orientation, closed or not (a last vertex equal to the first is
    /// dropped); edges are geodesics. A ring is taken as the smaller of the two regions it bounds, so a polygon
    /// larger than half the ellipsoid is not supported. The holes' areas are subtracted from the outer ring's.
    /// - Returns: area in square metres (0 or more) and perimeter in metres: the length of every ring, holes
    ///   included.
    /// - Throws: `ProjError.invalidGeodesicInput` for no rings, a ring with fewer than 3 vertices (not counting the
    ///   closing one), or holes that together cover more than the outer ring (they cannot all lie inside it, as
    ///   GeoJSON's holes must). A hole that lies outside the outer ring but is smaller is not detected.
    public func polygonArea(rings: [[Coordinate]]) throws -> (area: Double, perimeter: Double) {
        guard let outer = rings.first else { throw ProjError.invalidGeodesicInput("a polygon needs an outer ring") }
        func ring(_ k: Int, _ r: [Coordinate]) throws -> (area: Double, perimeter: Double) {
            do { return try polygonArea(Self.open(r)) } catch ProjError.invalidGeodesicInput(let why) {
                throw ProjError.invalidGeodesicInput("ring \(k + 1) (\(k == 0 ? "outer" : "hole")): \(why)")
            }
        }
        let o = try ring(0, outer)
        var area = o.area
        var perimeter = o.perimeter
        for (k, hole) in rings.enumerated().dropFirst() {
            let h = try ring(k, hole)
            area -= h.area
            perimeter += h.perimeter
        }
        guard area >= 0 else {
            throw ProjError.invalidGeodesicInput(
                "the holes cover more than the outer ring (\(JSONWriter.number(o.area)) m²): a hole must lie inside it")
        }
        return (area, perimeter)
    }

    /// The ring without its closing vertex (GeoJSON rings repeat the first vertex at the end).
    static func open(_ ring: [Coordinate]) -> [Coordinate] {
        guard ring.count > 1, let first = ring.first, let last = ring.last,
            first.latitude == last.latitude, first.longitude == last.longitude
        else { return ring }
        return Array(ring.dropLast())
    }
}
