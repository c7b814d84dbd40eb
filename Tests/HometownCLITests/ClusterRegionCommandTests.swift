import Foundation
import HometownTestSupport
import Testing

/// `hometown cluster` and `hometown region` run as a user would, on supercluster's own fixture and on a
/// Hometown users array (the protocol's `users` answer).
@Suite struct ClusterRegionCommandTests {
    static let fixtures =
        "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/HometownClusteringTests/Fixtures"

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    func tempFile(_ text: String, ext: String) throws -> String {
        let p = NSTemporaryDirectory() + "/hometown-cli-\(UUID().uuidString).\(ext)"
        try text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    static let users = """
        [{"nickname": "a", "country": "USA", "state": "Minnesota", "city": "Minneapolis", "year": 1985, "latitude": 44.97, "longitude": -93.26, "id": 1, "time-stamp": "2017-03-01T20:31:00.632Z"},
         {"nickname": "b", "country": "USA", "state": "Minnesota", "city": "Saint Paul", "year": 1990, "latitude": 44.95, "longitude": -93.09, "id": 2, "time-stamp": "2017-03-01T20:32:00.632Z"},
         {"nickname": "c", "country": "Fiji", "state": "Western", "city": "Lautoka", "year": 1990, "latitude": -17.6, "longitude": 177.45, "id": 3, "time-stamp": "2017-03-01T20:33:00.632Z"},
         {"nickname": "d", "country": "Fiji", "state": "Northern", "city": "Labasa", "year": 1990, "latitude": -16.43, "longitude": -179.9, "id": 4, "time-stamp": "2017-03-01T20:34:00.632Z"}]
        """

    @Test func tileMatchesSuperclustersFixture() async throws {
        let r = try await CLI.run(["cluster", "--input", Self.fixtures + "/places.json", "--tile", "0/0/0"])
        #expect(r.status == 0, "\(r.err)")
        let ours = try #require(try json(r.out) as? [String: Any])
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/places-z0-0-0.json"))) as? [String: Any])
        let a = try #require(ours["features"] as? [[String: Any]])
        let b = try #require(expected["features"] as? [[String: Any]])
        #expect(a.count == b.count)
        #expect(NSArray(array: a).isEqual(to: b), "features differ from supercluster's z0/0/0 fixture")
    }

    @Test func theReadmesExampleTakesNegativeNumbers() async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // `--bbox -180,-85,180,85`, unquoted, as the README writes it; and a box in the west only.
        let r = try await CLI.run(["cluster", "--input", path, "--zoom", "3", "--bbox", "-180,-85,180,85"])
        #expect(r.status == 0, "\(r.err)")
        func total(_ text: String) throws -> Int {
            let fc = try #require(try json(text) as? [String: Any])
            return try #require(fc["features"] as? [[String: Any]]).map { f in
                ((f["properties"] as? [String: Any])?["point_count"] as? Int) ?? 1
            }.reduce(0, +)
        }
        #expect(try total(r.out) == 4)
        let west = try await CLI.run(["cluster", "--input", path, "--zoom", "3", "--bbox", "-100,30,-80,50"])
        #expect(west.status == 0, "\(west.err)")
        #expect(try total(west.out) == 2)
    }

    @Test func zoomGivesClustersWithBoxesAndSums() async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try await CLI.run(["cluster", "--input", path, "--zoom", "2", "--sum", "year"])
        #expect(r.status == 0, "\(r.err)")
        let fc = try #require(try json(r.out) as? [String: Any])
        let features = try #require(fc["features"] as? [[String: Any]])
        let clusters = features.filter { (($0["properties"] as? [String: Any])?["cluster"] as? Bool) == true }
        #expect(clusters.count == 1, "Minneapolis and Saint Paul merge at zoom 2")
        let props = try #require(clusters.first?["properties"] as? [String: Any])
        #expect(props["point_count"] as? Int == 2)
        #expect(props["year_sum"] as? Double == 3975)
        #expect((clusters.first?["bbox"] as? [Double])?.count == 4)
        // Filters: only Fiji's two users, on both sides of 180°.
        let fiji = try await CLI.run(["cluster", "--input", path, "--zoom", "16", "--country", "Fiji"])
        #expect(((try json(fiji.out) as? [String: Any])?["features"] as? [Any])?.count == 2)
    }

    /// A CSV cell is text unless written in a number's plain form ("1.50" keeps its digits), yet `--sum` counts
    /// any number a cell holds; a sum beyond the largest number is refused, not printed as an encoding failure.
    @Test func sumsCountNumbersAsCSVWritesThem() async throws {
        let csv = try tempFile(
            "id,latitude,longitude,n\n1,45,-93,1.50\n2,45.01,-93.01,+5\n3,45.02,-93.02,1e3\n", ext: "csv")
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let r = try await CLI.run(["cluster", "--input", csv, "--zoom", "1", "--sum", "n"])
        #expect(r.status == 0, "\(r.err)")
        let fc = try #require(try json(r.out) as? [String: Any])
        let props = try #require((fc["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(props["point_count"] as? Int == 3 && props["n_sum"] as? Double == 1006.5, "\(props)")

        let text = try tempFile("id,latitude,longitude,n\n1,45,-93,many\n", ext: "csv")
        defer { try? FileManager.default.removeItem(atPath: text) }
        let words = try await CLI.run(["cluster", "--input", text, "--zoom", "1", "--sum", "n"])
        #expect(words.status == 2 && words.err.contains("property \"n\" is \"many\", not a number"), "\(words.err)")

        let huge = try tempFile(
            #"{"lat": 45, "lon": -93, "n": 1e308}"# + "\n" + #"{"lat": 45.01, "lon": -93.01, "n": 1e308}"# + "\n",
            ext: "ndjson")
        defer { try? FileManager.default.removeItem(atPath: huge) }
        let over = try await CLI.run(["cluster", "--input", huge, "--zoom", "1", "--sum", "n"])
        #expect(over.status == 2 && over.err.contains("--sum n: the values add up beyond"), "\(over.err)")
        #expect(!over.err.contains("EncodingError"))
    }

    @Test func regionCrossesTheAntimeridianForFiji() async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try await CLI.run([
            "region", "--input", path, "--size", "800x600", "--padding", "20", "--country", "Fiji",
        ])
        #expect(r.status == 0, "\(r.err)")
        let obj = try #require(try json(r.out) as? [String: Any])
        let bbox = try #require(obj["bbox"] as? [Double])
        #expect(bbox[0] > bbox[2], "west > east: the box crosses 180° (\(bbox))")
        #expect(abs(bbox[0] - 177.45) < 1e-9 && abs(bbox[2] + 179.9) < 1e-9)
        #expect(try #require(obj["zoom"] as? Double) > 5)
        #expect(obj["center"] is [String: Any] && obj["span"] is [String: Any])
    }

    /// `-i` is `--input`, as in every command that reads a file: the same answer, and the file is required
    /// under either name.
    @Test(arguments: [["cluster", "--zoom", "2"], ["region", "--size", "800x600"]])
    func theShortInputOptionReadsTheSameFile(_ args: [String]) async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = try await CLI.run([args[0], "--input", path] + args.dropFirst())
        let short = try await CLI.run([args[0], "-i", path] + args.dropFirst())
        #expect(long.status == 0 && short.status == 0, "\(long.err) \(short.err)")
        #expect(short.out == long.out && !short.out.isEmpty)
        let missing = try await CLI.run(args)
        #expect(missing.status == 2 && missing.err.contains("--input <input>"), "\(missing.err)")
    }

    /// `--limit` and `--offset` page the leaves of a cluster; given with another mode, they are refused, not ignored.
    @Test func limitAndOffsetGoWithLeaves() async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (args, message) in [
            (["--zoom", "3", "--limit", "5"], "--limit goes with --leaves"),
            (["--expansion-zoom", "1", "--offset", "2"], "--offset goes with --leaves"),
        ] {
            let r = try await CLI.run(["cluster", "--input", path] + args)
            #expect(r.status == 2 && r.err.contains(message), "\(args): \(r.err)")
        }
        let places = Self.fixtures + "/places.json"
        let world = try await CLI.run(["cluster", "--input", places, "--zoom", "0"])
        #expect(world.status == 0, "\(world.err)")
        let features = try #require((try json(world.out) as? [String: Any])?["features"] as? [[String: Any]])
        let cluster = try #require(
            features.compactMap { $0["properties"] as? [String: Any] }.first { ($0["point_count"] as? Int ?? 0) > 3 })
        let id = try #require(cluster["cluster_id"] as? Int)
        let page = try await CLI.run([
            "cluster", "--input", places, "--leaves", "\(id)", "--limit", "2", "--offset", "1",
        ])
        #expect(page.status == 0, "\(page.err)")
        let leaves = try #require((try json(page.out) as? [String: Any])?["features"] as? [[String: Any]])
        #expect(leaves.count == 2)
    }

    /// A negative value is read as the option's value and refused by its rule (it was read as an option, and
    /// the value said to be missing).
    @Test(arguments: [
        (
            ["cluster", "--zoom", "3", "--radius", "-5"],
            "radius = -5.0 is invalid: must be a positive number of pixels"
        ),
        (["cluster", "--zoom", "3", "--min-zoom", "-3"], "minZoom = -3 is invalid: must be in 0...30"),
        (["cluster", "--children", "-1"], "no cluster with id -1"),
        (["region", "--size", "800x600", "--padding", "-5"], "with padding -5.0 is invalid"),
        (["region", "--size", "800x600", "--max-zoom", "-2"], "maximum zoom -2.0 is invalid"),
        (["region", "--size", "800x600", "--tile-size", "-256"], "tile size -256 is invalid: use 256 or 512"),
    ])
    func aNegativeValueIsRefusedByItsRule(_ args: [String], _ message: String) async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try await CLI.run([args[0], "--input", path] + args.dropFirst())
        #expect(r.status == 2 && r.err.contains(message), "\(args): \(r.err)")
    }

    @Test(arguments: [
        ["cluster", "--input", "/nonexistent.json", "--zoom", "2"],
        ["cluster", "--input", "USERS", "--tile", "0/0"],
        ["cluster", "--input", "USERS", "--zoom", "2", "--bbox", "1,2,3"],
        ["cluster", "--input", "USERS", "--zoom", "2", "--tile", "0/0/0"],
        ["region", "--input", "USERS", "--size", "800"],
        ["region", "--input", "USERS", "--size", "800x600", "--country", "Narnia"],
    ])
    func badInputExitsWithTwo(args: [String]) async throws {
        let path = try tempFile(Self.users, ext: "json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try await CLI.run(args.map { $0 == "USERS" ? path : $0 })
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(!r.err.isEmpty)
        #expect(r.out.isEmpty)
    }

    /// Runs `hometown args` with standard error on a terminal (a pseudo-terminal from util-linux's `script`),
    /// standard output to /dev/null; returns what the terminal showed.
    func onTerminal(_ args: [String]) async throws -> (status: Int32, shown: String) {
        let command = ([CLI.binary] + args).map { "'\($0)'" }.joined(separator: " ") + " >/dev/null"
        let run = try await ChildProcess.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        return (run.status, run.out)
    }

    /// A filter's country and state are found as the file writes them, or under any name, alias or code of the
    /// place Hometown names so, as the server's filters are ("usa", "US" and "MN"); a spelling of the file's own
    /// that Hometown does not know is matched as written.
    @Test func filtersFindPlacesUnderTheirOtherNames() async throws {
        let path = try tempFile(Self.users, ext: "json")
        func count(_ filters: [String]) async throws -> Int {
            let r = try await CLI.run(["cluster", "--input", path, "--zoom", "16"] + filters)
            #expect(r.status == 0, "\(filters): \(r.err)")
            let features = try #require((try json(r.out) as? [String: Any])?["features"] as? [[String: Any]])
            return features.count
        }
        #expect(try await count(["--country", "USA"]) == 2)
        #expect(try await count(["--country", "usa"]) == 2)
        #expect(try await count(["--country", "US", "--state", "MN"]) == 2)
        #expect(try await count(["--state", "minnesota"]) == 2)
        #expect(try await count(["--country", "fiji", "--state", "Northern"]) == 1)
        #expect(try await count(["--country", "Mexico"]) == 0)
        let region = try await CLI.run(["region", "--input", path, "--size", "800x600", "--country", "usa"])
        #expect(region.status == 0, "\(region.err)")
        let own = try tempFile(Self.users.replacingOccurrences(of: "\"Fiji\"", with: "\"Narnia\""), ext: "json")
        let narnia = try await CLI.run(["cluster", "--input", own, "--zoom", "16", "--country", "Narnia"])
        #expect(((try json(narnia.out) as? [String: Any])?["features"] as? [Any])?.count == 2)
    }

    @Test func largeInputsShowProgressOnATerminalOnly() async throws {
        // 400,000 points: several seconds to read in a debug build, so the line is drawn.
        var text = "{\"type\":\"FeatureCollection\",\"features\":["
        text.reserveCapacity(400_000 * 100)
        var csv = "id,latitude,longitude\n"
        csv.reserveCapacity(400_000 * 40)
        var s: UInt64 = 7
        for i in 0..<400_000 {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let lon = Double(s >> 11) / Double(1 << 53) * 360 - 180
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let lat = Double(s >> 11) / Double(1 << 53) * 170 - 85
            text +=
                (i == 0 ? "" : ",")
                + "{\"type\":\"Feature\",\"properties\":{\"n\":\(i)},\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]}}"
            csv += "\(i),\(lat),\(lon)\n"
        }
        text += "]}"
        let path = try tempFile(text, ext: "geojson")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let args = ["cluster", "--input", path, "--max-zoom", "2", "--zoom", "0"]
        let shown = try await onTerminal(args)
        #expect(shown.status == 0)
        #expect(
            shown.shown.contains("reading \(path): ") && shown.shown.contains(" markers/s, "),
            "\(shown.shown.prefix(300))")
        #expect(shown.shown.contains(" left (") && shown.shown.contains(" %)"), "an estimate while the file is read")
        #expect(shown.shown.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
        let quiet = try await onTerminal(args + ["--quiet"])
        #expect(quiet.status == 0 && quiet.shown.isEmpty, "\(quiet.shown.prefix(300))")
        // Not a terminal: nothing on standard error.
        let piped = try await CLI.run(args)
        #expect(piped.status == 0 && piped.err.isEmpty, "\(piped.err.prefix(300))")
        // CSV, through `region`: the same line.
        let csvPath = try tempFile(csv, ext: "csv")
        defer { try? FileManager.default.removeItem(atPath: csvPath) }
        let region = try await onTerminal(["region", "--input", csvPath, "--size", "800x600"])
        #expect(
            region.status == 0 && region.shown.contains("reading \(csvPath): ") && region.shown.contains(" left ("),
            "\(region.shown.prefix(300))")
    }
}
