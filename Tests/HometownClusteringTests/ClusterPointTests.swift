import HometownClustering
import HometownCore
import Testing

/// `ClusterPoint(_ coordinate:)` takes its degrees from a checked `Coordinate`, latitude first as everywhere else.
@Suite struct ClusterPointTests {
    @Test func fromACoordinateKeepsEachAxis() throws {
        let point = ClusterPoint(
            try Coordinate(latitude: 47.6, longitude: -122.3), id: .number(7),
            properties: ["name": .string("Seattle")])
        #expect(point.latitude == 47.6)
        #expect(point.longitude == -122.3)
        #expect(
            point
                == ClusterPoint(
                    uncheckedLongitude: -122.3, latitude: 47.6, id: .number(7),
                    properties: ["name": .string("Seattle")]))
        #expect(point.feature.geometry == .point([-122.3, 47.6]))
    }

    @Test func fromACoordinateIsNormalised() throws {
        // Longitude 180 is the meridian of -180, as Coordinate keeps it.
        #expect(ClusterPoint(try Coordinate(latitude: 10, longitude: 180)).longitude == -180)
    }

    @Test func outOfRangeDegreesNeverBecomeACheckedPoint() {
        #expect(throws: CoreError.invalidLatitude(95)) { ClusterPoint(try Coordinate(latitude: 95, longitude: 0)) }
        #expect(throws: CoreError.invalidLongitude(-200)) {
            ClusterPoint(try Coordinate(latitude: 0, longitude: -200))
        }
    }

    @Test func anIndexOfCheckedPointsMatchesOneOfUncheckedPoints() throws {
        let coordinates = try [(51.5, -0.12), (51.51, -0.13), (-33.9, 151.2)].map {
            try Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let checked = try ClusterIndex(points: coordinates.map { ClusterPoint($0) })
        let unchecked = try ClusterIndex(
            points: coordinates.map {
                ClusterPoint(uncheckedLongitude: $0.longitude, latitude: $0.latitude)
            })
        #expect(checked.points == unchecked.points)
        let world = try checked.clusters(west: -180, south: -85, east: 180, north: 85, zoom: 2)
        #expect(world.count == 2)
    }
}
