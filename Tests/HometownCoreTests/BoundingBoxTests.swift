import Testing

@testable import HometownCore

@Suite struct BoundingBoxTests {
    @Test func fijiBoxCrossesTheAntimeridian() throws {
        let pts = try [(-17.7, 177.4), (-16.5, 179.4), (-16.8, -179.9), (-18.1, 178.4)].map {
            try Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let b = try #require(BoundingBox.enclosing(pts))
        #expect(b.crossesAntimeridian)
        #expect(b.west == 177.4 && b.east == -179.9)
        #expect(abs(b.longitudeSpan - 2.7) < 1e-9)
        for p in pts { #expect(b.contains(p)) }
        #expect(!b.contains(try Coordinate(latitude: -17, longitude: 0)))
    }

    @Test func ordinaryBoxDoesNotCross() throws {
        let pts = try [(40.0, -100.0), (45, -90)].map { try Coordinate(latitude: $0.0, longitude: $0.1) }
        let b = try #require(BoundingBox.enclosing(pts))
        #expect(!b.crossesAntimeridian && b.west == -100 && b.east == -90)
        #expect(b.center == Coordinate(uncheckedLatitude: 42.5, longitude: -95))
    }

    @Test func centerOfACrossingBoxIsWrapped() {
        let b = BoundingBox(uncheckedWest: 170, south: -10, east: -170, north: 10)
        #expect(b.center.longitude == -180)
        #expect(b.longitudeSpan == 20)
    }

    @Test func emptyInputHasNoBox() { #expect(BoundingBox.enclosing([Coordinate]()) == nil) }

    @Test func rejectsSouthNorthOfNorth() {
        #expect(throws: CoreError.self) { try BoundingBox(west: 0, south: 10, east: 1, north: 5) }
        #expect(throws: CoreError.self) { try BoundingBox(west: .nan, south: 0, east: 1, north: 5) }
    }

    @Test func seededPropertyEveryPointInsideTheBox() throws {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let n = Int(rng.next() % 20) + 1
            let pts = (0..<n).map { _ in
                Coordinate(uncheckedLatitude: rng.unit() * 180 - 90, longitude: rng.unit() * 360 - 180)
            }
            let b = try #require(BoundingBox.enclosing(pts))
            for p in pts { #expect(b.contains(p)) }
            #expect(b.longitudeSpan <= 360)
        }
    }
}
