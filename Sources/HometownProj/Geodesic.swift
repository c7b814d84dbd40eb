import CPROJ
import HometownCore

/// Geodesics on an ellipsoid (Karney's algorithms, from PROJ's geodesic.h). Defaults to WGS84.
/// A plain value: safe to share between threads. PROJ is opened at the first geodesic (see `ProjSymbols`);
/// a program that cannot open it stops with the reason, so call `ProjLibrary.load()` first to refuse cleanly.
public struct Geodesic: Sendable {
    private let g: geod_geodesic
    /// Equatorial radius in metres and flattening.
    public let equatorialRadius: Double
    public let flattening: Double

    public init(equatorialRadius a: Double = 6_378_137, flattening f: Double = 1 / 298.257223563) {
        var g = geod_geodesic()
        ProjSymbols.required.geodInit(&g, a, f)
        self.g = g
        equatorialRadius = a
        flattening = f
    }

    /// The WGS84 ellipsoid.
    public static let wgs84 = Geodesic()

    /// Shortest path between two points.
    /// - Returns: distance in metres, initial azimuth at `a` and final azimuth at `b` in degrees clockwise from north.
    public func inverse(_ a: Coordinate, _ b: Coordinate) -> (
        distance: Double, initialAzimuth: Double, finalAzimuth: Double
    ) {
        var gg = g
        var s12 = 0.0
        var azi1 = 0.0
        var azi2 = 0.0
        ProjSymbols.required.geodInverse(&gg, a.latitude, a.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
        return (s12, azi1, azi2)
    }

    /// Distance in metres between two points.
    public func distance(_ a: Coordinate, _ b: Coordinate) -> Double { inverse(a, b).distance }

    /// The point reached from `start` going `distance` metres at `azimuth` degrees clockwise from north.
    public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        var gg = g
        var lat2 = 0.0
        var lon2 = 0.0
        var azi2 = 0.0
        ProjSymbols.required.geodDirect(&gg, start.latitude, start.longitude, azimuth, distance, &lat2, &lon2, &azi2)
        return Coordinate(uncheckedLatitude: lat2, longitude: Coordinate.wrapLongitude(lon2))
    }

    /// Area (square metres, positive) and perimeter (metres) of a polygon whose vertices are given in order,
    /// without repeating the first. Edges are geodesics.
    /// - Throws: `ProjError.invalidGeodesicInput` for fewer than 3 vertices.
    public func polygonArea(_ ring: [Coordinate]) throws -> (area: Double, perimeter: Double) {
        guard ring.count >= 3 else {
            throw ProjError.invalidGeodesicInput("a polygon needs at least 3 vertices, got \(ring.count)")
        }
        var gg = g
        var lats = ring.map(\.latitude)
        var lons = ring.map(\.longitude)
        var area = 0.0
        var perimeter = 0.0
        ProjSymbols.required.geodPolygonArea(&gg, &lats, &lons, Int32(ring.count), &area, &perimeter)
        return (abs(area), perimeter)
    }
}
