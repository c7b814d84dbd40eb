#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-state k-d trees of places (sections STCITIES and STCXYZ), shared by the data builder, which lays
/// them out, and `CityIndex`, which searches them.
///
/// STCITIES starts with `stateCount + 1` offsets (absolute positions in STCITIES); state `s` owns the entries
/// `offsets[s] ..< offsets[s + 1]`. Each entry is `city | axis << 30`. The entries of one state form an
/// implicit k-d tree, as in kdbush: a range `lo...hi` of more than `nodeSize` entries has its splitting entry
/// at `m = (lo + hi) / 2`, whose `axis` (0 x, 1 y, 2 z: the axis along which the range's points spread most)
/// orders the range: entries `lo..<m` are no greater along it, `m+1...hi` no smaller. Ranges of at most
/// `nodeSize` entries are scanned; their axis bits are 0.
///
/// STCXYZ has five Float64 per entry, in the same order: the place's unit vector (x, y, z), the squared chord
/// of its urban radius, and, at the middle entry `(lo + hi) / 2` of every range of the tree (split or scanned),
/// the largest squared urban chord in that range (0 at other entries; every entry is the middle of at most one
/// range). Distances are compared as squared chords between unit vectors, which order points exactly as
/// great-circle distances do, with no trigonometry per candidate; the range maximum lets a search skip ranges
/// that can hold neither a nearer place nor one whose urban radius reaches the point.
package enum CityTreeLayout {
    package static let nodeSize = 16
    package static let axisShift: UInt32 = 30
    package static let cityMask: UInt32 = (1 << 30) - 1
    package static let f64PerEntry = 5

    /// The unit vector of (latitude, longitude) in degrees: x towards (0, 0), y towards (0, 90E), z north.
    /// Uses `sinCos(degrees:)`, so the builder and the search compute the same vector for the same place.
    @inline(__always)
    package static func unitVector(latitude: Double, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let la = sinCos(degrees: latitude)
        let lo = sinCos(degrees: longitude)
        return (la.cos * lo.cos, la.cos * lo.sin, la.sin)
    }

    /// Sine and cosine of an angle in degrees (|degrees| <= 360 or so), within about 2 units in the last place
    /// of the C library's: the angle is reduced exactly to [-45, 45] degrees by the nearest multiple of 90,
    /// then both come from their Taylor series to the 15th and 16th power (truncation error below 1e-16 on
    /// [-pi/4, pi/4]). Plain multiplications and additions, so every machine gives the same bits; about five
    /// times faster than two calls into libm here.
    @inline(__always)
    package static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.magnitude < 1e9 else { return (.nan, .nan) }  // also NaN: no trap in Int(q) below
        let q = (degrees / 90).rounded()
        let x = (degrees - 90 * q) * (Double.pi / 180)
        let x2 = x * x
        var s = -1.0 / 1_307_674_368_000  // -1/15!
        s = s * x2 + 1.0 / 6_227_020_800  // 1/13!
        s = s * x2 - 1.0 / 39_916_800  // -1/11!
        s = s * x2 + 1.0 / 362_880  // 1/9!
        s = s * x2 - 1.0 / 5_040  // -1/7!
        s = s * x2 + 1.0 / 120
        s = s * x2 - 1.0 / 6
        s = x + x * x2 * s
        var c = 1.0 / 20_922_789_888_000  // 1/16!
        c = c * x2 - 1.0 / 87_178_291_200  // -1/14!
        c = c * x2 + 1.0 / 479_001_600  // 1/12!
        c = c * x2 - 1.0 / 3_628_800  // -1/10!
        c = c * x2 + 1.0 / 40_320  // 1/8!
        c = c * x2 - 1.0 / 720
        c = c * x2 + 1.0 / 24
        c = c * x2 - 0.5
        c = 1 + x2 * c
        switch Int(q) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// A place's urban radius in km (see `CityIndex` for the rule it serves).
    @inline(__always)
    package static func urbanRadiusKm(population: Int) -> Double {
        min(maxUrbanRadiusKm, 0.25 * (Double(population) / 1000).squareRoot())
    }

    /// The largest urban radius, km.
    package static let maxUrbanRadiusKm = 25.0

    /// The squared chord between two unit vectors whose great-circle distance is `km`.
    package static func chordSquared(km: Double) -> Double {
        let c = 2 * sin(min(Double.pi, km / Geometry2D.earthRadiusKm) / 2)
        return c * c
    }

    /// The great-circle distance in km for a squared chord.
    @inline(__always)
    package static func kilometres(chordSquared c2: Double) -> Double {
        2 * Geometry2D.earthRadiusKm * asin(min(1, c2.squareRoot() / 2))
    }
}
