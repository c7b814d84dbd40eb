import HometownCore
import HometownGEOS
import HometownTestSupport
import Testing

@testable import HometownBoundaries

/// The state found by the cell index is the one GEOS prepared containment finds on the same polygons
/// (the full-detail polygons stored in the data file, from which the index was cut).
@Suite(.serialized, .onComputeThreads) struct ExactnessTests {
    final class Oracle {
        let ctx: GEOSContext
        let tree: STRtree
        var prepared: [PreparedGeometry?]
        let geoms: [Geometry]
        init(_ g: ReverseGeocoder) throws {
            ctx = try GEOSContext()
            tree = try STRtree(context: ctx)
            var gs: [Geometry] = []
            for i in 0..<g.stateCount {
                let geom = try Geometry(multiPolygon: try g.statePolygons(i), context: ctx)
                gs.append(geom)
                try tree.insert(geom, item: i)
            }
            geoms = gs
            prepared = [PreparedGeometry?](repeating: nil, count: gs.count)
        }
        /// Every state whose polygon contains the point (normally zero or one).
        func states(lat: Double, lon: Double) throws -> [Int] {
            let pt = try Geometry(pointX: lon, y: lat, context: ctx)
            var out: [Int] = []
            for i in tree.query(pt) {
                if prepared[i] == nil { prepared[i] = try geoms[i].prepared() }
                if try prepared[i]!.contains(x: lon, y: lat) { out.append(i) }
            }
            return out
        }
    }

    func check(_ lats: [Double], _ lons: [Double]) throws -> (checked: Int, mismatches: [String]) {
        let g = Fixtures.geocoder
        let ours = g.stateIndices(latitudes: lats, longitudes: lons)
        // GEOS objects are not shared between threads: each test makes its own oracle.
        let oracle = try Oracle(g)
        var bad: [String] = []
        for i in lats.indices {
            let truth = try oracle.states(lat: lats[i], lon: lons[i])
            let mine = ours[i] >= 0 ? Int(ours[i]) : nil
            let ok = truth.isEmpty ? mine == nil : (mine.map { truth.contains($0) } ?? false)
            if !ok && bad.count < 20 {
                bad.append("(\(lats[i]), \(lons[i])): index \(String(describing: mine)), GEOS \(truth)")
            }
        }
        return (lats.count, bad)
    }

    @Test func oneMillionSeededRandomPoints() throws {
        var rng = SeededRandom(seed: 2026)
        var lats: [Double] = []
        var lons: [Double] = []
        for _ in 0..<1_000_000 {
            // Uniform on the sphere, so that land is sampled in proportion to its area.
            lats.append(asin(2 * rng.unit() - 1) * 180 / .pi)
            lons.append(rng.unit() * 360 - 180)
        }
        let r = try check(lats, lons)
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
    }

    @Test func pointsWithinOneKilometreOfBorders() throws {
        let g = Fixtures.geocoder
        var rng = SeededRandom(seed: 7)
        var lats: [Double] = []
        var lons: [Double] = []
        var polys: [[[(Double, Double)]]] = []
        for i in 0..<g.stateCount { polys.append(contentsOf: try g.statePolygons(i)) }
        let rings = polys.flatMap { $0 }.filter { $0.count > 3 }
        while lats.count < 100_000 {
            let ring = rings[Int(rng.next() % UInt64(rings.count))]
            let k = Int(rng.next() % UInt64(ring.count - 1))
            let t = rng.unit()
            let x = ring[k].0 + t * (ring[k + 1].0 - ring[k].0)
            let y = ring[k].1 + t * (ring[k + 1].1 - ring[k].1)
            // Up to 1 km away in a random direction.
            let d = rng.unit() * 1.0 / 111.195
            let a = rng.unit() * 2 * .pi
            let lat = y + d * sin(a)
            let lon = x + d * cos(a) / max(0.01, cos(y * .pi / 180))
            guard lat > -90, lat < 90, lon >= -180, lon < 180 else { continue }
            lats.append(lat)
            lons.append(lon)
        }
        let r = try check(lats, lons)
        #expect(r.mismatches.isEmpty, "\(r.mismatches)")
    }
}
#if canImport(Glibc)
    import Glibc
#endif
