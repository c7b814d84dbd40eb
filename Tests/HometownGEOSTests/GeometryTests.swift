import Testing

@testable import HometownGEOS

@Suite struct GeometryTests {
    @Test func wktWkbGeoJSONReadTheSameShape() throws {
        let ctx = try GEOSContext()
        let a = try Geometry(wkt: "POLYGON((0 0, 4 0, 4 4, 0 4, 0 0))", context: ctx)
        let b = try Geometry(wkb: try a.wkb(), context: ctx)
        let c = try Geometry(
            geoJSON: #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]]]}"#, context: ctx)
        #expect(try a.equalsExact(b) && a.equalsExact(c))
        #expect(try a.area() == 16)
    }

    @Test func malformedInputIsAParseError() throws {
        let ctx = try GEOSContext()
        #expect(throws: GEOSError.self) { try Geometry(wkt: "POLYGON((0 0, 1", context: ctx) }
        #expect(throws: GEOSError.self) { try Geometry(wkb: [1, 2, 3], context: ctx) }
        #expect(throws: GEOSError.self) { try Geometry(geoJSON: "{", context: ctx) }
    }

    @Test func repairsABowtie() throws {
        let ctx = try GEOSContext()
        let bow = try Geometry(wkt: "POLYGON((0 0, 2 2, 2 0, 0 2, 0 0))", context: ctx)
        #expect(try !bow.isValid())
        #expect(try bow.validityReason().contains("Self-intersection"))
        let fixed = try bow.makeValid()
        #expect(try fixed.isValid())
        #expect(abs(try fixed.area() - 2) < 1e-12)
    }

    @Test func unionClipAndPrepared() throws {
        let ctx = try GEOSContext()
        let a = try Geometry(polygonRings: [[(0, 0), (2, 0), (2, 2), (0, 2)]], context: ctx)
        let b = try Geometry(polygonRings: [[(2, 0), (4, 0), (4, 2), (2, 2)]], context: ctx)
        let u = try a.union(b)
        #expect(try u.area() == 8 && u.polygons().count == 1)
        let clipped = try u.clip(minX: 1, minY: 1, maxX: 3, maxY: 5)
        #expect(try clipped.area() == 2)
        let p = try u.prepared()
        #expect(try p.contains(x: 3, y: 1))
        #expect(try !p.contains(x: 5, y: 1))
        #expect(try !p.contains(x: 4, y: 1))  // boundary is not interior
        #expect(try a.distance(to: Geometry(pointX: 5, y: 1, context: ctx)) == 3)
        let inner = try u.pointOnSurface()
        #expect(try p.contains(inner))
    }

    @Test func strtreeFindsOverlappingEnvelopes() throws {
        let ctx = try GEOSContext()
        let tree = try STRtree(context: ctx)
        for i in 0..<100 {
            let x = Double(i % 10)
            let y = Double(i / 10)
            try tree.insert(
                Geometry(polygonRings: [[(x, y), (x + 0.5, y), (x + 0.5, y + 0.5), (x, y + 0.5)]], context: ctx),
                item: i)
        }
        #expect(try tree.query(minX: 2.2, minY: 3.2, maxX: 2.4, maxY: 3.4) == [32])
        #expect(try tree.query(minX: 0.6, minY: 0.6, maxX: 0.9, maxY: 0.9) == [])
        #expect(try tree.query(minX: 0, minY: 0, maxX: 1.1, maxY: 0.2) == [0, 1])
        #expect(throws: GEOSError.self) { try tree.insert(Geometry(pointX: 0, y: 0, context: ctx), item: 1000) }
    }

    @Test func ringTooShortIsInvalidInput() throws {
        let ctx = try GEOSContext()
        #expect(throws: GEOSError.invalidInput("a ring needs at least 3 points besides its closing one, got 2")) {
            try Geometry(polygonRings: [[(0, 0), (1, 1)]], context: ctx)
        }
        #expect(throws: GEOSError.invalidInput("a ring needs at least 3 points besides its closing one, got 2")) {
            try Geometry(polygonRings: [[(0, 0), (1, 1), (0, 0)]], context: ctx)
        }
        for (ring, given) in [([(Double, Double)](), 0), ([(1, 1)], 1)] {
            #expect(
                throws: GEOSError.invalidInput("a ring needs at least 3 points besides its closing one, got \(given)")
            ) {
                try Geometry(polygonRings: [ring], context: ctx)
            }
        }
        // Other repeats are GEOS's to judge, as the doc says.
        let flat = try Geometry(polygonRings: [[(0, 0), (1, 1), (0, 0), (1, 1)]], context: ctx)
        #expect(try !flat.isValid())
    }
}
