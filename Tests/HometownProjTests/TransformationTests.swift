import Foundation
import HometownCore
import Testing

@testable import HometownProj

@Suite struct TransformationTests {
    @Test func wgs84ToWebMercatorKnownValue() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        let (x, y) = try t.transform(x: -122.3321, y: 47.6062)  // lon, lat after normalisation
        // Spherical Mercator on the WGS84 semi-major axis: x = R·λ, y = R·ln(tan(π/4 + φ/2)).
        let r = 6_378_137.0
        let lam = -122.3321 * Double.pi / 180
        let phi = 47.6062 * Double.pi / 180
        #expect(abs(x - r * lam) < 1e-6)
        #expect(abs(y - r * log(tan(Double.pi / 4 + phi / 2))) < 1e-6)
        let back = try t.inverse(x: x, y: y)
        #expect(abs(back.x - -122.3321) < 1e-9 && abs(back.y - 47.6062) < 1e-9)
    }

    @Test func batchMatchesSinglePointsAndRoundTrips() throws {
        let t = try Transformation(from: .epsg(4326), to: CRS("EPSG:32633"))  // UTM 33N
        var rng = UInt64(7)
        func r() -> Double {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(rng >> 11) / Double(1 << 53)
        }
        var xs = (0..<1000).map { _ in 12 + r() * 6 }
        var ys = (0..<1000).map { _ in r() * 80 }
        let ox = xs
        let oy = ys
        try t.transform(xs: &xs, ys: &ys)
        for i in stride(from: 0, to: 1000, by: 97) {
            let s = try t.transform(x: ox[i], y: oy[i])
            #expect(s.x == xs[i] && s.y == ys[i])
        }
        try t.transform(xs: &xs, ys: &ys, inverse: true)
        for i in 0..<1000 { #expect(abs(xs[i] - ox[i]) < 1e-8 && abs(ys[i] - oy[i]) < 1e-8) }
    }

    /// The reason is PROJ's logged line, not its error code's text ("Unknown error (code 4096)").
    @Test func unknownCRSIsAnErrorWithPROJsReason() {
        #expect(
            throws: ProjError.invalidCRS(source: "EPSG:999999", target: CRS.wgs84.definition, reason: "crs not found")
        ) {
            try Transformation(from: CRS("EPSG:999999"), to: .wgs84)
        }
        let e = #expect(throws: ProjError.self) { try Transformation(from: .wgs84, to: CRS("+proj=nonsense")) }
        #expect(e?.description.contains("Unknown projection") == true, "\(String(describing: e))")
    }

    /// A CRS given by name must be that name: PROJ alone takes "foo" as Amersfoort and "bar" as Barbados 1938.
    /// Names PROJ writes otherwise only in case and spacing are taken, and so is every code and PROJ string.
    @Test func aNameMatchedOnlyLooselyIsRefused() throws {
        let e = #expect(throws: ProjError.self) { try Transformation(from: CRS("foo"), to: .webMercator) }
        #expect(
            e
                == .invalidCRS(
                    source: "foo", target: "EPSG:3857",
                    reason:
                        "'foo' is not the name of a CRS; PROJ's nearest is 'Amersfoort' (EPSG:4289): give a code, or a name as PROJ writes it"
                ), "\(String(describing: e))")
        #expect(throws: ProjError.self) { try Transformation(from: .wgs84, to: CRS("bar")) }
        let named = try Transformation(from: CRS("wgs84"), to: CRS("WGS 84 / Pseudo-Mercator"))
        let coded = try Transformation(from: .wgs84, to: .webMercator)
        let a = try named.transform(x: -93.26, y: 44.97)
        let b = try coded.transform(x: -93.26, y: 44.97)
        #expect(a.x == b.x && a.y == b.y)
        #expect(throws: ProjError.self) { try Transformation(from: CRS("no such crs at all"), to: .wgs84) }
    }

    /// PROJ's lines stay per context and bounded: each failure gives its own reason, not an earlier one's.
    @Test func eachFailureGivesItsOwnReason() {
        for _ in 0..<3 {
            let unknown = #expect(throws: ProjError.self) { try Transformation(from: CRS("EPSG:999999"), to: .wgs84) }
            #expect(unknown?.description.hasSuffix(": crs not found") == true, "\(String(describing: unknown))")
            let nonsense = #expect(throws: ProjError.self) {
                try Transformation(from: CRS("+proj=nonsense"), to: .wgs84)
            }
            #expect(nonsense?.description.contains("crs not found") == false, "\(String(describing: nonsense))")
        }
    }

    @Test func pointOutsideTheDomainIsAnError() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        #expect(throws: ProjError.self) { try t.transform(x: 0, y: 91) }
    }

    @Test func mismatchedBatchLengthsAreAnError() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        var a = [1.0, 2.0]
        var b = [1.0]
        #expect(throws: ProjError.lengthMismatch(2, 1)) { try t.transform(xs: &a, ys: &b) }
    }

    @Test func cacheCreatesEachTransformationOnce() throws {
        let cache = TransformationCache()
        let a = try cache.transformation(from: .wgs84, to: .webMercator)
        let b = try cache.transformation(from: .wgs84, to: .webMercator)
        #expect(a === b && cache.count == 1)
    }
}

@Suite struct GeodesicTests {
    @Test func distanceParisNewYork() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let ny = try Coordinate(latitude: 40.7128, longitude: -74.0060)
        let d = Geodesic.wgs84.distance(paris, ny)
        // Karney's geodesic on WGS84: 5852.9 km; the sphere (haversine, R = 6371 km) gives 5837 km.
        #expect(abs(d / 1000 - 5852.9) < 0.5)
        #expect(abs(Geodesic.wgs84.distance(ny, paris) - d) < 1e-6)
    }

    @Test func directThenInverseRoundTrips() throws {
        let start = try Coordinate(latitude: -33.9, longitude: 151.2)
        let end = Geodesic.wgs84.destination(from: start, azimuth: 63, distance: 1_234_567)
        let inv = Geodesic.wgs84.inverse(start, end)
        #expect(abs(inv.distance - 1_234_567) < 1e-3)
        #expect(abs(inv.initialAzimuth - 63) < 1e-9)
    }

    @Test func areaOfOneDegreeCellAtEquator() throws {
        let ring = try [(0.0, 0.0), (0, 1), (1, 1), (1, 0)].map { try Coordinate(latitude: $0.0, longitude: $0.1) }
        let (area, perimeter) = try Geodesic.wgs84.polygonArea(ring)
        #expect(abs(area / 1e6 - 12_308.8) < 1)  // km²
        #expect(perimeter > 440_000 && perimeter < 445_000)
        #expect(throws: ProjError.self) { try Geodesic.wgs84.polygonArea(Array(ring.prefix(2))) }
    }
}
