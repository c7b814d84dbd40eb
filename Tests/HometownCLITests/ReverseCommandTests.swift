import Foundation
import HometownTestSupport
import Testing

/// Runs the built `hometown` executable (a sibling of the test bundle) as a user would.
enum CLI {
    static let binary: String = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("hometown").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/.build/debug/hometown"
    }()

    /// Runs it with `args` and `stdin`, waiting off the task pool (`HometownBinary.run`).
    static func run(_ args: [String], stdin: String? = nil) async throws -> ChildProcess.Result {
        try await HometownBinary.run(args, stdin: stdin)
    }
}

@Suite struct ReverseCommandTests {
    @Test func onePointPrintsTheDocumentedObject() async throws {
        let r = try await CLI.run(["reverse", "47.6062", "-122.3321"])
        #expect(r.status == 0)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(Set(obj.keys) == ["latitude", "longitude", "country", "state", "city", "at_sea", "distance_km"])
        #expect((obj["country"] as? [String: Any])?["iso3"] as? String == "USA")
        #expect((obj["state"] as? [String: Any])?["iso"] as? String == "US-WA")
        #expect((obj["city"] as? [String: Any])?["name"] as? String == "Seattle")
        #expect(obj["at_sea"] as? Bool == false)
    }

    /// "China" / "Sichuan", as people say them.
    @Test func chengduIsChinaSichuan() async throws {
        let r = try await CLI.run(["reverse", "30.66", "104.06"])
        #expect(r.status == 0, "\(r.err)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((obj["country"] as? [String: Any])?["name"] as? String == "China")
        #expect((obj["state"] as? [String: Any])?["name"] as? String == "Sichuan")
        #expect((obj["state"] as? [String: Any])?["iso"] as? String == "CN-SC")
    }

    @Test(arguments: [["reverse", "--", "-33.87", "151.21"], ["reverse", "-33.87", "151.21"]])
    func negativeNumbersWithOrWithoutTheEndOfOptions(_ args: [String]) async throws {
        let r = try await CLI.run(args)
        #expect(r.status == 0, "\(args): \(r.err)")
        #expect(r.out.contains("\"iso2\": \"AU\""))
    }

    @Test func longitude180IsNormalised() async throws {
        let r = try await CLI.run(["reverse", "-17.8", "180"])
        #expect(r.status == 0)
        #expect(r.out.contains("\"longitude\": -180"))
    }

    @Test(arguments: [
        (["reverse", "91", "0"], "latitude"), (["reverse", "10", "abc"], "longitude"),
        (["reverse", "10"], "expected LAT LON (two numbers) or --input FILE, got 1 value(s)"),
        (["reverse", "nan", "0"], "latitude"), (["reverse", "-x", "1"], "unknown option -x"),
        (["reverse", "--input", "-", "1", "2"], "give either LAT LON or --input FILE, not both"),
    ])
    func badInputExitsWithTwoAndSaysWhy(args: [String], says: String) async throws {
        let r = try await CLI.run(args, stdin: "lat,lon\n1,2\n")
        #expect(r.status == 2)
        #expect(r.err.contains("hometown:") && r.err.contains(says), "\(args): \(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func csvBatchKeepsEveryRowInOrderWithErrors() async throws {
        let input = """
            id,name,lat,lon
            1,seattle,47.6062,-122.3321
            2,bad,abc,5
            3,"Paris, France",48.8566,2.3522
            4,short
            5,sea,0,-30
            6,out,95,0

            """
        let r = try await CLI.run(["reverse", "--input", "-"], stdin: input)
        #expect(r.status == 3, "rows with errors: exit status 3")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0] == "id,name,lat,lon,country,country_iso2,state,state_iso,city,error")
        #expect(lines[1].hasPrefix("1,seattle,47.6062,-122.3321,United States of America,US,Washington,US-WA,Seattle,"))
        #expect(
            lines[2].hasPrefix("2,bad,abc,5,,,,,,") && lines[2].contains("line 3") && lines[2].contains("not a number"))
        #expect(lines[3].hasPrefix("3,\"Paris, France\",48.8566,2.3522,France,FR,Paris,FR-75C,Paris,"))
        #expect(lines[4].contains("line 5: expected 4 fields, found 2"))
        #expect(lines[5] == "5,sea,0,-30,,,,,,")
        #expect(lines[6].contains("latitude 95.0 is out of range"))
        #expect(r.err.contains("6 rows, 3 with errors"))
    }

    /// A file in Latin-1 (an "é" as the single byte 0xE9): the row is kept, in order, and named as an error
    /// instead of being answered with its letter silently replaced.
    @Test func csvRowsThatAreNotUTF8AreErrorsNamingTheField() async throws {
        let path = NSTemporaryDirectory() + "hometown-latin1-\(UUID().uuidString).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Array("lat,lon,name\n48.85,2.35,Caf".utf8) + [0xE9] + Array("\n52.52,13.40,Berlin\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let r = try await CLI.run(["reverse", "--input", path])
        #expect(r.status == 3, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("48.85,2.35,Caf\u{FFFD},,,,,,"))
        #expect(lines[1].contains("line 2: field 3 holds bytes that are not UTF-8"))
        #expect(lines[2].hasPrefix("52.52,13.40,Berlin,Germany,DE,Berlin,DE-BE,Berlin,"))
        #expect(r.err.contains("2 rows, 1 with errors"))
    }

    @Test func csvColumnsCanBeChosen() async throws {
        let r = try await CLI.run(
            ["reverse", "--input", "-", "--format", "csv", "--lat-column", "Y", "--lon-column", "X"],
            stdin: "X,Y\n2.3522,48.8566\n")
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n")[1].hasPrefix("2.3522,48.8566,France,FR,Paris"))
    }

    @Test func csvWithoutCoordinateColumnsIsInvalidInput() async throws {
        let r = try await CLI.run(["reverse", "--input", "-", "--format", "csv"], stdin: "a,b\n1,2\n")
        #expect(r.status == 2)
        #expect(r.err.contains("no latitude column"))
    }

    @Test func ndjsonBatch() async throws {
        let input = """
            {"id": 1, "latitude": 47.6062, "longitude": -122.3321}
            {"id": 2, "lat": "48.8566", "lon": "2.3522"}
            not json
            {"id": 4}

            """
        let r = try await CLI.run(["reverse", "--input", "-", "--input-format", "ndjson"], stdin: input)
        #expect(r.status == 3, "rows with errors: exit status 3")
        let rows = try r.out.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(rows.count == 4)
        #expect(rows[0]["state_iso"] as? String == "US-WA" && rows[0]["id"] as? Int == 1)
        #expect(rows[1]["country_iso2"] as? String == "FR")
        #expect((rows[2]["error"] as? String)?.contains("line 3: not valid JSON") == true)
        #expect((rows[3]["error"] as? String)?.contains("no latitude") == true)
    }

    @Test func ndjsonValuesPassThroughAsWritten() async throws {
        let input = #"{"id": 9007199254740993, "price": 1.50, "lat": 44.9661, "lon": -93.2938, "note": "caf\u00e9"}"#
        let nd = try await CLI.run(["reverse", "--input", "-", "-q"], stdin: input + "\n")
        #expect(nd.status == 0, "\(nd.err)")
        #expect(
            nd.out.hasPrefix(#"{"id":9007199254740993,"price":1.50,"lat":44.9661,"lon":-93.2938,"note":"caf\u00e9","#),
            "\(nd.out)")
        #expect(nd.out.contains(#""state_iso":"US-MN""#))
        let geo = try await CLI.run(["reverse", "--input", "-", "-q", "--format", "geojson"], stdin: input + "\n")
        #expect(geo.status == 0, "\(geo.err)")
        #expect(geo.out.contains(#""properties":{"id":9007199254740993,"price":1.50,"#), "\(geo.out)")
        let back = try JSONSerialization.jsonObject(with: Data(geo.out.utf8)) as? [String: Any]
        #expect((back?["features"] as? [Any])?.count == 1)
    }

    @Test func missingInputFileIsInvalidInput() async throws {
        let r = try await CLI.run(["reverse", "--input", "/nonexistent.csv"])
        #expect(r.status == 2)
        #expect(r.err.contains("/nonexistent.csv"))
    }

    @Test func helpTeaches() async throws {
        let r = try await CLI.run(["reverse", "--help"])
        #expect(r.status == 0)
        #expect(r.out.contains("--input") && r.out.contains("at_sea") && r.out.contains("Exit status"))
    }
}
