import Foundation
import HometownCore
import HometownMarkers
import Testing

@Suite struct ReaderTests {
    static func read(_ text: String, _ file: String, _ format: MarkerFormat? = nil) throws(MarkersError) -> [Marker] {
        try MarkerReader.read(data: Data(text.utf8), file: file, format: format ?? MarkerFormat.fromExtension(file))
    }

    @Test func geoJSONPoints() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [-93.29, 44.97]}, "properties": {"city": "Minneapolis"}},
              {"type": "Feature", "geometry": null, "properties": null}
            ]}
            """
        let m = try Self.read(text, "a.geojson")
        #expect(m.count == 2)
        #expect(m[0].id == .number(7))
        #expect(m[0].coordinate == Coordinate(uncheckedLatitude: 44.97, longitude: -93.29))
        #expect(m[0]["city"] == .string("Minneapolis"))
        #expect(m[1].coordinate == nil && m[1].properties == nil)
        // Detected from content too.
        #expect(try Self.read(text, "a.json").count == 2)
    }

    @Test(
        "bad GeoJSON rows name the feature",
        arguments: [
            (
                #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{}}"#,
                "LineString"
            ),
            (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[0, 91]},"properties":{}}"#, "latitude 91"),
            (
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":["x", 1]},"properties":{}}"#,
                "[longitude, latitude]"
            ),
        ])
    func badGeoJSON(feature: String, mentions: String) {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},"#
            + feature + "]}"
        do {
            _ = try Self.read(text, "b.geojson")
            Issue.record("expected an error")
        } catch {
            guard case .invalidRow(let file, let location, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == "b.geojson" && location == "feature 2", "the second element of features")
            #expect(reason.contains(mentions), "\(reason)")
        }
    }

    @Test func csvWithQuotesAndCRLF() throws {
        let text =
            "id,Latitude,lon,city,year\r\n1,44.97,-93.29,\"Minneapolis, MN\",1985\r\n\r\n2,48.11,-98.86,\"Devils \"\"Lake\"\"\",1985\r\n"
        let m = try Self.read(text, "u.csv")
        #expect(m.count == 2)
        #expect(m[0].id == .number(1))
        #expect(m[0]["city"] == .string("Minneapolis, MN"))
        #expect(m[1]["city"] == .string("Devils \"Lake\""))
        #expect(m[1]["year"] == .number(1985))
        #expect(m[1].location == "line 4")
    }

    @Test(
        "bad CSV rows name the line",
        arguments: [
            ("lat,lon\n1,2\n3\n", "line 3"),
            ("lat,lon\n1,2\n95,2\n", "line 3"),
            ("lat,lon\n1,2\nabc,2\n", "line 3"),
            ("lat,lon\n1,2\n\n\n1,\n", "line 5"),
        ])
    func badCSV(text: String, location: String) {
        #expect(throws: MarkersError.self) { try Self.read(text, "c.csv") }
        do { _ = try Self.read(text, "c.csv") } catch {
            guard case .invalidRow(_, let loc, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(loc == location)
        }
    }

    @Test func csvWithoutPositionColumns() {
        #expect(throws: MarkersError.self) { try Self.read("name,x\na,1\n", "d.csv") }
        #expect(throws: MarkersError.self) { try Self.read("lat,lon\n\"1,2\n", "d.csv") }
    }

    @Test func ndjsonLines() throws {
        let text = """
            {"id": 1, "latitude": 10, "longitude": 20, "country": "USA"}

            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [30, 40]}, "properties": {"year": 2001}}
            {"lat": "5.5", "lng": "-7.25"}
            """
        let m = try Self.read(text, "e.ndjson")
        #expect(m.count == 3)
        #expect(m[0]["country"] == .string("USA") && m[0]["latitude"] == nil)
        #expect(m[1].coordinate?.latitude == 40)
        #expect(m[2].coordinate == Coordinate(uncheckedLatitude: 5.5, longitude: -7.25))
        #expect(m[2].location == "line 4")
        #expect(
            throws: MarkersError.invalidRow(
                file: "e.ndjson", location: "line 2",
                reason: "no longitude: expected a \"longitude\", \"lon\" or \"lng\" member")
        ) {
            try Self.read("{\"lat\":1,\"lon\":2}\n{\"lat\":1}\n", "e.ndjson")
        }
        #expect(throws: MarkersError.self) { try Self.read("{\"lat\":1,\"lon\":2}\n{oops\n", "e.ndjson") }
    }

    @Test func usersArray() throws {
        let text = """
            [{"nickname":"rew","country":"USA","state":"North Dakota","city":"Devils Lake","year":1985,
              "longitude":0,"latitude":0,"id":1,"time-stamp":"2017-03-01T20:31:00.632Z"},
             {"nickname":"rew2","country":"USA","state":"Minnesota","city":"Minneapolis","year":1985,
              "longitude":-93.293753,"latitude":44.966060,"id":2,"time-stamp":"2017-03-01T20:32:00.000Z"}]
            """
        let m = try Self.read(text, "users.json")
        #expect(m.map(\.id) == [.number(1), .number(2)])
        #expect(m[1]["nickname"] == .string("rew2") && m[1]["time-stamp"] != nil)
        #expect(m[1].coordinate == Coordinate(uncheckedLatitude: 44.966060, longitude: -93.293753))
        do {
            _ = try Self.read(#"[{"nickname":"x","latitude":"north","longitude":1}]"#, "users.json")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("user 0 (\"x\")"))
        }
    }

    @Test func csvCellsKeepTheFormTheyAreWrittenIn() throws {
        let text = "lat,lon,id,zip,code,price,year,big,depth\n45,-93,007,02134,+5,1.50,1985,12345678901234567890,-3.5\n"
        let m = try Self.read(text, "k.csv")
        #expect(m[0].id == .string("007"))
        #expect(m[0]["zip"] == .string("02134") && m[0]["code"] == .string("+5") && m[0]["price"] == .string("1.50"))
        #expect(m[0]["big"] == .string("12345678901234567890"))
        #expect(m[0]["year"] == .number(1985) && m[0]["depth"] == .number(-3.5))
        // An id written with leading zeros still counts as its number for --after-id.
        #expect(try MarkerFilter(afterID: 6).apply(m).count == 1)
    }

    @Test(
        "a byte order mark before JSON leaves the format to the content",
        arguments: [
            ("users.json", #"[{"nickname":"a","latitude":1,"longitude":2}]"#),
            (
                "a.json",
                "{\"type\": \"FeatureCollection\",\n \"features\": [{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [2, 1]}, \"properties\": {}}]}\n"
            ),
            ("-", "{\"lat\": 1, \"lon\": 2}\n{\"lat\": 3, \"lon\": 4}\n"),
        ])
    func byteOrderMark(file: String, text: String) throws {
        let m = try Self.read("\u{FEFF}" + text, file)
        #expect(m.first?.coordinate == Coordinate(uncheckedLatitude: 1, longitude: 2))
    }

    @Test func oneLineOfNDJSONIsOneMarker() throws {
        let m = try Self.read("{\"lat\": 45, \"lon\": -93, \"city\": \"x\"}\n", "-")
        #expect(m.count == 1 && m[0]["city"] == .string("x"))
        // A whole FeatureCollection on one line is GeoJSON.
        let collection =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"properties":{}}]}"#
        #expect(try Self.read(collection, "-").count == 1)
    }

    /// A GeoJSON document over several lines with a syntax error far in is reported by the GeoJSON reader, not read
    /// as NDJSON whose first line ("{") is at fault.
    @Test func aSyntaxErrorInAGeoJSONDocumentIsNotPutOnItsFirstLine() {
        var lines = ["{", "  \"type\": \"FeatureCollection\",", "  \"features\": ["]
        for k in 0..<30 {
            lines.append(
                "    {\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\(k), 1]}, \"properties\": {}},"
            )
        }
        lines.append("  ]")  // the comma before it is the fault
        lines.append("}")
        do {
            _ = try Self.read(lines.joined(separator: "\n"), "g.json")
            Issue.record("expected an error")
        } catch {
            guard case .malformed(let file, let reason) = error else {
                Issue.record("not the GeoJSON reader's error: \(error)")
                return
            }
            #expect(file == "g.json" && !reason.contains("line 1,"), "\(reason)")
        }
    }

    @Test func unreadableFile() {
        #expect(throws: MarkersError.self) { try MarkerReader.read(path: "/nonexistent/markers.csv") }
    }
}
