import Foundation

/// The area of a ring of longitude/latitude degrees on a sphere, for ranking lakes by size.
///
/// The sum over the edges of (λ2 − λ1)(2 + sin φ1 + sin φ2) times R²/2: the area between each edge and the south
/// pole, with the edges taken as lines of constant slope in (λ, sin φ) (Chamberlain and Duquette, "Some algorithms
/// for polygons on a sphere", JPL, 2007). Within a fraction of a percent of the ellipsoidal area for lakes.
enum SphericalArea {
    /// The mean Earth radius in metres (IUGG).
    static let radius = 6_371_008.8

    /// The signed area in square kilometres: positive when the ring runs clockwise (a shapefile shell), negative
    /// when counter-clockwise (a shapefile hole). The closing vertex may be repeated or not.
    static func squareKilometres(_ ring: [(Double, Double)]) -> Double {
        let n = ring.count
        guard n >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<n {
            let (lon1, lat1) = ring[i]
            let (lon2, lat2) = ring[(i + 1) % n]
            s += (lon2 - lon1) * .pi / 180 * (2 + sin(lat1 * .pi / 180) + sin(lat2 * .pi / 180))
        }
        return s * radius * radius / 2 / 1e6
    }
}
