import HometownCore
import HometownTestSupport
import Testing

@testable import HometownBoundaries

#if canImport(Glibc)
    import Glibc
#endif

/// The per-state k-d trees of places (`CityTreeLayout`, `CityIndex`) against a scan of every place of the
/// state with the same rule, and the layout's invariants as the builder wrote them.
@Suite(.onComputeThreads) struct CityTreeTests {
    let g = Fixtures.geocoder

    /// Each state's places, from the city table (not from the trees).
    static let placesByState: [[Int]] = {
        let g = Fixtures.geocoder
        var lists = [[Int]](repeating: [], count: g.stateCount)
        for i in 0..<g.cityCount where g.cities.u32[4 * i + 3] != UInt32.max {
            lists[Int(g.cities.u32[4 * i + 3])].append(i)
        }
        return lists
    }()

    /// The city rule by brute force: every place of the state, distances as squared chords between the unit
    /// vectors of `CityTreeLayout` (the same numbers the tree compares), ties as documented on `CityIndex`.
    func bruteForce(state: Int, latitude: Double, longitude: Double) -> (index: Int, km: Double)? {
        let q = CityTreeLayout.unitVector(latitude: latitude, longitude: longitude)
        var nearest = (d2: CityIndex.maxSearchChord2, city: -1)
        var urban = (pop: -1, d2: 0.0, city: -1)
        for c in CityTreeTests.placesByState[state] {
            let v = CityTreeLayout.unitVector(latitude: g.cities.f64[2 * c], longitude: g.cities.f64[2 * c + 1])
            let d2 = (q.x - v.x) * (q.x - v.x) + (q.y - v.y) * (q.y - v.y) + (q.z - v.z) * (q.z - v.z)
            let pop = Int(g.cities.u32[4 * c + 2])
            if d2 < nearest.d2 || (d2 == nearest.d2 && c < nearest.city) { nearest = (d2, c) }
            if d2 <= CityTreeLayout.chordSquared(km: CityTreeLayout.urbanRadiusKm(population: pop)),
                pop > urban.pop || (pop == urban.pop && (d2 < urban.d2 || (d2 == urban.d2 && c < urban.city)))
            {
                urban = (pop, d2, c)
            }
        }
        if urban.city >= 0 { return (urban.city, CityTreeLayout.kilometres(chordSquared: urban.d2)) }
        if nearest.city >= 0 { return (nearest.city, CityTreeLayout.kilometres(chordSquared: nearest.d2)) }
        return nil
    }

    func expectSameAsScan(_ points: [(Double, Double)], state fixed: Int? = nil) -> Int {
        var checked = 0
        for (lat, lon) in points {
            guard let s = fixed ?? g.stateIndex(latitude: lat, longitude: lon) else { continue }
            let tree = g.cities.city(for: s, latitude: lat, longitude: lon)
            let scan = bruteForce(state: s, latitude: lat, longitude: lon)
            #expect(
                tree?.index == scan?.index && tree?.km == scan?.km,
                "(\(lat), \(lon)) in state \(s): tree \(String(describing: tree)), scan \(String(describing: scan))")
            checked += 1
        }
        return checked
    }

    @Test func treeAgreesWithAScanOnRandomLandPoints() {
        var rng = SeededRandom(seed: 7)
        var points: [(Double, Double)] = []
        for _ in 0..<60_000 { points.append((asin(2 * rng.unit() - 1) * 180 / .pi, rng.unit() * 360 - 180)) }
        #expect(expectSameAsScan(points) > 15_000)
    }

    /// Points within 0 to 30 km of random places: the urban radii decide here, and ties between places a
    /// few metres apart.
    @Test func treeAgreesWithAScanNearPlaces() {
        var rng = SeededRandom(seed: 11)
        var points: [(Double, Double)] = []
        for _ in 0..<20_000 {
            let c = Int(rng.next() % UInt64(g.cityCount))
            let km = 30 * rng.unit() * rng.unit()
            let bearing = 2 * Double.pi * rng.unit()
            let lat = g.cities.f64[2 * c] + km / 111.195 * cos(bearing)
            let lon = g.cities.f64[2 * c + 1] + km / 111.195 * sin(bearing) / max(0.05, cos(lat * .pi / 180))
            guard abs(lat) <= 90 else { continue }
            points.append((lat, lon >= 180 ? lon - 360 : (lon < -180 ? lon + 360 : lon)))
        }
        #expect(expectSameAsScan(points) > 15_000)
    }

    /// The at-sea answers search the nearest state's tree from outside the state: the same rule holds there.
    @Test func treeAgreesWithAScanFromOutsideTheState() {
        var rng = SeededRandom(seed: 13)
        var points: [(Double, Double)] = []
        for _ in 0..<3_000 { points.append((rng.unit() * 140 - 70, rng.unit() * 360 - 180)) }
        let states = [0, g.stateCount / 3, g.stateCount / 2, g.stateCount - 1]
        for s in states { #expect(expectSameAsScan(points, state: s) == points.count) }
    }

    /// The builder's layout: every place with a state in its state's tree once; each split entry's axis orders
    /// its range; each range's middle holds the range's largest urban chord; vectors and radii as documented.
    @Test func layoutInvariants() {
        let c = g.cities
        let base = c.header
        let f = CityTreeLayout.f64PerEntry
        for s in 0..<g.stateCount {
            let first = Int(c.byState[s])
            let end = Int(c.byState[s + 1])
            let cities = (first..<end).map { Int(c.byState[$0] & CityTreeLayout.cityMask) }
            #expect(cities.sorted() == CityTreeTests.placesByState[s], "state \(s)")
            for k in first..<end {
                let city = Int(c.byState[k] & CityTreeLayout.cityMask)
                let j = f * (k - base)
                let v = CityTreeLayout.unitVector(latitude: c.f64[2 * city], longitude: c.f64[2 * city + 1])
                #expect(c.xyz[j] == v.x && c.xyz[j + 1] == v.y && c.xyz[j + 2] == v.z)
                #expect(
                    c.xyz[j + 3]
                        == CityTreeLayout.chordSquared(
                            km: CityTreeLayout.urbanRadiusKm(population: Int(c.u32[4 * city + 2]))))
            }
            var ranges = end > first ? [(first, end - 1)] : []
            while let (lo, hi) = ranges.popLast() {
                let m = (lo + hi) >> 1
                let maxUrban = (lo...hi).map { c.xyz[f * ($0 - base) + 3] }.max()!
                #expect(c.xyz[f * (m - base) + 4] == maxUrban, "state \(s) range \(lo)...\(hi)")
                if hi - lo < CityTreeLayout.nodeSize { continue }
                let axis = Int(c.byState[m] >> CityTreeLayout.axisShift)
                let split = c.xyz[f * (m - base) + axis]
                #expect((lo..<m).allSatisfy { c.xyz[f * ($0 - base) + axis] <= split })
                #expect(((m + 1)...hi).allSatisfy { c.xyz[f * ($0 - base) + axis] >= split })
                ranges += [(lo, m - 1), (m + 1, hi)]
            }
        }
    }

    /// Within [-45, 45] degrees both sides take the same radian argument, so they agree to about an ulp;
    /// farther out the C library works on `x * pi / 180` rounded to a Double (an error of up to an ulp of the
    /// radian value, 9e-16 at 400 degrees), while the reduction here is exact in degrees.
    @Test func sinCosMatchesTheCLibrary() {
        var inner = 0.0
        var outer = 0.0
        var x = -400.0
        while x <= 400 {
            let r = CityTreeLayout.sinCos(degrees: x)
            let e = max(abs(r.sin - sin(x * .pi / 180)), abs(r.cos - cos(x * .pi / 180)))
            if abs(x) <= 45 { inner = max(inner, e) } else { outer = max(outer, e) }
            x += 0.0137
        }
        #expect(inner < 3e-16)
        #expect(outer < 2e-15)
        #expect(CityTreeLayout.sinCos(degrees: 90) == (1, 0) && CityTreeLayout.sinCos(degrees: -180).cos == -1)
        #expect(CityTreeLayout.sinCos(degrees: .nan).sin.isNaN)
    }
}
