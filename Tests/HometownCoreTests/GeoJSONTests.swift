import Foundation
import Testing

@testable import HometownCore

@Suite struct GeoJSONTests {
    @Test func roundTripsAFeatureCollection() throws {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[-122.3,47.6]},"properties":{"name":"Seattle","n":3,"ok":true,"x":null}}]}"#
        let fc = try JSONDecoder().decode(GeoJSONFeatureCollection.self, from: Data(text.utf8))
        #expect(fc.features.count == 1)
        #expect(fc.features[0].geometry == .point([-122.3, 47.6]))
        #expect(fc.features[0].properties?["name"] == .string("Seattle"))
        let enc = JSONEncoder()
        enc.outputFormatting = .sortedKeys
        let again = try JSONDecoder().decode(GeoJSONFeatureCollection.self, from: try enc.encode(fc))
        #expect(again == fc)
        #expect(String(decoding: try enc.encode(JSONValue.number(3)), as: UTF8.self) == "3")
    }

    @Test func rejectsUnknownGeometryType() {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(GeoJSONGeometry.self, from: Data(#"{"type":"Circle","coordinates":[0,0]}"#.utf8))
        }
    }
}
