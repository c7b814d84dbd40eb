import Foundation

/// Spherical Web Mercator scaled to the unit square, as supercluster uses it: x grows east from 0 at
/// longitude -180 to 1 at +180; y grows south from 0 at latitude ~85.0511 to 1 at ~-85.0511.
public enum UnitMercator {
    /// Longitude in degrees to x in [0, 1] (longitudes beyond ±180 give values beyond [0, 1]).
    @inline(__always)
    public static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// Latitude in degrees to y, clamped to [0, 1] (north is 0).
    @inline(__always)
    public static func y(latitude: Double) -> Double {
        let s = sin(latitude * Double.pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / Double.pi
        return y < 0 ? 0 : (y > 1 ? 1 : y)
    }

    /// x in unit Mercator back to a longitude in degrees.
    @inline(__always)
    public static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    /// y in unit Mercator back to a latitude in degrees.
    @inline(__always)
    public static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * Double.pi / 180
        return 360 * atan(exp(y2)) / Double.pi - 90
    }

    /// Rounds to the nearest single-precision value and back (JavaScript's `Math.fround`).
    @inline(__always)
    public static func fround(_ v: Double) -> Double { Double(Float(v)) }
}
