@testable import HometownClustering
import HometownCore
import Testing

/// The grid path (NeighbourGrid, isolated-entry skip, parallel tree builds) must give exactly what
/// supercluster's own KD-tree walk gives: every level, every entry, bit for bit, in the same order.
@Suite struct NeighbourGridTests {
    static func points(_ kind: String, seed: UInt64, count: Int) -> [ClusterPoint] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { i in
            switch kind {
            case "uniform":
                return ClusterPoint(longitude: rng.unit() * 360 - 180, latitude: rng.unit() * 170 - 85)
            case "duplicates":   // dense stacks of identical points, and a few strays
                return i % 10 == 0 ? ClusterPoint(longitude: rng.unit() * 360 - 180, latitude: rng.unit() * 170 - 85)
                                   : ClusterPoint(longitude: Double(i % 3) * 0.001, latitude: 51.5)
            case "antimeridian": // both sides of 180° and near the poles (clamped by Mercator)
                return ClusterPoint(longitude: (rng.unit() < 0.5 ? 179 : -180) + rng.unit(),
                                    latitude: (rng.unit() < 0.5 ? -1 : 1) * (80 + rng.unit() * 10))
            default:             // clustered: towns of Gaussian-ish spread
                let town = Double(Int(rng.unit() * 40))
                return ClusterPoint(longitude: -120 + town * 5 + (rng.unit() - 0.5) * 0.2,
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
            let fast = try ClusterIndex(points: pts, options: options, neighbours: .grid)
            let reference = try ClusterIndex(points: pts, options: options, neighbours: .tree)
            for z in options.minZoom...(options.maxZoom + 1) {
                let a = try #require(fast.levels[z]?.nodes), b = try #require(reference.levels[z]?.nodes)
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
