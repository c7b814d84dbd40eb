import Foundation
import HometownTestSupport
import Testing

@testable import HometownCore

@Suite struct CoordinateTests {
    @Test(arguments: [(0.0, 0.0), (90, 179.999), (-90, -180), (47.6, -122.3)])
    func acceptsValidValues(lat: Double, lon: Double) throws {
        let c = try Coordinate(latitude: lat, longitude: lon)
        #expect(c.latitude == lat && c.longitude == lon)
    }

    @Test func longitude180IsMinus180() throws {
        #expect(try Coordinate(latitude: 10, longitude: 180).longitude == -180)
    }

    @Test(arguments: [90.0001, -90.5, Double.nan, Double.infinity, -Double.infinity])
    func rejectsBadLatitude(lat: Double) {
        #expect(throws: CoreError.self) { try Coordinate(latitude: lat, longitude: 0) }
        do { _ = try Coordinate(latitude: lat, longitude: 0) } catch {
            #expect(String(describing: error).contains("latitude"))
            #expect(String(describing: error).contains("[-90, 90]"))
        }
    }

    @Test(arguments: [180.0001, -181, Double.nan, Double.infinity])
    func rejectsBadLongitude(lon: Double) {
        #expect(throws: CoreError.self) { try Coordinate(latitude: 0, longitude: lon) }
    }

    @Test(arguments: ["", "abc", "1e", "nan", "inf", "0x10", "12,5", " - "])
    func rejectsMalformedText(text: String) {
        #expect(throws: CoreError.malformedNumber(field: "latitude", text: text)) {
            try Coordinate(latitudeText: text, longitudeText: "0")
        }
    }

    @Test func parsesTextWithSpaces() throws {
        let c = try Coordinate(latitudeText: " 47.5 ", longitudeText: "-122.25")
        #expect(c == (try Coordinate(latitude: 47.5, longitude: -122.25)))
    }

    @Test(arguments: [(190.0, -170.0), (-190.0, 170.0), (540.0, -180.0), (0.0, 0.0), (360.0, 0.0)])
    func wrapsLongitudes(input: Double, expected: Double) {
        #expect(Coordinate.wrapLongitude(input) == expected)
    }
}

@Suite struct CoordinateDistanceTests {
    @Test func greatCircleDistances() throws {
        let quarter = Coordinate.earthRadiusKm * Double.pi / 2
        let origin = try Coordinate(latitude: 0, longitude: 0)
        #expect(abs(origin.distanceKm(to: try Coordinate(latitude: 90, longitude: 0)) - quarter) < 1e-6)
        #expect(abs(origin.distanceKm(to: try Coordinate(latitude: 0, longitude: -90)) - quarter) < 1e-6)
        #expect(abs(origin.distanceKm(to: try Coordinate(latitude: 0, longitude: -180)) - 2 * quarter) < 1e-6)
        let seattle = try Coordinate(latitude: 47.6062, longitude: -122.3321)
        let minneapolis = try Coordinate(latitude: 44.98, longitude: -93.2638)
        #expect(seattle.distanceKm(to: seattle) == 0)
        #expect(abs(seattle.distanceKm(to: minneapolis) - minneapolis.distanceKm(to: seattle)) < 1e-9)
        // Across the antimeridian: one degree of longitude on the equator.
        let east = try Coordinate(latitude: 0, longitude: 179.5)
        let west = try Coordinate(latitude: 0, longitude: -179.5)
        #expect(abs(east.distanceKm(to: west) - Coordinate.earthRadiusKm * Double.pi / 180) < 1e-6)
    }
}

/// `Coordinate.plainDegrees` (the batch path's reading of a number from bytes) against `parseDegrees`.
@Suite(.onComputeThreads) struct PlainDegreesTests {
    static func plain(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { Coordinate.plainDegrees($0) }
    }

    @Test func agreesWithParseDegreesBitForBit() {
        var rng = SeededRandom(seed: 24)
        let alphabet = Array("0123456789.-+eE ")
        var read = 0
        for i in 0..<200_000 {
            let text: String
            if i % 2 == 0 {
                // Random texts from the characters numbers are made of.
                let length = 1 + Int(rng.unit() * 12)
                text = String((0..<length).map { _ in alphabet[Int(rng.unit() * Double(alphabet.count))] })
            } else {
                // Numbers as programs write them, many digits long.
                let v = (rng.unit() * 2 - 1) * pow(10, Double(Int(rng.unit() * 8)) - 3)
                text = i % 4 == 1 ? "\(v)" : String(format: "%.\(Int(rng.unit() * 17))f", v)
            }
            let expected = try? Coordinate.parseDegrees(text, field: "x")
            if let v = Self.plain(text) {
                read += 1
                #expect(expected?.bitPattern == v.bitPattern, "\(text)")
            }
        }
        #expect(read > 100_000)
    }

    /// Texts at the edges of the one-pass short form (19 digits, 2^53, 22 digits after the point) and just past
    /// them, where the general reading takes over: the same bits as `Double(String)` on both sides.
    @Test(arguments: [
        "9007199254740992", "9007199254740993", "900719925474099.2", "900719925474099.3", "-9007199254740992",
        "0.0000000000000000000001", "0.00000000000000000000015", "1234567890123456789", "12345678901234567890",
        "0000000000000000045.5", "45.70128900375465", "-0.0", "-0", "0", "180", "-179.99999999999999",
        "1.0000000000000002", "0.1", "0.30000000000000004", "89.999999999999999999",
    ])
    func agreesAtTheEdgesOfTheShortForm(text: String) throws {
        let v = try #require(Self.plain(text))
        #expect(v.bitPattern == Double(text)!.bitPattern, "\(text): \(v)")
    }

    @Test(arguments: ["+5", " 5", "5 ", "5.", ".5", "1e", "1e+", "--1", "0x10", "", "-", "1.2.3"])
    func leavesOtherFormsToParseDegrees(text: String) {
        #expect(Self.plain(text) == nil)
    }
}
