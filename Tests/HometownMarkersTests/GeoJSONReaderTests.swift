import Foundation
import HometownCore
import HometownTestSupport
import Testing

@testable import HometownMarkers

/// Large GeoJSON files are read in two parts on two threads (`GeoJSONMarkerReader`); the answer and the errors
/// must be those of reading the whole text at once. The oracle here parses the whole text into a `JSONValue`.
@Suite(.onComputeThreads) struct GeoJSONReaderTests {
    /// A FeatureCollection of `count` features (about 130 bytes each): ids, properties, null geometries,
    /// altitudes, members in varied order. `insert` puts a feature's text as is at a place in the list.
    static func collection(count: Int, seed: UInt64, insert: (at: Int, text: String)? = nil, typeLast: Bool = false)
        -> String
    {
        var rng = SeededRandom(seed: seed)
        var features: [String] = []
        for i in 0..<count {
            let lon = rng.unit() * 360 - 180
            let lat = rng.unit() * 170 - 85
            switch i % 5 {
            case 0:
                features.append(
                    #"{"type":"Feature","id":\#(i),"properties":{"city":"C\#(i)","year":\#(2000 + i % 20)},"geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#
                )
            case 1:
                features.append(
                    #"{ "geometry": { "coordinates": [\#(lon), \#(lat), 12.5], "type": "Point" }, "type": "Feature", "properties": null }"#
                )
            case 2:
                features.append(#"{"type":"Feature","geometry":null,"properties":{"note":"no place, {\"x\": [1,2]}"}}"#)
            case 3:
                features.append(
                    #"{"properties":{},"type":"Feature","id":"f\#(i)","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#
                )
            default:
                features.append(
                    #"{"type":"Feature","properties":{"nested":{"a":[{"b":1},{"c":"],{"}]}},"geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#
                )
            }
        }
        if let insert { features.insert(insert.text, at: insert.at) }
        let list = features.joined(separator: ",\n")
        return typeLast
            ? "{\"features\":[\n\(list)\n],\"type\":\"FeatureCollection\"}"
            : "{\"type\":\"FeatureCollection\",\"features\":[\n\(list)\n]}"
    }

    /// The markers a reader of the whole parsed text expects.
    static func expected(_ text: String) throws -> [(JSONValue?, Coordinate?, [String: JSONValue]?)] {
        guard case .object(let top) = try JSONValue.parse(Array(text.utf8)),
            case .array(let features)? = top["features"]
        else {
            Issue.record("not a collection")
            return []
        }
        return try features.map { f in
            guard case .object(let o) = f else {
                throw CoreError.malformedJSON(offset: 0, line: 1, column: 1, reason: "feature")
            }
            var props: [String: JSONValue]?
            if case .object(let p)? = o["properties"] { props = p }
            var coordinate: Coordinate?
            if case .object(let g)? = o["geometry"], case .array(let c)? = g["coordinates"] {
                coordinate = try Coordinate(latitude: c[1].doubleValue!, longitude: c[0].doubleValue!)
            }
            return (o["id"], coordinate, props)
        }
    }

    static func expectSame(_ text: String) throws {
        let markers = try MarkerReader.read(data: Data(text.utf8), file: "big.geojson", format: .geoJSON)
        let expected = try GeoJSONReaderTests.expected(text)
        #expect(markers.count == expected.count)
        var differing = 0
        for (k, (m, e)) in zip(markers, expected).enumerated()
        where m.id != e.0 || m.coordinate != e.1 || m.properties != e.2 || m.location != "feature \(k + 1)" {
            differing += 1
        }
        #expect(differing == 0)
    }

    @Test func largeFileReadInTwoPartsIsTheWholeFile() throws {
        let text = GeoJSONReaderTests.collection(count: 40_000, seed: 1)
        #expect(text.utf8.count > 1 << 22)  // large enough to be split
        try GeoJSONReaderTests.expectSame(text)
        try GeoJSONReaderTests.expectSame(GeoJSONReaderTests.collection(count: 40_000, seed: 2, typeLast: true))
    }

    /// Found by fuzzing (tools/fuzz, geojson-markers, the corpus file regression-brace-at-start): with the
    /// split forced, a text whose middle is a `{` at index 0 made the split guess read the byte before the
    /// text. Tiny texts read in two parts must give what one reader gives, answer or error.
    @Test func tinyTextsReadInTwoPartsAsInOne() {
        let texts = [
            "{", " {", "{}", ",{", "[{", "", "{,", #"{"type":"FeatureCollection","features":[{},{}]}"#,
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}}]}"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            let one = Result { () throws(MarkersError) in try GeoJSONMarkerReader.read(data, file: "f", splitSize: .max)
            }
            let two = Result { () throws(MarkersError) in try GeoJSONMarkerReader.read(data, file: "f", splitSize: 0) }
            #expect("\(one)" == "\(two)", "text: \(text)")
        }
    }

    @Test func aWrongGuessInsideAStringFallsBackToOneReader() throws {
        // A long string in the middle full of ",{" (a false element start), as a property of one feature.
        let filler = String(repeating: ", {\\\"x\\\": 1}", count: 200_000)
        let middle =
            #"{"type":"Feature","properties":{"text":"\#(filler)"},"geometry":{"type":"Point","coordinates":[1,2]}}"#
        try GeoJSONReaderTests.expectSame(
            GeoJSONReaderTests.collection(count: 40_000, seed: 3, insert: (20_000, middle)))
    }

    @Test func faultsInTheSecondPartNameTheirFeature() throws {
        let bad = #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#
        let text = GeoJSONReaderTests.collection(count: 40_000, seed: 4, insert: (30_000, bad))
        do {
            _ = try MarkerReader.read(data: Data(text.utf8), file: "big.geojson", format: .geoJSON)
            Issue.record("expected an error")
        } catch {
            guard case .invalidRow(let file, let location, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == "big.geojson" && location == "feature 30001" && reason.contains("LineString"))
        }
    }

    @Test func aSyntaxErrorAnywhereComesBeforeAFault() throws {
        // A fault in the first part, broken JSON near the end: the whole text is not JSON, and that is reported.
        var text = GeoJSONReaderTests.collection(count: 40_000, seed: 5)
        text = text.replacingOccurrences(
            of: "\"C100\"", with: "\"C100\",\"x\":1}},{\"type\":\"Nope\",\"geometry\":null,\"properties\":{\"y\":1")
        let cut = text.index(text.endIndex, offsetBy: -2_000)
        text.insert(contentsOf: ":::", at: cut)
        do {
            _ = try MarkerReader.read(data: Data(text.utf8), file: "big.geojson", format: .geoJSON)
            Issue.record("expected an error")
        } catch {
            guard case .malformed(_, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("byte"))
        }
    }
}
