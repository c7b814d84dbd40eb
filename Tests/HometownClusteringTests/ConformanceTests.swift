import Foundation
import HometownClustering
import HometownCore
import Testing

/// Reproduces supercluster 8.0.1's own expectations on its `places.json` fixture.
@Suite struct ConformanceTests {
    static let places: [ClusterPoint?] = (try? FixtureLoader.places()) ?? []

    @Test("tile z0/0/0 matches supercluster exactly", arguments: [(2, "places-z0-0-0"), (5, "places-z0-0-0-min5")])
    func tileMatchesFixture(minPoints: Int, fixture: String) throws {
        #expect(Self.places.count == 163)
        var options = ClusterOptions()
        options.minPoints = minPoints
        let index = try ClusterIndex(points: Self.places, options: options)
        let expected = try FixtureLoader.tile(fixture)
        let actual = try index.tile(z: 0, x: 0, y: 0)
        #expect(actual.features.count == expected.features.count)
        for (i, (a, e)) in zip(actual.features, expected.features).enumerated() {
            #expect(a == e, "feature \(i)")
        }
        // And the JSON text round-trips to the same value.
        let reencoded = try JSONDecoder().decode(Tile.self, from: JSONEncoder().encode(actual))
        #expect(reencoded == expected)
    }

    @Test func childrenOfCluster() throws {
        let index = try ClusterIndex(points: Self.places)
        #expect(try index.children(of: 164).map(\.pointCount) == [6, 7, 2, 1])
    }

    @Test func leavesWithLimitAndOffset() throws {
        let index = try ClusterIndex(points: Self.places)
        let names = try index.leaves(of: 164, limit: 10, offset: 5).map {
            Self.places[$0]?.properties?["name"]?.stringValue
        }
        #expect(
            names == [
                "Niagara Falls", "Cape San Blas", "Cape Sable", "Cape Canaveral", "San  Salvador",
                "Cabo Gracias a Dios", "I. de Cozumel", "Grand Cayman", "Miquelon", "Cape Bauld",
            ])
    }

    @Test func generatedIds() throws {
        var options = ClusterOptions()
        options.generateId = true
        let index = try ClusterIndex(points: Self.places, options: options)
        let ids = try index.tile(z: 0, x: 0, y: 0).features.filter { $0.tags["cluster"] == nil }.map(\.id)
        #expect(
            ids == [12, 20, 21, 22, 24, 28, 30, 62, 81, 118, 119, 125, 81, 118].map { JSONValue.number(Double($0)) })
    }

    @Test func leavesOfNullPropertyFeature() throws {
        var points = Self.places
        points.append(
            ClusterPoint(uncheckedLongitude: -79.04411780507252, latitude: 43.08771393436908, properties: nil))
        let index = try ClusterIndex(points: points)
        let leaves = try index.leaves(of: 165, limit: 1, offset: 6)
        #expect(leaves.count == 1)
        #expect(points[leaves[0]]?.properties == nil)
    }

    @Test("expansion zoom", arguments: [(164, 1), (196, 1), (581, 2), (1157, 2), (4134, 3)])
    func expansionZoom(id: Int, zoom: Int) throws {
        let index = try ClusterIndex(points: Self.places)
        #expect(try index.expansionZoom(of: id) == zoom)
    }

    @Test func expansionZoomAtMaxZoom() throws {
        let index = try ClusterIndex(points: Self.places, options: ClusterOptions(maxZoom: 4, radius: 60, extent: 256))
        #expect(try index.expansionZoom(of: 2504) == 5)
    }

    @Test func reduceAggregatesProperties() throws {
        var options = ClusterOptions(radius: 100)
        options.map = { props in ["sum": props?["scalerank"] ?? .number(0)] }
        options.reduce = { a, b in a["sum"] = .number((a["sum"]?.doubleValue ?? 0) + (b["sum"]?.doubleValue ?? 0)) }
        let index = try ClusterIndex(points: Self.places, options: options)
        func sums(_ tile: Tile) -> [Double] {
            tile.features.compactMap { $0.tags["sum"]?.doubleValue }.filter { $0 != 0 }
        }
        #expect(sums(try index.tile(z: 1, x: 0, y: 0)) == [146, 84, 63, 23, 34, 12, 19, 29, 8, 8, 80, 35])
        #expect(sums(try index.tile(z: 0, x: 0, y: 0)) == [298, 122, 12, 36, 98, 7, 24, 8, 125, 98, 125, 12, 36, 8])
    }

    /// A name given twice is summed once (each point's value was added once per time the name was given).
    @Test(arguments: [["scalerank"], ["scalerank", "scalerank"]])
    func sumOptionNamesPropertySum(names: [String]) throws {
        var options = ClusterOptions()
        options.sum(properties: names)
        let index = try ClusterIndex(points: Self.places, options: options)
        for item in try index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: 0) {
            guard case .cluster(let c) = item else { continue }
            let leaves = try index.leaves(of: c.id, limit: .max)
            let expected = leaves.reduce(0.0) { $0 + (Self.places[$1]?.properties?["scalerank"]?.doubleValue ?? 0) }
            #expect(c.properties["scalerank_sum"] == .number(expected))
        }
    }

    @Test func queryAcrossAntimeridian() throws {
        let points = [-178.989, -178.990, -178.991, -178.992].map { ClusterPoint(uncheckedLongitude: $0, latitude: 0) }
        let index = try ClusterIndex(points: points)
        let nonCrossing = try index.clusters(west: -179, south: -10, east: -177, north: 10, zoom: 1)
        let crossing = try index.clusters(west: 179, south: -10, east: -177, north: 10, zoom: 1)
        #expect(!nonCrossing.isEmpty)
        #expect(nonCrossing.count == crossing.count)
    }

    @Test(
        "weird bbox values",
        arguments: [
            ([129.426390, -103.720017, -445.930843, 114.518236], 26),
            ([112.207836, -84.578666, -463.149397, 120.169159], 27),
            ([129.886277, -82.332680, -445.470956, 120.390930], 26),
            ([458.220043, -84.239039, -117.137190, 120.206585], 25),
            ([456.713058, -80.354196, -118.644175, 120.539148], 25),
            ([453.105328, -75.857422, -122.251904, 120.732760], 25),
            ([-180, -90, 180, 90], 61),
        ])
    func weirdBBox(bbox: [Double], count: Int) throws {
        let index = try ClusterIndex(points: Self.places)
        #expect(
            try index.clusters(west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3], zoom: 1).count == count)
    }

    @Test func nonIntegerZoom() throws {
        let index = try ClusterIndex(points: Self.places)
        let a = try index.clusters(west: 179, south: -10, east: -177, north: 10, zoom: 1.25)
        let b = try index.clusters(west: 179, south: -10, east: -177, north: 10, zoom: 1)
        #expect(a == b)
    }

    @Test func sameLocationPointsCluster() throws {
        let p = ClusterPoint(uncheckedLongitude: -1.426798, latitude: 53.943034)
        let index = try ClusterIndex(points: [p, p], options: ClusterOptions(maxZoom: 20, radius: 16, extent: 8192))
        #expect(index.entryCount(atZoom: 20) == 1)
    }

    @Test func unclusteredPointsAreNotRounded() throws {
        let index = try ClusterIndex(
            points: [ClusterPoint(uncheckedLongitude: 173.19150559062456, latitude: -41.340357424709275)],
            options: ClusterOptions(maxZoom: 19))
        #expect(try index.tile(z: 20, x: 1_028_744, y: 656_754).features.first?.geometry[0] == [421, 281])
    }

    @Test func zeroItems() throws {
        let index = try ClusterIndex(points: [])
        #expect(try index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: 0).isEmpty)
        #expect(try index.tile(z: 0, x: 0, y: 0).features.isEmpty)
    }
}
