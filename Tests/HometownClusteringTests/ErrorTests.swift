import HometownClustering
import HometownCore
import Testing

@Suite struct ErrorTests {
    @Test func unknownClusterIds() throws {
        let index = try ClusterIndex(points: [
            ClusterPoint(uncheckedLongitude: 0, latitude: 0), ClusterPoint(uncheckedLongitude: 0, latitude: 0),
        ])
        for id in [-5, 0, 1, 2, 3, 999_999, Int.min, Int.min + 1, Int.max] {
            #expect(throws: ClusteringError.noSuchCluster(id)) { try index.children(of: id) }
            #expect(throws: ClusteringError.noSuchCluster(id)) { try index.expansionZoom(of: id) }
        }
    }

    @Test func nonFinitePointsAreRejected() {
        #expect(throws: ClusteringError.invalidPoint(index: 1, longitude: .infinity, latitude: 0)) {
            try ClusterIndex(points: [
                ClusterPoint(uncheckedLongitude: 0, latitude: 0),
                ClusterPoint(uncheckedLongitude: .infinity, latitude: 0),
            ])
        }
    }

    @Test(
        "bad options",
        arguments: [
            ClusterOptions(maxZoom: 31), ClusterOptions(minZoom: 5, maxZoom: 4), ClusterOptions(minPoints: 0),
            ClusterOptions(radius: 0), ClusterOptions(extent: -1), ClusterOptions(nodeSize: 0),
            ClusterOptions(extent: 1e19), ClusterOptions(extent: ClusterOptions.maxExtent * 2),
        ])
    func badOptions(options: ClusterOptions) {
        #expect(throws: ClusteringError.self) { try ClusterIndex(points: [], options: options) }
    }

    /// Extreme but valid numbers are answered, not trapped on: a zoom far outside the levels is the nearest level,
    /// a tiny radius makes no grid wider than the points ask for.
    @Test func extremeNumbersAreAnswered() throws {
        let points = [
            ClusterPoint(uncheckedLongitude: 0, latitude: 0), ClusterPoint(uncheckedLongitude: 1, latitude: 1),
        ]
        let index = try ClusterIndex(points: points)
        #expect(index.levelIndex(-1e20) == 0 && index.levelIndex(-.infinity) == 0 && index.levelIndex(.nan) == 0)
        #expect(index.levelIndex(1e20) == 17 && index.levelIndex(.infinity) == 17)
        #expect(try index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: -1e20).count == 1)
        let tiny = try ClusterIndex(points: points, options: ClusterOptions(radius: 1e-300))
        #expect(try tiny.clusters(west: -180, south: -90, east: 180, north: 90, zoom: 1).count == 2)
        // The largest extent, with a radius that takes in the world, at the deepest tile of either edge.
        let far = [
            ClusterPoint(uncheckedLongitude: 179.9, latitude: 85),
            ClusterPoint(uncheckedLongitude: -179.9, latitude: -85),
        ]
        let wide = try ClusterIndex(
            points: far, options: ClusterOptions(maxZoom: 30, radius: 1e300, extent: ClusterOptions.maxExtent))
        for (x, y) in [(0, 0), ((1 << 30) - 1, (1 << 30) - 1)] {
            #expect(try wide.tile(z: 30, x: x, y: y).features.count <= 4)
        }
    }

    @Test func badQueries() throws {
        let index = try ClusterIndex(points: [])
        #expect(throws: ClusteringError.self) { try index.clusters(west: .nan, south: 0, east: 1, north: 1, zoom: 0) }
        #expect(throws: ClusteringError.self) { try index.tile(z: 1, x: 2, y: 0) }
        #expect(throws: ClusteringError.self) { try index.tile(z: -1, x: 0, y: 0) }
    }

    @Test(
        "abbreviated counts",
        arguments: [
            (999, JSONValue.number(999)), (1000, .string("1k")), (1250, .string("1.3k")),
            (9_999, .string("10k")), (10_500, .string("11k")), (2_500_000, .string("2500k")),
        ])
    func abbreviation(count: Int, expected: JSONValue) {
        #expect(Cluster.abbreviate(count) == expected)
    }
}
