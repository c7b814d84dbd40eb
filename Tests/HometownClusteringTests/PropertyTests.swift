import HometownClustering
import HometownCore
import HometownTestSupport
import Testing

/// Invariants on seeded random inputs.
@Suite(.onComputeThreads) struct PropertyTests {
    static func randomPoints(seed: UInt64, count: Int, clustered: Bool) -> [ClusterPoint] {
        var g = SeededRandom(seed: seed)
        var points: [ClusterPoint] = []
        // A few dense centres (cities) plus scatter, or uniform over the world.
        let centres = (0..<8).map { _ in
            (Double.random(in: -180..<180, using: &g), Double.random(in: -80...80, using: &g))
        }
        for i in 0..<count {
            if clustered {
                let c = centres[i % centres.count]
                let lon = Coordinate.wrapLongitude(c.0 + Double.random(in: -2...2, using: &g))
                let lat = max(-90, min(90, c.1 + Double.random(in: -2...2, using: &g)))
                points.append(
                    ClusterPoint(uncheckedLongitude: lon, latitude: lat, properties: ["n": .number(Double(i))]))
            } else {
                points.append(
                    ClusterPoint(
                        uncheckedLongitude: Double.random(in: -180..<180, using: &g),
                        latitude: Double.random(in: -90...90, using: &g)))
            }
        }
        return points
    }

    @Test("counts at every zoom sum to the input count", arguments: [(1, false), (2, true), (3, true), (4, false)])
    func countsSum(seed: UInt64, clustered: Bool) throws {
        let points = Self.randomPoints(seed: seed, count: 3000, clustered: clustered)
        var options = ClusterOptions()
        options.minPoints = Int(seed % 3) + 2
        let index = try ClusterIndex(points: points, options: options)
        for zoom in 0...17 {
            let items = try index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
            #expect(items.reduce(0) { $0 + $1.pointCount } == points.count, "zoom \(zoom)")
        }
    }

    @Test("every input point is in exactly one item at each zoom", arguments: [5, 6])
    func everyPointOnce(seed: UInt64) throws {
        let points = Self.randomPoints(seed: seed, count: 1500, clustered: true)
        let index = try ClusterIndex(points: points)
        for zoom in [0, 2, 5, 9, 16, 17] {
            var seen = [Int](repeating: 0, count: points.count)
            for item in try index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom)) {
                switch item {
                case .point(let i): seen[i] += 1
                case .cluster(let c):
                    let leaves = try index.leaves(of: c.id, limit: .max)
                    #expect(leaves.count == c.pointCount)
                    for i in leaves {
                        seen[i] += 1
                        // The cluster's box holds each of its points.
                        #expect(
                            c.bounds.contains(
                                Coordinate(
                                    uncheckedLatitude: points[i].latitude,
                                    longitude: points[i].longitude)))
                    }
                }
            }
            #expect(seen.allSatisfy { $0 == 1 }, "zoom \(zoom)")
        }
    }

    /// A box is compared with the points as they are held (single precision): a cluster's own `bounds`, asked
    /// for at its expansion zoom, gives every one of its points (those on the box's edges were lost to rounding),
    /// and a box of no size at a point's own place gives that point.
    @Test("a cluster's own box holds its points at its expansion zoom", arguments: [8, 9])
    func aClustersBoxHoldsItsPoints(seed: UInt64) throws {
        let points = Self.randomPoints(seed: seed, count: 1500, clustered: true)
        let index = try ClusterIndex(points: points)
        func leaves(_ item: ClusterItem) throws -> [Int] {
            switch item {
            case .point(let i): return [i]
            case .cluster(let c): return try index.leaves(of: c.id, limit: .max)
            }
        }
        var checked = 0
        for zoom in [0, 2, 4, 8] {
            for case .cluster(let c) in try index.clusters(
                west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
            {
                let ez = try index.expansionZoom(of: c.id)
                let found = Set(try index.clusters(in: c.bounds, zoom: Double(ez)).flatMap(leaves))
                let own = try index.leaves(of: c.id, limit: .max)
                #expect(own.allSatisfy(found.contains), "cluster \(c.id) at zoom \(zoom), asked at \(ez)")
                checked += 1
            }
        }
        #expect(checked > 50)
        for i in stride(from: 0, to: points.count, by: 37) {
            let (lon, lat) = (points[i].longitude, points[i].latitude)
            let here = try index.clusters(west: lon, south: lat, east: lon, north: lat, zoom: 18)
            #expect(here.contains(.point(i)), "point \(i) at \(lat), \(lon)")
        }
    }

    /// A box of no width on 180° holds only what lies on 180° (west 180 wrapped to -180 made it the world), and
    /// a box from 180° east across it is the box from -180°.
    @Test func aBoxOfNoWidthOn180IsNotTheWorld() throws {
        let points = Self.randomPoints(seed: 10, count: 1500, clustered: false)
        let index = try ClusterIndex(points: points)
        for zoom in [0.0, 5, 18] {
            #expect(try index.clusters(west: 180, south: -90, east: 180, north: 90, zoom: zoom).isEmpty)
            #expect(try index.clusters(west: -180, south: -90, east: -180, north: 90, zoom: zoom).isEmpty)
            let across = try index.clusters(west: 180, south: -90, east: 200, north: 90, zoom: zoom)
            #expect(across == (try index.clusters(west: -180, south: -90, east: -160, north: 90, zoom: zoom)))
            #expect(!across.isEmpty)
        }
    }

    @Test func childrenSumToParent() throws {
        let points = Self.randomPoints(seed: 7, count: 2000, clustered: true)
        let index = try ClusterIndex(points: points)
        for zoom in [0, 3, 8] {
            for case .cluster(let c) in try index.clusters(
                west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
            {
                #expect(try index.children(of: c.id).reduce(0) { $0 + $1.pointCount } == c.pointCount)
                let ez = try index.expansionZoom(of: c.id)
                #expect(ez > zoom && ez <= 17)
            }
        }
    }
}
