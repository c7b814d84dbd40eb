import HometownCore
import HometownTestSupport
import Testing

@testable import HometownClustering

/// The grid path (NeighbourGrid, isolated-entry skip, parallel tree builds) must give exactly what
/// supercluster's own KD-tree walk gives: every level, every entry, bit for bit, in the same order.
@Suite(.onComputeThreads) struct NeighbourGridTests {
    static func points(_ kind: String, seed: UInt64, count: Int) -> [ClusterPoint] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { i in
            switch kind {
            case "uniform":
                return ClusterPoint(uncheckedLongitude: rng.unit() * 360 - 180, latitude: rng.unit() * 170 - 85)
            case "duplicates":  // dense stacks of identical points, and a few strays
                return i % 10 == 0
                    ? ClusterPoint(uncheckedLongitude: rng.unit() * 360 - 180, latitude: rng.unit() * 170 - 85)
                    : ClusterPoint(uncheckedLongitude: Double(i % 3) * 0.001, latitude: 51.5)
            case "antimeridian":  // both sides of 180° and near the poles (clamped by Mercator)
                return ClusterPoint(
                    uncheckedLongitude: (rng.unit() < 0.5 ? 179 : -180) + rng.unit(),
                    latitude: (rng.unit() < 0.5 ? -1 : 1) * (80 + rng.unit() * 10))
            default:  // clustered: towns of Gaussian-ish spread
                let town = Double(Int(rng.unit() * 40))
                return ClusterPoint(
                    uncheckedLongitude: -120 + town * 5 + (rng.unit() - 0.5) * 0.2,
                    latitude: -40 + town * 2 + (rng.unit() - 0.5) * 0.2)
            }
        }
    }

    @Test(arguments: ["uniform", "duplicates", "antimeridian", "towns"])
    func gridMatchesTheTreeWalk(kind: String) throws {
        for (seed, count, minPoints) in [(1 as UInt64, 20_000, 2), (2, 60_000, 2), (3, 30_000, 5)] {
            let pts = NeighbourGridTests.points(kind, seed: seed, count: count).map { Optional($0) }
            var options = ClusterOptions()
            options.minPoints = minPoints
            let fast = try ClusterIndex(points: pts, options: options)
            let reference = try ClusterIndex(treeReference: pts, options: options)
            for z in options.minZoom...(options.maxZoom + 1) {
                let a = try #require(fast.levels[z]?.nodes)
                let b = try #require(reference.levels[z]?.nodes)
                #expect(a.count == b.count, "\(kind) seed \(seed) zoom \(z)")
                guard a.count == b.count else { continue }
                let same = zip(a, b).allSatisfy {
                    $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern && $0.id == $1.id
                        && $0.count == $1.count && $0.parent == $1.parent
                }
                #expect(same, "\(kind) seed \(seed) zoom \(z): entries differ")
            }
            #expect(fast.clusterBounds == reference.clusterBounds)
        }
    }
}

/// Large inputs take the other fast path: the input level's tree is built on another thread while the input
/// level is clustered without the tree's order, which is fetched only for a merge whose sums could round
/// differently in another order. Still bit for bit supercluster's own walk.
@Suite(.onComputeThreads) struct DeferredTreeTests {
    /// Points just east of the antimeridian: a third a few double-precision steps from it (unit Mercator x a
    /// multiple of 2^-54), the rest up to 15 degrees east (x up to 0.04). Clustered at zoom 0 only, thousands
    /// at a time, their x sums pass 0.5 and stop being exact: the order of the additions matters.
    static func edgePoints(count: Int, seed: UInt64) -> [ClusterPoint] {
        var rng = SeededRandom(seed: seed)
        let step = 2.842170943040401e-14  // the spacing of doubles near -180
        return (0..<count).map { i in
            let lat = rng.unit() * 120 - 60
            if i % 3 == 0 {
                return ClusterPoint(uncheckedLongitude: -180 + Double(1 + rng.next() % 1_000) * step, latitude: lat)
            }
            return ClusterPoint(uncheckedLongitude: -180 + rng.unit() * 15, latitude: lat)
        }
    }

    @Test func edgePointsNeedTheOrder() {
        // The edge test below can only catch a wrong order if sums of such points really depend on it.
        let xs = DeferredTreeTests.edgePoints(count: 3_000, seed: 5).map {
            UnitMercator.fround(UnitMercator.x(longitude: $0.longitude))
        }
        let forward = xs.reduce(0, +)
        let backward = xs.reversed().reduce(0, +)
        #expect(forward != backward)
        #expect(
            GridPass.granuleExponent(xs[0]) <= -54 && GridPass.granuleExponent(0.75) == -2
                && GridPass.granuleExponent(3) == 0
                && GridPass.granuleExponent(0) == .max && GridPass.granuleExponent(.infinity) == .min)
    }

    @Test(arguments: ["uniform", "duplicates", "edge", "gaps"])
    func deferredTreeMatchesTheTreeWalk(kind: String) throws {
        let count = ClusterIndex.deferredTreeMinimum + 4_464
        // "gaps": every seventh point has no position (a feature without geometry), so the input level's two
        // halves start at uneven offsets.
        let pts: [ClusterPoint?] =
            kind == "edge"
            ? DeferredTreeTests.edgePoints(count: count, seed: 9)
            : NeighbourGridTests.points(kind == "gaps" ? "uniform" : kind, seed: 11, count: count).enumerated()
                .map { kind == "gaps" && $0.offset % 7 == 3 ? nil : $0.element }
        var options = ClusterOptions()
        options.maxZoom = kind == "edge" ? 0 : 8
        let fast = try ClusterIndex(points: pts, options: options)
        let reference = try ClusterIndex(treeReference: pts, options: options)
        // Uniform and stacked points never need the tree's order; the edge points do (and get it).
        #expect(fast.inputLevelWaitedForTree == (kind == "edge"))
        for z in options.minZoom...(options.maxZoom + 1) {
            let a = try #require(fast.levels[z]?.nodes)
            let b = try #require(reference.levels[z]?.nodes)
            #expect(a.count == b.count, "\(kind) zoom \(z)")
            guard a.count == b.count else { continue }
            let differing = zip(a, b).filter {
                !($0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern && $0.id == $1.id
                    && $0.count == $1.count && $0.parent == $1.parent)
            }.count
            #expect(differing == 0, "\(kind) zoom \(z): \(differing) entries differ")
            // The trees serve queries: the same order too.
            let ta = try #require(fast.levels[z]?.tree)
            let tb = try #require(reference.levels[z]?.tree)
            #expect(ta.ids == tb.ids, "\(kind) zoom \(z): tree order differs")
        }
        #expect(fast.clusterBounds == reference.clusterBounds)
    }

    @Test func aBadPointInTheSecondHalfIsNamed() throws {
        var pts: [ClusterPoint?] = NeighbourGridTests.points("uniform", seed: 3, count: 100_000)
        pts[10] = nil
        pts[80_000] = ClusterPoint(uncheckedLongitude: .nan, latitude: 1)
        pts[90_000] = ClusterPoint(uncheckedLongitude: 1, latitude: .infinity)
        let error = #expect(throws: ClusteringError.self) { try ClusterIndex(points: pts, options: ClusterOptions()) }
        guard case .invalidPoint(let index, let longitude, let latitude)? = error else {
            Issue.record("expected invalidPoint, got \(String(describing: error))")
            return
        }
        #expect(index == 80_000 && longitude.isNaN && latitude == 1)
    }
}
