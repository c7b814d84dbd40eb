import HometownCore
import HometownMarkers
import Testing

@Suite struct FilterTests {
    static let markers: [Marker] = [
        (1, "USA", "Minnesota", "Minneapolis", 1985, 44.97, -93.29),
        (2, "USA", "North Dakota", "Devils Lake", 1985, 48.11, -98.86),
        (3, "USA", "Minnesota", "Duluth", 1990, 46.79, -92.10),
        (5, "Mexico", "Jalisco", "Guadalajara", 2001, 20.67, -103.35),
        (4, "Fiji", "Central", "Suva", 2001, -18.14, 178.44),
    ].map { (id, country, state, city, year, lat, lon) in
        Marker(
            id: .number(Double(id)), coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon),
            properties: [
                "country": .string(country), "state": .string(state), "city": .string(city),
                "year": .number(Double(year)),
            ], location: "user \(id)")
    }

    static func ids(_ f: MarkerFilter) throws -> [Int] {
        try f.apply(markers).compactMap { $0.id?.doubleValue }.map { Int($0) }
    }

    @Test(
        "protocol semantics",
        arguments: [
            (MarkerFilter(), [1, 2, 3, 5, 4]),
            (MarkerFilter(country: "USA"), [1, 2, 3]),
            (MarkerFilter(country: "usa"), []),
            (MarkerFilter(country: "USA", state: "Minnesota"), [1, 3]),
            (MarkerFilter(city: "Duluth"), [3]),
            (MarkerFilter(year: 2001), [5, 4]),
            (MarkerFilter(afterID: 2), [3, 5, 4]),
            (MarkerFilter(beforeID: 3), [1, 2]),
            (MarkerFilter(afterID: 1, beforeID: 5), [2, 3, 4]),
            (MarkerFilter(mostRecent: 2), [5, 4]),
            (MarkerFilter(country: "USA", mostRecent: 2), [2, 3]),
            (MarkerFilter(mostRecent: 0), []),
            (MarkerFilter(bbox: BoundingBox(uncheckedWest: 170, south: -30, east: -170, north: 0)), [4]),
        ])
    func filters(filter: MarkerFilter, expected: [Int]) throws {
        #expect(try Self.ids(filter) == expected)
    }

    @Test func yearAsText() throws {
        let m = Marker(
            coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0), properties: ["year": .string("1999")])
        #expect(try MarkerFilter(year: 1999).apply([m]).count == 1)
    }

    /// A place property written as a number (a state's FIPS code 27) matches its plain form.
    @Test func placeAsNumber() throws {
        let m = Marker(
            coordinate: Coordinate(uncheckedLatitude: 45, longitude: -93),
            properties: ["state": .number(27), "city": .number(2.5)], location: "line 2")
        #expect(try MarkerFilter(state: "27").apply([m]).count == 1)
        #expect(try MarkerFilter(state: "27.0").apply([m]).isEmpty)
        #expect(try MarkerFilter(city: "2.5").apply([m]).count == 1)
    }

    @Test func lastNWithoutIdsUsesFileOrder() throws {
        let ms = (0..<5).map {
            Marker(coordinate: Coordinate(uncheckedLatitude: Double($0), longitude: 0), location: "line \($0 + 2)")
        }
        #expect(try MarkerFilter(mostRecent: 2).apply(ms).map { $0.coordinate!.latitude } == [3, 4])
    }

    @Test func idFiltersNeedIds() {
        let m = Marker(coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0), location: "line 9")
        #expect(
            throws: MarkersError.invalidRow(
                file: "input", location: "line 9",
                reason: "no integer id, which --after-id/--before-id need")
        ) {
            try MarkerFilter(afterID: 1).apply([m])
        }
        #expect(throws: MarkersError.self) { try MarkerFilter(mostRecent: -1).apply([m]) }
    }
}
