import Foundation

/// Spherical Web Mercator (EPSG:3857) on the WGS84 semi-major axis, in metres and in "world units"
/// (x, y in [0, 1], x east from longitude -180, y south from the north edge), the plane tile maps use.
public enum WebMercator {
    /// WGS84 semi-major axis in metres: EPSG:3857's sphere radius.
    public static let radius = 6_378_137.0
    /// The latitude (degrees) where the square Web Mercator world ends: atan(sinh(π)) ≈ 85.0511.
    public static let maxLatitude = 85.051_128_779_806_59

    /// Latitude clamped to ±`maxLatitude`.
    @inline(__always)
    public static func clampLatitude(_ lat: Double) -> Double { max(-maxLatitude, min(maxLatitude, lat)) }

    /// Longitude, latitude (degrees) to easting, northing (metres). Latitude is clamped to ±85.0511.
    public static func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let phi = clampLatitude(latitude) * Double.pi / 180
        return (radius * longitude * Double.pi / 180, radius * log(tan(Double.pi / 4 + phi / 2)))
    }

    /// Easting, northing (metres) to longitude, latitude (degrees).
    public static func unproject(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        (x / radius * 180 / Double.pi, (2 * atan(exp(y / radius)) - Double.pi / 2) * 180 / Double.pi)
    }

    /// Longitude (degrees) to world x in [0, 1] (for longitudes in [-180, 180]).
    @inline(__always)
    public static func worldX(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// Latitude (degrees, clamped to ±85.0511) to world y in [0, 1], 0 at the north edge.
    @inline(__always)
    public static func worldY(latitude: Double) -> Double {
        let phi = clampLatitude(latitude) * Double.pi / 180
        return 0.5 - log(tan(Double.pi / 4 + phi / 2)) / (2 * Double.pi)
    }

    /// World y in [0, 1] to latitude in degrees.
    @inline(__always)
    public static func latitude(worldY y: Double) -> Double {
        (2 * atan(exp((0.5 - y) * 2 * Double.pi)) - Double.pi / 2) * 180 / Double.pi
    }

    /// Width of the whole world in pixels at a (fractional) zoom: tileSize * 2^zoom.
    @inline(__always)
    public static func worldSize(zoom: Double, tileSize: Int) -> Double { Double(tileSize) * pow(2, zoom) }
}
