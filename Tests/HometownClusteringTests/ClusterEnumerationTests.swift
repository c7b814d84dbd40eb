import HometownClustering
import Testing

/// `forEachCluster` and `Cluster.ordinal`: every cluster once, ordinals a dense range, and each cluster a query
/// returns, at any zoom, the one enumerated under its ordinal.
@Suite struct ClusterEnumerationTests {
    @Test(arguments: [(UInt64(11), 3_000, true), (UInt64(12), 2_000, false)])
    func everyClusterOnceUnderItsOrdinal(seed: UInt64, count: Int, clustered: Bool) throws {
        let index = try ClusterIndex(
            points: PropertyTests.randomPoints(seed: seed, count: count, clustered: clustered))
        var byOrdinal = [Cluster?](repeating: nil, count: index.clusterCount)
        var visits = 0
        index.forEachCluster { c in
            visits += 1
            #expect(byOrdinal[c.ordinal] == nil, "ordinal \(c.ordinal) visited twice")
            byOrdinal[c.ordinal] = c
        }
        #expect(index.clusterCount > 100)
        #expect(visits == index.clusterCount)
        var seenInQueries = Set<Int>()
        for zoom in 0...17 {
            for case .cluster(let c) in try index.clusters(
                west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
            {
                #expect(byOrdinal[c.ordinal] == c, "zoom \(zoom): cluster \(c.id)")
                seenInQueries.insert(c.ordinal)
            }
        }
        // A cluster exists only as the answer at some zoom: none is enumerated that no query returns.
        #expect(seenInQueries.count == index.clusterCount)
    }
}
