/// Small planar and spherical helpers for the run-time lookups (libm's sine, cosine and arcsine; no allocation).
enum Geometry2D {
    /// Mean Earth radius in km (IUGG).
    static let earthRadiusKm = 6371.0088
    static let kmPerDegreeLatitude = 111.195

    /// Great-circle distance in km on a sphere of radius `earthRadiusKm` (haversine).
    @inline(__always)
    static func haversineKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = Double.pi / 180
        let dLat = (lat2 - lat1) * r
        let dLon = (lon2 - lon1) * r
        let s1 = sinApprox(dLat / 2)
        let s2 = sinApprox(dLon / 2)
        let a = s1 * s1 + cosApprox(lat1 * r) * cosApprox(lat2 * r) * s2 * s2
        return 2 * earthRadiusKm * asinApprox(min(1, a.squareRoot()))
    }

    /// `haversineKm` with the cosine of the first latitude given (for many distances from one point).
    @inline(__always)
    static func haversineKm(_ lat1: Double, _ lon1: Double, cosLat1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = Double.pi / 180
        let dLat = (lat2 - lat1) * r
        let dLon = (lon2 - lon1) * r
        let s1 = sinApprox(dLat / 2)
        let s2 = sinApprox(dLon / 2)
        let a = s1 * s1 + cosLat1 * cosApprox(lat2 * r) * s2 * s2
        return 2 * earthRadiusKm * asinApprox(min(1, a.squareRoot()))
    }

    /// A lower bound of the great-circle distance between two latitudes, km (the meridian arc between them).
    @inline(__always)
    static func meridianKm(_ lat1: Double, _ lat2: Double) -> Double {
        abs(lat2 - lat1) * (Double.pi / 180) * earthRadiusKm
    }

    @inline(__always) static func sinApprox(_ x: Double) -> Double { _sin(x) }
    @inline(__always) static func cosApprox(_ x: Double) -> Double { _cos(x) }
    @inline(__always) static func asinApprox(_ x: Double) -> Double { _asin(x) }

    /// Squared distance from (px, py) to the segment (ax, ay)-(bx, by), and the nearest point on it.
    @inline(__always)
    static func segmentDistanceSquared(
        _ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double
    )
        -> (d2: Double, x: Double, y: Double)
    {
        let dx = bx - ax
        let dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
        t = max(0, min(1, t))
        let x = ax + t * dx
        let y = ay + t * dy
        return ((px - x) * (px - x) + (py - y) * (py - y), x, y)
    }
}

#if canImport(Glibc)
    import Glibc
    @inline(__always) func _sin(_ x: Double) -> Double { Glibc.sin(x) }
    @inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
    @inline(__always) func _asin(_ x: Double) -> Double { Glibc.asin(x) }
#elseif canImport(Darwin)
    import Darwin
    @inline(__always) func _sin(_ x: Double) -> Double { Darwin.sin(x) }
    @inline(__always) func _cos(_ x: Double) -> Double { Darwin.cos(x) }
    @inline(__always) func _asin(_ x: Double) -> Double { Darwin.asin(x) }
#endif
