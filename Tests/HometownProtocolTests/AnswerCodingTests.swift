import HometownCore
import HometownProtocol
import Testing

/// The Codable answers and the hand-written ones escape strings alike, so one value has one text.
@Suite struct AnswerCodingTests {
    @Test func stringsAreEscapedAsJSONWriterEscapesThem() throws {
        let awkward = "Quote \" back \\ slash / tab \t bell \u{7} backspace \u{8} nul \u{0} é 😀 \u{2028}"
        let place = Subdivision(name: awkward, iso: nil)
        let text = String(decoding: try AnswerCoding.encode(place), as: UTF8.self)
        var written = ""
        JSONWriter.appendString(awkward, to: &written)
        #expect(text == #"{"iso":null,"name":"# + written + "}")
        #expect(try AnswerCoding.decode(Subdivision.self, from: Array(text.utf8)) == place)
    }

    @Test func aServedAnswerIsOneObjectWithSortedKeys() throws {
        let place = PlaceDescription(
            latitude: 44.97, longitude: -93.26, country: .init(name: "United States", iso2: "US", iso3: "USA"),
            state: .init(name: "Minnesota", iso: "US-MN"), city: nil, atSea: false, distanceKm: 0)
        let answer = ReverseAnswer(
            served: ServedPlace(country: "USA", state: "Minnesota", city: nil, supported: true), place: place)
        let text = String(decoding: try AnswerCoding.encode(answer), as: UTF8.self)
        #expect(text.hasPrefix(#"{"city":null,"country":"USA","latitude":44.97,"longitude":-93.26,"place":{"#))
        #expect(text.hasSuffix(#""state":"Minnesota","supported":true}"#))
        #expect(try AnswerCoding.decode(ReverseAnswer.self, from: Array(text.utf8)) == answer)
    }
}
