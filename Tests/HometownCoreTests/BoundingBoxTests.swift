import Testing
@testable import HometownCore

@Suite struct BoundingBoxTests {
    @Test func fijiBoxCrossesTheAntimeridian() throws {
        let pts = try [(-17.7, 177.4), (-16.5, 179.4), (-16.8, -179.9), (-18.1, 178.4)].map { try Coordinate(latitude: $0.0, longitude: $0.1) }
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
        var rng = SplitMix64(seed: 42)
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

/// A small seeded generator for property tests.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
