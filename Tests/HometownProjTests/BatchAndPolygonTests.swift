import Foundation
import HometownCore
import Testing

@testable import HometownProj

@Suite struct BatchFailureTests {
    /// More points than one chunk, with bad points in several chunks (and at a chunk's first and last place).
    static let n = Transformation.chunkSize * 2 + 17
    static let bad: Set<Int> = [0, 5, Transformation.chunkSize - 1, Transformation.chunkSize, n - 1]

    static func points() -> ([Double], [Double]) {
        var xs: [Double] = []
        var ys: [Double] = []
        for i in 0..<n {
            xs.append(-180 + 360 * Double(i) / Double(n))
            ys.append(bad.contains(i) ? 91 + Double(i % 3) : -80 + 160 * Double((i * 7919) % n) / Double(n))
        }
        return (xs, ys)
    }

    @Test func failuresAreReportedAndTheOtherPointsTransformed() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        let (ox, oy) = Self.points()
        var xs = ox
        var ys = oy
        let failed = try t.transformReportingFailures(xs: &xs, ys: &ys)
        #expect(failed == Self.bad.sorted())
        for i in 0..<Self.n {
            if Self.bad.contains(i) {
                #expect(!(xs[i].isFinite && ys[i].isFinite))
            } else if i % 101 == 0 {
                let s = try t.transform(x: ox[i], y: oy[i])
                #expect(s.x == xs[i] && s.y == ys[i])
            }
        }
    }

    @Test func throwingBatchNamesTheFirstFailedInputAndTransformsTheRest() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        let (ox, oy) = Self.points()
        var xs = ox
        var ys = oy
        do {
            try t.transform(xs: &xs, ys: &ys)
            Issue.record("expected an error")
        } catch ProjError.transformFailed(let x, let y, _) {
            #expect(x == ox[0] && y == oy[0])
        }
        #expect(xs[1].isFinite && xs[Self.n - 2].isFinite)
    }

    @Test func emptyAndMismatchedBatches() throws {
        let t = try Transformation(from: .wgs84, to: .webMercator)
        var a: [Double] = []
        var b: [Double] = []
        #expect(try t.transformReportingFailures(xs: &a, ys: &b).isEmpty)
        var c = [1.0]
        #expect(throws: ProjError.lengthMismatch(1, 0)) { try t.transformReportingFailures(xs: &c, ys: &b) }
    }

    @Test func libraryVersionIsKnown() throws {
        #expect(try ProjLibrary.version().split(separator: ".").count == 3)
        #expect(try ProjLibrary.release().contains(ProjLibrary.version()))
    }
}

@Suite struct PolygonWithHolesTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    @Test func octantIsAnEighthOfTheEllipsoid() throws {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let e = e2.squareRoot()
        let total = 2 * Double.pi * a * a * (1 + (1 - e2) * atanh(e) / e)
        let r = try Geodesic.wgs84.polygonArea(rings: [[Self.c(0, 0), Self.c(0, 90), Self.c(90, 0), Self.c(0, 0)]])
        #expect(abs(r.area - total / 8) / total < 1e-13)
    }

    @Test func holesSubtractAndClosingVertexIsOptional() throws {
        let outer = [Self.c(0, 0), Self.c(0, 2), Self.c(2, 2), Self.c(2, 0)]
        let hole = [Self.c(0.5, 0.5), Self.c(1.5, 0.5), Self.c(1.5, 1.5), Self.c(0.5, 1.5), Self.c(0.5, 0.5)]
        let o = try Geodesic.wgs84.polygonArea(outer)
        let h = try Geodesic.wgs84.polygonArea(Array(hole.dropLast()))
        let r = try Geodesic.wgs84.polygonArea(rings: [outer + [outer[0]], hole])
        #expect(abs(r.area - (o.area - h.area)) < 1e-6)
        #expect(abs(r.perimeter - (o.perimeter + h.perimeter)) < 1e-6)
    }

    /// Holes that together cover more than the outer ring cannot all lie inside it: refused, not a negative area.
    @Test func holesLargerThanTheOuterRingAreRefused() throws {
        let outer = [Self.c(0, 0), Self.c(0, 1), Self.c(1, 1)]
        let big = [Self.c(0, 0), Self.c(0, 10), Self.c(10, 10), Self.c(10, 0)]
        #expect(
            throws: ProjError.invalidGeodesicInput(
                "the holes cover more than the outer ring (\(JSONWriter.number(try Geodesic.wgs84.polygonArea(outer).area)) m²): a hole must lie inside it"
            )
        ) { try Geodesic.wgs84.polygonArea(rings: [outer, big]) }
        // Two holes each smaller than the ring but larger together.
        let square = [Self.c(0, 0), Self.c(0, 2), Self.c(2, 2), Self.c(2, 0)]
        let half = [Self.c(0, 0), Self.c(0, 1.5), Self.c(2, 1.5), Self.c(2, 0)]
        #expect(throws: ProjError.self) { try Geodesic.wgs84.polygonArea(rings: [square, half, half]) }
        #expect(try Geodesic.wgs84.polygonArea(rings: [square, half]).area > 0)
    }

    @Test func degenerateRingsAreErrorsNamingTheRing() throws {
        #expect(throws: ProjError.self) { try Geodesic.wgs84.polygonArea(rings: []) }
        do {
            _ = try Geodesic.wgs84.polygonArea(rings: [
                [Self.c(0, 0), Self.c(0, 2), Self.c(2, 2)], [Self.c(1, 1), Self.c(1.5, 1), Self.c(1, 1)],
            ])
            Issue.record("expected an error")
        } catch ProjError.invalidGeodesicInput(let why) {
            #expect(why.contains("ring 2 (hole)"))
        }
    }
}
