import HometownCore
import Testing

@testable import HometownServer

/// `MapOrder`: the Z-order curve the cluster answers' features are stored in.
@Suite struct MapOrderTests {
    static func point(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    @Test func theCornersAndQuadrantsAreWhereTheCurvePutsThem() {
        // North-west corner first, south-east last; then the quadrants in Z order: NW, NE, SW, SE.
        #expect(MapOrder.key(of: Self.point(85.0511, -180)) == 0)
        #expect(MapOrder.key(of: Self.point(-85.0511, 179.9999)) == UInt32.max)
        let quadrants = [Self.point(40, -90), Self.point(40, 90), Self.point(-40, -90), Self.point(-40, 90)]
        let keys = quadrants.map(MapOrder.key(of:))
        #expect(keys == keys.sorted())
        #expect(keys.map { $0 >> 30 } == [0, 1, 2, 3])
        // Beyond Mercator's latitudes: the edge cell, not a trap.
        #expect(MapOrder.key(of: Self.point(90, 0)) == MapOrder.key(of: Self.point(86, 0)))
    }

    @Test func indicesAreAPermutationThatKeepsNeighboursTogether() {
        var random = SeededRandom(seed: 11)
        var points: [Coordinate] = []
        for _ in 0..<5_000 {
            let lat = random.unit() * 160 - 80
            let lon = random.unit() * 360 - 180
            // Each point with a twin a few metres away.
            points.append(Self.point(lat, lon))
            points.append(Self.point(lat + 0.00001, lon))
        }
        let order = MapOrder.indices(of: points)
        #expect(order.sorted() == Array(points.indices))
        let keys = order.map { MapOrder.key(of: points[$0]) }
        #expect(keys == keys.sorted())
        // Most twins share a cell, so they come one right after the other.
        var position = [Int](repeating: 0, count: points.count)
        for (k, i) in order.enumerated() { position[i] = k }
        let adjacent = stride(from: 0, to: points.count, by: 2).filter { abs(position[$0] - position[$0 + 1]) == 1 }
        #expect(adjacent.count > 4_500)
    }
}
