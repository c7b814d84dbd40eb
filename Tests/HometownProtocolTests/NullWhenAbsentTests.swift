import Foundation
import HometownProtocol
import Testing

/// The answers' optional members: written as `null`, read from `null` or from an absent key alike.
@Suite struct NullWhenAbsentTests {
    static let place = PlaceDescription(
        latitude: 0, longitude: -30, country: nil, state: nil, city: nil, atSea: true, distanceKm: 1200)

    @Test func absentValuesAreWrittenAsNull() throws {
        let answer = ReverseAnswer(
            served: ServedPlace(country: nil, state: nil, city: nil, supported: false), place: Self.place)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(answer), as: UTF8.self)
        #expect(text.contains(#""city":null"#) && text.contains(#""country":null"#) && text.contains(#""state":null"#))
        #expect(try JSONDecoder().decode(ReverseAnswer.self, from: Data(text.utf8)) == answer)
    }

    @Test func anAbsentKeyReadsAsNoValue() throws {
        let json = #"""
            {"latitude": 0, "longitude": -30, "supported": false, "place": {"latitude": 0, "longitude": -30,
             "at_sea": true, "distance_km": 1200}}
            """#
        let answer = try JSONDecoder().decode(ReverseAnswer.self, from: Data(json.utf8))
        #expect(answer.country == nil && answer.state == nil && answer.city == nil && answer.place == Self.place)
        // A present value still reads as itself.
        let named = try JSONDecoder().decode(
            ReverseAnswer.self,
            from: Data(json.replacingOccurrences(of: #""supported""#, with: #""city": "Recife", "supported""#).utf8))
        #expect(named.city == "Recife")
    }
}
