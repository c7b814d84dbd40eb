import Foundation
import HometownTestSupport
import Testing

/// PROJ's and GeographicLib's own command-line tools (Debian proj-bin and geographiclib-tools, installed by
/// tools/install-deps.sh), run on the same inputs as the references.
enum ReferenceTool {
    /// Runs `tool` with `args`, feeding `input` on stdin; returns stdout split into lines of whitespace-separated fields.
    static func run(_ tool: String, _ args: [String], input: String) async throws -> [[String]] {
        let run = try await ChildProcess.run("/usr/bin/" + tool, args, stdin: input)
        return run.out.split(separator: "\n").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
    }

    /// cs2cs's (x, y) for one point given in cs2cs's own axis order.
    static func cs2cs(_ crs: [String], _ a: Double, _ b: Double) async throws -> (Double, Double) {
        let line = try #require(try await run("cs2cs", ["-f", "%.12f"] + crs, input: "\(a) \(b)\n").first)
        return (d(line[0]), d(line[1]))
    }
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// The number in a JSON value, or NaN (which fails every comparison).
private func number(_ v: Any?) -> Double { (v as? NSNumber)?.doubleValue ?? .nan }

/// The number in a text, or NaN.
private func d(_ s: String) -> Double { Double(s) ?? .nan }

/// The fields of one CSV line (quoted fields may hold commas; no line breaks).
private func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    for c in line {
        if c == "\"" {
            quoted.toggle()
        } else if c == "," && !quoted {
            fields.append(field)
            field = ""
        } else {
            field.append(c)
        }
    }
    return fields + [field]
}

/// The smallest difference between two angles in degrees.
private func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

@Suite struct ProjCommandTests {
    static let points: [(lat: Double, lon: Double)] = [
        (44.97, -93.26), (-33.87, 151.21), (0, 0), (51.4778, -0.0015), (-54.8, -68.3), (64.1466, -21.9426),
        (84.9, 179.9),
    ]

    // MARK: transform

    @Test func oneGeographicPointToWebMercatorMatchesCs2cs() async throws {
        for p in Self.points {
            let r = try await CLI.run([
                "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", String(p.lon), String(p.lat),
            ])
            #expect(r.status == 0, "\(p): \(r.err)")
            let o = try json(r.out)
            #expect(o["from"] as? String == "EPSG:4326" && o["to"] as? String == "EPSG:3857")
            // cs2cs follows the EPSG axis order: latitude first for EPSG:4326.
            let ref = try await ReferenceTool.cs2cs(["EPSG:4326", "EPSG:3857"], p.lat, p.lon)
            #expect(
                abs(number(o["x"]) - ref.0) < 1e-3 && abs(number(o["y"]) - ref.1) < 1e-3, "\(p): \(r.out) vs \(ref)")
        }
    }

    @Test func utmByCodeAndByProjStringMatchCs2cs() async throws {
        let utm = ["+proj=utm", "+zone=15", "+datum=WGS84"]
        for p in [(44.97, -93.26), (30.0, -95.5), (0.5, -90.0)] {
            let ref = try await ReferenceTool.cs2cs(["EPSG:4326", "+to"] + utm, p.0, p.1)
            let byCode = try await ReferenceTool.cs2cs(["EPSG:4326", "EPSG:32615"], p.0, p.1)
            #expect(byCode.0 == ref.0 && byCode.1 == ref.1)
            for to in ["EPSG:32615", "32615", utm.joined(separator: " ")] {
                let r = try await CLI.run(["transform", "--from", "4326", "--to", to, String(p.1), String(p.0)])
                #expect(r.status == 0, "\(to): \(r.err)")
                let o = try json(r.out)
                #expect(
                    abs(number(o["x"]) - ref.0) < 1e-3 && abs(number(o["y"]) - ref.1) < 1e-3,
                    "\(to) \(p): \(r.out) vs \(ref)")
            }
        }
    }

    @Test func projectedToGeographicGivesLongitudeFirst() async throws {
        for (x, y) in [(-10381655.711380694, 5616799.835984551), (5_000_000.0, -10_000_000.0), (0.0, 0.0)] {
            let r = try await CLI.run([
                "transform", "--from", "EPSG:3857", "--to", "EPSG:4326", "--", String(x), String(y),
            ])
            #expect(r.status == 0, "\(r.err)")
            let o = try json(r.out)
            let ref = try await ReferenceTool.cs2cs(["EPSG:3857", "EPSG:4326"], x, y)  // cs2cs: latitude, longitude
            #expect(abs(number(o["x"]) - ref.1) < 1e-9 && abs(number(o["y"]) - ref.0) < 1e-9, "\(r.out) vs \(ref)")
        }
    }

    @Test(arguments: [
        ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "-93.26", "44.97"],
        ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--", "-93.26", "44.97"],
        ["transform", "-93.26", "44.97", "--from", "EPSG:4326", "--to", "EPSG:3857"],
        ["transform", "--from", "4326", "--to", "3857", "-93.26", "44.97"],
    ])
    func negativeNumbersNeedNoQuoting(_ args: [String]) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 0, "\(args): \(r.err)")
        let o = try json(r.out)
        #expect(abs(number(o["x"]) - -10381655.711380694) < 1e-3 && abs(number(o["y"]) - 5616799.835984551) < 1e-3)
    }

    @Test(arguments: [
        (
            ["transform", "--from", "EPSG:999999", "--to", "EPSG:3857", "0", "0"],
            #"from "EPSG:999999" to "EPSG:3857": crs not found"#
        ),
        (["transform", "--from", "EPSG:4326", "--to", "+proj=nonsense", "0", "0"], "nonsense"),
        (["transform", "--from", "foo", "--to", "3857", "-93.26", "44.97"], "PROJ's nearest is 'Amersfoort'"),
        (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "abc", "0"], "not a number"),
        (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "nan", "0"], "not a number"),
        (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "1"], "expected X Y"),
        (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "0", "91"], "cannot transform"),
        (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--bogus", "0", "0"], "unknown option --bogus"),
        (["transform", "--to", "EPSG:3857", "0", "0"], "--from"),
        (
            ["transform", "--from", "99999999999999999999", "--to", "3857", "1", "2"],
            "--from 99999999999999999999 is not an EPSG code: it has too many digits"
        ),
    ])
    func badInputExitsWithTwoAndSaysWhy(_ args: [String], _ says: String) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 2, "\(args): \(r.out) \(r.err)")
        #expect(r.err.contains(says), "\(args): \(r.err)")
        #expect(r.out.isEmpty)
    }

    /// Without PROJ's database no code is known: the installation is at fault (exit 1, as without PROJ), and the
    /// message says what to install (it was "Unknown error (code 2)", exit 2, as for a CRS that does not exist).
    @Test func aMissingProjDatabaseIsASystemFailure() async throws {
        let empty = TestScratch.newFolder("no-proj")
        let r = try await HometownBinary.run(
            ["transform", "--from", "4326", "--to", "3857", "1", "2"], environment: ["PROJ_DATA": empty.path])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("PROJ has no database") && r.err.contains("proj.db") && r.err.contains("proj-data"))
        #expect(r.out.isEmpty)
    }

    @Test func csvBatchAddsColumnsKeepsBadRowsAndMatchesCs2cs() async throws {
        let input = """
            id,name,lon,lat
            1,minneapolis,-93.26,44.97
            2,bad,abc,5
            3,"Sydney, NSW",151.21,-33.87
            4,short
            5,pole,0,91
            6,origin,0,0

            """
        let r = try await CLI.run(
            ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--input", "-"], stdin: input)
        #expect(r.status == 3, "rows with errors: exit status 3; \(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0] == "id,name,lon,lat,to_x,to_y,error")
        for (k, p) in [(1, (44.97, -93.26)), (3, (-33.87, 151.21)), (6, (0.0, 0.0))] {
            let fields = csvFields(lines[k])
            let ref = try await ReferenceTool.cs2cs(["EPSG:4326", "EPSG:3857"], p.0, p.1)
            let n = fields.count
            #expect(fields[n - 1].isEmpty, "\(lines[k])")
            #expect(
                abs(d(fields[n - 3]) - ref.0) < 1e-3 && abs(d(fields[n - 2]) - ref.1) < 1e-3, "\(lines[k]) vs \(ref)")
        }
        #expect(lines[3].hasPrefix("3,\"Sydney, NSW\",151.21,-33.87,"))
        #expect(
            lines[2].hasPrefix("2,bad,abc,5,,,") && lines[2].contains("line 3") && lines[2].contains("not a number"))
        #expect(lines[4].hasPrefix("4,short,,,,,") && lines[4].contains("line 5: expected 4 fields, found 2"))
        #expect(lines[5].hasPrefix("5,pole,0,91,,,") && lines[5].contains("line 6"))
        #expect(r.err.contains("6 rows, 3 with errors"))
    }

    @Test func csvColumnsCanBeChosenAndUTMMatchesCs2cs() async throws {
        let r = try await CLI.run(
            [
                "transform", "--from", "EPSG:4326", "--to", "EPSG:32615", "--input", "-", "--input-format", "csv",
                "--x-column", "E", "--y-column", "N",
            ], stdin: "N,E\n44.97,-93.26\n")
        #expect(r.status == 0, "\(r.err)")
        let f = r.out.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let ref = try await ReferenceTool.cs2cs(["EPSG:4326", "EPSG:32615"], 44.97, -93.26)
        #expect(f[0] == "44.97" && f[1] == "-93.26" && f[4].isEmpty)
        #expect(abs(d(f[2]) - ref.0) < 1e-3 && abs(d(f[3]) - ref.1) < 1e-3)
    }

    @Test(arguments: [
        ("a,b\n1,2\n", "no x column"), ("", "empty"),
    ])
    func csvWithoutUsableColumnsIsInvalidInput(_ input: String, _ says: String) async throws {
        let r = try await CLI.run(
            ["transform", "--from", "4326", "--to", "3857", "--input", "-", "--input-format", "csv"], stdin: input)
        #expect(r.status == 2)
        #expect(r.err.contains(says), "\(r.err)")
    }

    /// The output of `reverse --input` (with its "error" column) transformed: the input's "error" and "to_x"
    /// columns are headed "<name>_input", as their keys are in NDJSON, and keep their values.
    @Test func columnsNamedLikeTheAddedOnesMoveAside() async throws {
        let args = ["transform", "--from", "4326", "--to", "3857", "--input", "-", "--input-format", "csv", "-q"]
        let input = "x,y,to_x,error\n-93.26,44.97,mine,none\n"
        let csv = try await CLI.run(args, stdin: input)
        #expect(csv.status == 0, "\(csv.err)")
        let lines = csv.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "x,y,to_x_input,error_input,to_x,to_y,error")
        #expect(lines.count == 2 && lines[1].hasPrefix("-93.26,44.97,mine,none,-1038165"), "\(lines)")
        let ndjson = try await CLI.run(args + ["--format", "ndjson"], stdin: input)
        #expect(ndjson.status == 0, "\(ndjson.err)")
        let kept = #"{"x":"-93.26","y":"44.97","to_x_input":"mine","error_input":"none","#
        #expect(ndjson.out.hasPrefix(kept + #""to_x":-1038165"#), "\(ndjson.out)")
    }

    @Test func ndjsonBatch() async throws {
        let input = """
            {"id": 1, "x": 5000000, "y": -10000000}
            {"id": 2, "easting": "0", "northing": "0"}

            not json
            {"id": 4}
            {"id": 5, "x": true, "y": 0}

            """
        let r = try await CLI.run(
            ["transform", "--from", "EPSG:3857", "--to", "EPSG:4326", "--input", "-"], stdin: input)
        #expect(r.status == 3, "rows with errors: exit status 3; \(r.err)")
        let rows = try r.out.split(separator: "\n").map { try json(String($0)) }
        #expect(rows.count == 5)
        let ref = try await ReferenceTool.cs2cs(["EPSG:3857", "EPSG:4326"], 5_000_000, -10_000_000)
        #expect(rows[0]["id"] as? Int == 1 && rows[0]["error"] is NSNull)
        #expect(abs(number(rows[0]["to_x"]) - ref.1) < 1e-9 && abs(number(rows[0]["to_y"]) - ref.0) < 1e-9)
        #expect(number(rows[1]["to_x"]) == 0 && number(rows[1]["to_y"]) == 0)
        #expect((rows[2]["error"] as? String)?.contains("line 4: not valid JSON") == true && rows[2]["to_x"] is NSNull)
        #expect(rows[2]["_line"] as? String == "not json", "a line that is not an object keeps its text")
        #expect((rows[3]["error"] as? String)?.contains("line 5: no x") == true)
        #expect(
            (rows[4]["error"] as? String)?.contains("line 6: x must be a number") == true && rows[4]["to_y"] is NSNull)
        #expect(r.err.contains("5 rows, 3 with errors"))
    }

    @Test func ndjsonValuesPassThroughAsWritten() async throws {
        let r = try await CLI.run(
            ["transform", "--from", "4326", "--to", "3857", "--input", "-", "-q"],
            stdin: #"{"id": 18446744073709551615, "x": 0, "y": 0e0, "tags": ["a", 1.0]}"# + "\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out == #"{"id":18446744073709551615,"x":0,"y":0e0,"tags":["a", 1.0],"to_x":0,"to_y":0,"error":null}"#
                + "\n")
    }

    // MARK: distance

    @Test func distanceAndAzimuthsMatchGeod() async throws {
        let pairs: [(Double, Double, Double, Double)] = [
            (44.97, -93.26, -33.87, 151.21), (48.8566, 2.3522, 40.7128, -74.006), (0, 0, 0, 179.5), (0, 0, 0.5, 179.7),
            (-45, 170, 45, -170), (89.9, 0, -89.9, 0.1), (10, 20, 10, 20.000001), (-33.87, 151.21, 51.4778, -0.0015),
        ]
        let input = pairs.map { "\($0.0) \($0.1) \($0.2) \($0.3)" }.joined(separator: "\n") + "\n"
        let ref = try await ReferenceTool.run(
            "geod", ["+ellps=WGS84", "-I", "-f", "%.12f", "-F", "%.6f"], input: input)
        #expect(ref.count == pairs.count)
        for (k, p) in pairs.enumerated() {
            let r = try await CLI.run(["distance", "\(p.0),\(p.1)", "\(p.2),\(p.3)"])
            #expect(r.status == 0, "\(r.err)")
            let o = try json(r.out)
            let az12 = d(ref[k][0])
            let az21 = d(ref[k][1])
            let metres = d(ref[k][2])
            #expect(abs(number(o["distance_m"]) - metres) < 1e-3, "\(p): \(r.out) vs \(ref[k])")
            #expect(abs(number(o["distance_km"]) * 1000 - metres) < 1e-3)
            // geod prints the back azimuth (from the second point towards the first): final azimuth ± 180.
            #expect(angleDifference(number(o["initial_azimuth"]), az12) < 1e-9, "\(p): \(r.out) vs \(ref[k])")
            #expect(angleDifference(number(o["final_azimuth"]), az21 + 180) < 1e-9, "\(p): \(r.out) vs \(ref[k])")
            for key in ["initial_azimuth", "final_azimuth"] {
                let a = number(o[key])
                #expect(a >= 0 && a < 360)
            }
        }
    }

    @Test func distanceOutputShapeAndFourNumberForm() async throws {
        let a = try await CLI.run(["distance", "44.97,-93.26", "-33.87,151.21"])
        let b = try await CLI.run(["distance", "--", "44.97", "-93.26", "-33.87", "151.21"])
        #expect(a.status == 0 && b.status == 0, "\(a.err) \(b.err)")
        #expect(a.out == b.out)
        let o = try json(a.out)
        #expect(
            Set(o.keys) == ["from", "to", "distance_km", "distance_m", "initial_azimuth", "final_azimuth", "ellipsoid"])
        #expect((o["to"] as? [String: Any])?["latitude"] as? Double == -33.87)
        #expect(o["ellipsoid"] as? String == "WGS84")
        #expect(a.out.hasPrefix("{\"from\": {\"latitude\": 44.97, \"longitude\": -93.26}, \"to\": "))
    }

    @Test(arguments: [
        ["distance", "44.97,-93.26"], ["distance", "91,0", "0,0"], ["distance", "1,2", "3"],
        ["distance", "a,b", "1,2"],
        ["distance", "1;2", "3,4"], ["distance", "0,181", "0,0"],
    ])
    func distanceBadInput(_ args: [String]) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 2, "\(args): \(r.out)")
        #expect(r.err.contains("hometown:") && r.out.isEmpty)
    }

    // MARK: area

    /// GeographicLib's Planimeter on one ring (given as [lon, lat]): (perimeter, |area|).
    private func planimeter(_ ring: [[Double]]) async throws -> (Double, Double) {
        let input = ring.map { "\($0[1]) \($0[0])" }.joined(separator: "\n") + "\n"
        let line = try #require(try await ReferenceTool.run("Planimeter", ["-p", "9"], input: input).first)
        return (d(line[1]), abs(d(line[2])))
    }

    private func area(_ geojson: String) async throws -> [String: Any] {
        let r = try await CLI.run(["area", "--input", "-"], stdin: geojson)
        #expect(r.status == 0, "\(r.err)")
        return try json(r.out)
    }

    private func ringText(_ ring: [[Double]]) -> String {
        "[" + ring.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]"
    }

    static let minnesotaish: [[Double]] = [
        [-97.2, 43.5], [-91.2, 43.5], [-92.0, 46.7], [-89.5, 48.0], [-95.2, 49.0], [-97.2, 49.0], [-97.2, 43.5],
    ]
    static let hole: [[Double]] = [[-95, 45], [-94, 45], [-94, 46], [-95, 46], [-95, 45]]
    static let southern: [[Double]] = [[151.0, -34.0], [151.3, -33.7], [151.1, -33.6], [151.0, -34.0]]  // clockwise

    @Test func polygonWithHoleMatchesPlanimeter() async throws {
        let o = try await area(
            #"{"type": "Polygon", "coordinates": [\#(ringText(Self.minnesotaish)), \#(ringText(Self.hole))]}"#)
        let outer = try await planimeter(Array(Self.minnesotaish.dropLast()))
        let inner = try await planimeter(Array(Self.hole.dropLast()))
        #expect(abs(number(o["area_m2"]) - (outer.1 - inner.1)) < 1e-3, "\(o) vs \(outer) \(inner)")
        #expect(abs(number(o["area_km2"]) * 1e6 - (outer.1 - inner.1)) < 1e-3)
        #expect(abs(number(o["perimeter_m"]) - (outer.0 + inner.0)) < 1e-3)
        #expect(abs(number(o["perimeter_km"]) * 1000 - (outer.0 + inner.0)) < 1e-3)
        #expect(o["polygons"] as? Int == 1 && o["rings"] as? Int == 2 && o["ellipsoid"] as? String == "WGS84")
    }

    @Test func featureCollectionOfPolygonAndMultiPolygonSumsAndIgnoresOrientation() async throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "mn"}, "geometry": {"type": "Polygon", "coordinates": [\(ringText(Self.minnesotaish))]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "MultiPolygon", "coordinates": [[\(ringText(Self.southern))], [\(ringText(Self.hole))]]}}
            ]}
            """
        let o = try await area(text)
        let rings = [Self.minnesotaish, Self.southern, Self.hole].map { Array($0.dropLast()) }
        var refs: [(Double, Double)] = []
        for ring in rings { refs.append(try await planimeter(ring)) }
        #expect(abs(number(o["area_m2"]) - refs.map(\.1).reduce(0, +)) < 1e-3, "\(o) vs \(refs)")
        #expect(abs(number(o["perimeter_m"]) - refs.map(\.0).reduce(0, +)) < 1e-3)
        #expect(o["polygons"] as? Int == 3 && o["rings"] as? Int == 3)
        // The same ring reversed (and unclosed) has the same area.
        let reversed = try await area(
            #"{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [\#(ringText(Array(Self.southern.dropLast().reversed())))]}}"#
        )
        #expect(abs(number(reversed["area_m2"]) - refs[1].1) < 1e-3)
    }

    /// An octant of the ellipsoid (the equator from 0° to 90°E, then the north pole: all three edges are geodesics)
    /// is an eighth of the ellipsoid's area, 2πa²(1 + (1 - e²) atanh(e) / e) for WGS84, computed here on its own.
    @Test func octantIsAnEighthOfTheEllipsoid() async throws {
        let a = 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let e = e2.squareRoot()
        let total = 2 * Double.pi * a * a * (1 + (1 - e2) * atanh(e) / e)
        let o = try await area(#"{"type": "Polygon", "coordinates": [[[0, 0], [90, 0], [0, 90], [0, 0]]]}"#)
        let m2 = number(o["area_m2"])
        #expect(abs(m2 - total / 8) / (total / 8) < 1e-12, "\(m2) vs \(total / 8)")
        // Its perimeter: a quarter of the equator plus two quarter meridians.
        let ref = try await planimeter([[0, 0], [90, 0], [0, 90]])
        #expect(abs(number(o["perimeter_m"]) - ref.0) < 1e-3 && abs(m2 - ref.1) < 1e-2)
    }

    @Test(arguments: [
        (#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, "LineString"),
        ("not json", "not valid JSON"),
        (#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}"#, "at least 3 vertices"),
        (
            #"{"type": "Polygon", "coordinates": [[[0, 95], [1, 1], [2, 0], [0, 95]]]}"#,
            "-: the top-level object, ring 1, position 1: latitude 95"
        ),
        (#"{"type": "Feature", "geometry": null, "properties": {}}"#, "no geometry"),
        (#"{"type": "FeatureCollection", "features": []}"#, "no polygons"),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#,
            "feature 1 is a Point"
        ),
        // A hole larger than its outer ring cannot lie inside it (the area came out negative).
        (
            #"{"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [0, 0]], [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}"#,
            "the holes cover more than the outer ring"
        ),
        // The polygon at fault is named within its feature, whatever came before it.
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [0, 1], [0, 0]]], [[[5, 5], [6, 5], [5, 6], [5, 5]]]]}}, {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}}]}"#,
            "-: feature 2: "
        ),
    ])
    func areaBadInput(_ text: String, _ says: String) async throws {
        let r = try await CLI.run(["area", "--input", "-"], stdin: text)
        #expect(r.status == 2, "\(text): \(r.out)")
        #expect(r.err.contains(says), "\(text): \(r.err)")
    }

    @Test func helpDocumentsOutputOrderAndExitStatus() async throws {
        for command in ["transform", "distance", "area"] {
            let r = try await CLI.run([command, "--help"])
            #expect(r.status == 0)
            #expect(
                r.out.contains("Exit status: 0") && r.out.contains("2 invalid input")
                    && r.out.contains("1 system failure"), "\(command)")
            #expect(r.out.contains("hometown \(command)"), "\(command)")
        }
    }
}
