import Foundation
import HometownTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `reverse --input`, `forward --input` and `transform --input` as streams: answers while input still arrives, every row out for
/// every row in, gzip in and out, and a killed run resumed to the same bytes as an uninterrupted one.
@Suite struct BatchStreamingTests {
    static func temp(_ name: String) -> String {
        TestScratch.newFolder("batch").appendingPathComponent(name).path
    }

    /// A CSV of `rows` seeded points over the land and sea of the world, with an id and a quoted text column.
    static func csv(rows: Int, seed: UInt64 = 42) -> String {
        var s = seed
        func next() -> Double {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(s >> 11) / Double(1 << 53)
        }
        var out = "id,name,latitude,longitude\n"
        out.reserveCapacity(rows * 40)
        for i in 0..<rows {
            let lat = (next() * 140 - 60)
            let lon = (next() * 360 - 180)
            out += "\(i),\"row \(i), \"\"quoted\"\"\",\(String(format: "%.5f", lat)),\(String(format: "%.5f", lon))\n"
        }
        return out
    }

    /// Reads one line from a pipe within `seconds`, or nil; waits off the task pool.
    static func readLine(_ handle: FileHandle, within seconds: Double) async -> String? {
        await offThePool { readLineBlocking(handle.fileDescriptor, within: seconds) }
    }

    /// Waits, off the task pool, until `p` has ended.
    static func ended(_ p: Spawned) async {
        _ = await offThePool { p.wait() }
    }

    private static func readLineBlocking(_ fd: Int32, within seconds: Double) -> String? {
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            var b: UInt8 = 0
            guard read(fd, &b, 1) == 1 else { return nil }
            if b == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(b)
        }
        return nil
    }

    /// Starts `hometown args` with standard input and output on pipes (standard error discarded).
    static func piped(_ args: [String]) throws -> (process: Spawned, input: FileHandle, output: FileHandle) {
        let inPipe = Pipe()
        let outPipe = Pipe()
        let p = try Spawned(
            CLI.binary, args, stdin: inPipe.fileHandleForReading.fileDescriptor,
            stdout: outPipe.fileHandleForWriting.fileDescriptor)
        try? inPipe.fileHandleForReading.close()
        try? outPipe.fileHandleForWriting.close()
        return (p, inPipe.fileHandleForWriting, outPipe.fileHandleForReading)
    }

    /// The text of a gzip file, through zcat.
    static func unzipped(_ path: String) async throws -> String {
        let z = try await ChildProcess.run("/bin/zcat", [path])
        #expect(z.status == 0, "\(z.err)")
        return z.out
    }

    /// Compresses `path` to `path.gz`, keeping it.
    static func gzip(_ path: String) async throws {
        let z = try await ChildProcess.run("/bin/gzip", ["-k", path])
        #expect(z.status == 0, "\(z.err)")
    }

    @Test func rowsPipedInAreAnsweredBeforeTheInputEnds() async throws {
        let (p, input, out) = try Self.piped(["reverse", "--input", "-", "--quiet"])
        defer { p.signal(SIGTERM) }
        input.write(Data("id,lat,lon\n1,44.9661,-93.2938\n".utf8))
        // The header and the first answer come back while standard input is still open.
        #expect(await Self.readLine(out, within: 30) == "id,lat,lon,country,country_iso2,state,state_iso,city,error")
        await #expect(
            Self.readLine(out, within: 30)
                == "1,44.9661,-93.2938,United States of America,US,Minnesota,US-MN,Minneapolis,")
        input.write(Data("2,-33.87,151.21\n".utf8))
        #expect(await Self.readLine(out, within: 30)?.hasPrefix("2,-33.87,151.21,Australia,AU,New South Wales") == true)
        try input.close()
        await Self.ended(p)
        #expect(p.wait() == Spawned.End.success)
    }

    /// NDJSON whose leading blank line arrives on its own, before the rest, is still read as NDJSON: the format is
    /// settled by the first byte other than white space, however the pipe happens to deliver the input.
    @Test func aBlankLineArrivingAloneBeforeNDJSONDoesNotMakeItCSV() async throws {
        let (p, input, out) = try Self.piped(["reverse", "--input", "-", "--quiet"])
        defer { p.signal(SIGTERM) }
        input.write(Data("\r\n".utf8))
        // Long enough for the command to have started and read the blank line by itself.
        try await Task.sleep(for: .seconds(1))
        input.write(Data(#"{"lat":44.9661,"lon":-93.2938}"#.utf8 + [0x0A]))
        try input.close()
        let text = await offThePool { String(decoding: out.readDataToEndOfFile(), as: UTF8.self) }
        await Self.ended(p)
        #expect(p.wait() == Spawned.End.success, "\(text)")
        let rows = text.split(separator: "\n").filter { !$0.isEmpty }
        #expect(rows.count == 1, "\(text)")
        #expect(rows.first?.hasPrefix(#"{"lat":44.9661,"lon":-93.2938,"country":"United States of America""#) == true)
        #expect(rows.first?.contains(#""city":"Minneapolis""#) == true, "\(text)")
    }

    @Test func everyRowInGivesARowOutAndErrorsSetTheExitStatus() async throws {
        let input =
            "id,lat,lon\n1,44.9661,-93.2938\n2,abc,1\n3,91,0\n\n4,1,2,3\n5,\"48.85\",2.35\n6,\"unclosed,0\n7,1,1\n"
        let r = try await CLI.run(["reverse", "--input", "-", "--format", "ndjson"], stdin: input)
        #expect(r.status == 3, "rows with errors: exit status 3; \(r.err)")
        let rows = try r.out.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // Rows 1 to 6 (the unclosed quote swallows the rest of the input into row 6), in order.
        #expect(rows.map { $0["id"] as? String } == ["1", "2", "3", "4", "5", "6"])
        let errors = rows.map { ($0["error"] as? String) ?? "" }
        #expect(errors[0].isEmpty && errors[4].isEmpty)
        #expect(errors[1].hasPrefix("line 3:") && errors[2].hasPrefix("line 4:"))
        #expect(errors[3] == "line 6: expected 3 fields, found 4")
        #expect(errors[5].hasPrefix("line 8: a quoted field is never closed"))
        #expect(r.err.contains("6 rows, 4 with errors"))
        let ok = try await CLI.run(["reverse", "--input", "-"], stdin: "lat,lon\n1,1\n")
        #expect(ok.status == 0)
    }

    /// A CSV line's fields, quotes removed (no line breaks inside a field).
    static func csvFields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var previous: Character? = nil
        for c in line {
            if c == "\"" {
                if !quoted, previous == "\"" { field.append(c) }  // "" inside quotes is one quote
                quoted.toggle()
            } else if c == ",", !quoted {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
            previous = c
        }
        fields.append(field)
        return fields
    }

    /// In CSV out, a row with more fields than the header keeps the added columns under their names (its extra
    /// fields follow them), and a short one is padded; reverse and transform alike.
    @Test func csvRowsOfTheWrongWidthKeepTheAddedColumnsInPlace() async throws {
        let reverse = try await CLI.run(
            ["reverse", "--input", "-", "-q"], stdin: "lat,lon\n45,90,extra,more\n44.9661\n44.9661,-93.2938\n")
        let transform = try await CLI.run(
            ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--input", "-", "-q"],
            stdin: "lon,lat\n1,2,3\n1\n1,2\n")
        for (r, added) in [(reverse, 6), (transform, 3)] {
            #expect(r.status == 3, "\(r.err)")
            let rows = r.out.split(separator: "\n").map(Self.csvFields)
            let width = rows[0].count
            #expect(rows.count == 4 && rows[0].last == "error" && width == 2 + added, "\(r.out)")
            // The long row: its error under "error", its extra fields after it.
            #expect(rows[1][width - 1].hasPrefix("line 2: expected 2 fields, found"), "\(rows[1])")
            #expect(rows[1].count > width && rows[1][width...].allSatisfy { !$0.hasPrefix("line") }, "\(rows[1])")
            #expect(rows[2].count == width && rows[2][width - 1].hasPrefix("line 3: expected 2 fields, found 1"))
            #expect(rows[3].count == width && rows[3][width - 1].isEmpty)
        }
        #expect(reverse.out.split(separator: "\n")[1].hasSuffix(",extra,more"))
        #expect(transform.out.split(separator: "\n")[1].hasSuffix(",3"))
    }

    /// An input column named like an added one is headed "<name>_input" in CSV out, as its key is in NDJSON out:
    /// no two columns share a name.
    @Test func anInputColumnNamedLikeAnAddedOneMovesAsideInCSV() async throws {
        let input = "lat,lon,country,Error\n44.9661,-93.2938,X,none\n"
        let csv = try await CLI.run(["reverse", "--input", "-", "-q"], stdin: input)
        let lines = csv.out.split(separator: "\n")
        #expect(
            lines.first == "lat,lon,country_input,Error,country,country_iso2,state,state_iso,city,error",
            "\(csv.out)")
        #expect(lines.last?.hasPrefix("44.9661,-93.2938,X,none,United States of America,US,Minnesota") == true)
        let ndjson = try await CLI.run(["reverse", "--input", "-", "-q", "--format", "ndjson"], stdin: input)
        #expect(ndjson.out.hasPrefix(#"{"lat":"44.9661","lon":"-93.2938","country_input":"X","Error":"none","#))
    }

    @Test func outputFormatsKeepEveryRow() async throws {
        let input = "id,lat,lon\n1,44.9661,-93.2938\n2,abc,1\n"
        let geo = try await CLI.run(["reverse", "--input", "-", "--format", "geojson", "-q"], stdin: input)
        #expect(geo.status == 3)
        let fc = try #require(try JSONSerialization.jsonObject(with: Data(geo.out.utf8)) as? [String: Any])
        let features = try #require(fc["features"] as? [[String: Any]])
        #expect(features.count == 2)
        #expect(features[1]["geometry"] is NSNull)
        #expect((features[0]["properties"] as? [String: Any])?["state"] as? String == "Minnesota")
        let nd = try await CLI.run(["reverse", "--input", "-", "--format", "ndjson", "-q"], stdin: input)
        #expect(nd.out.split(separator: "\n").count == 2 && nd.out.contains("\"id\":\"2\""))
        // An input key named like an added column keeps its value under "<key>_input".
        let kept = try await CLI.run(
            ["reverse", "--input", "-", "-q"], stdin: "{\"lat\": 44.9661, \"lon\": -93.2938, \"country\": \"mine\"}\n")
        let keptRow = try #require(try JSONSerialization.jsonObject(with: Data(kept.out.utf8)) as? [String: Any])
        #expect(
            keptRow["country_input"] as? String == "mine" && keptRow["country"] as? String == "United States of America"
        )
        let refused = try await CLI.run(
            ["reverse", "--input", "-", "--format", "csv"], stdin: "{\"lat\": 1, \"lon\": 1}\n")
        #expect(refused.status == 2 && refused.err.contains("--format csv needs CSV input"))
    }

    @Test func gzipInAndOutGiveTheSameRows() async throws {
        let csvText = Self.csv(rows: 5000)
        let plain = Self.temp("points.csv")
        try csvText.write(toFile: plain, atomically: true, encoding: .utf8)
        let gz = plain + ".gz"
        try await Self.gzip(plain)
        let expected = try await CLI.run(["reverse", "--input", plain, "-q"])
        #expect(expected.status == 0)
        let fromGzip = try await CLI.run(["reverse", "--input", gz, "-q"])
        #expect(fromGzip.out == expected.out)
        let outGz = Self.temp("answers.csv.gz")
        #expect(try await CLI.run(["reverse", "--input", gz, "--output", outGz, "-q"]).status == 0)
        #expect(try await Self.unzipped(outGz) == expected.out)
        // A gzip file cut short: the rows before the cut are answered as from the whole file; the row the input
        // ends inside gets no row (its fields are not known), and both are said; exit status 3.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gz))
        let cut = Self.temp("cut.csv.gz")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let r = try await CLI.run(["reverse", "--input", cut])
        #expect(r.status == 3)
        #expect(r.err.contains("the gzip stream is truncated"))
        #expect(r.err.contains("the input ends inside this row, so it has no row in the output"), "\(r.err)")
        #expect(r.out.split(separator: "\n").count > 100 && r.out.hasSuffix("\n") && expected.out.hasPrefix(r.out))
        // Bytes after the last member: zeros (a block's padding) pass without a word, as gzip passes them; other
        // bytes are said (exit status 3). Every row is answered either way.
        for (tail, status) in [([UInt8](repeating: 0, count: 512), Int32(0)), (Array("junk\n".utf8), 3)] {
            let padded = Self.temp("padded.csv.gz")
            try (bytes + tail).write(to: URL(fileURLWithPath: padded))
            let p = try await CLI.run(["reverse", "--input", padded])
            #expect(p.status == status, "\(p.err)")
            #expect(p.out == expected.out)
            #expect(p.err.contains("after the end of the gzip data are not gzip") == (status == 3), "\(p.err)")
        }
    }

    /// An input cut short and later whole (a download that stopped, then finished): `--resume` with the whole
    /// input gives the bytes of one run over it, the row the cut input ended inside answered like any other; in
    /// CSV and NDJSON, for `reverse`, `transform` and `forward`.
    @Test(arguments: ["reverse-csv", "reverse-ndjson", "transform-csv", "forward"])
    func aRunOverACutInputResumesWithTheWholeOne(_ kind: String) async throws {
        let plain = Self.temp(kind == "reverse-ndjson" ? "points.ndjson" : "points.csv")
        var command: [String]
        switch kind {
        case "forward":
            let names = ["Minneapolis", "Paris, TX", "Guadalajara", "Nairobi", "Lagos"]
            try (0..<3000).map { "\(names[$0 % names.count])" }.joined(separator: "\n").appending("\n").write(
                toFile: plain, atomically: true, encoding: .utf8)
            command = ["forward", "--limit", "1"]
        case "reverse-ndjson":
            let rows = Self.csv(rows: 3000).split(separator: "\n").dropFirst().map(Self.csvFields)
            try rows.map { "{\"id\": \($0[0]), \"lat\": \($0[2]), \"lon\": \($0[3])}" }.joined(separator: "\n")
                .appending("\n").write(toFile: plain, atomically: true, encoding: .utf8)
            command = ["reverse"]
        case "transform-csv":
            try Self.csv(rows: 3000).write(toFile: plain, atomically: true, encoding: .utf8)
            command = [
                "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--x-column", "longitude",
                "--y-column", "latitude",
            ]
        default:
            try Self.csv(rows: 3000).write(toFile: plain, atomically: true, encoding: .utf8)
            command = ["reverse"]
        }
        try await Self.gzip(plain)
        let whole = try await CLI.run(command + ["--input", plain + ".gz", "-q"])
        #expect(whole.status == 0, "\(whole.err)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
        let cut = Self.temp("cut-" + kind + ".gz")
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        let out = Self.temp(kind == "reverse-csv" || kind == "transform-csv" ? "answers.csv" : "answers.ndjson")
        let first = try await CLI.run(command + ["--input", cut, "--output", out])
        #expect(first.status == 3, "\(first.err)")
        #expect(first.err.contains("--resume with the whole input answers it"), "\(first.err)")
        let kept = try String(contentsOfFile: out, encoding: .utf8)
        #expect(kept.split(separator: "\n").count > 100 && whole.out.hasPrefix(kept))
        let resumed = try await CLI.run(command + ["--input", plain + ".gz", "--output", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == whole.out)
    }

    /// Reading fails midway (a damaged gzip member after a good one, several chunks long): the rows answered
    /// before the failure are all in the output, in order, the failure names the file, and a second message says
    /// how many rows the output holds and that it is incomplete. The answers are written on a thread of their own
    /// (`BatchWrites`); they must be out before the command ends on the error.
    @Test func rowsBeforeAReadFailureAreWritten() async throws {
        let plain = Self.temp("points.csv")
        try Self.csv(rows: 300_000).write(toFile: plain, atomically: true, encoding: .utf8)
        try await Self.gzip(plain)
        let damaged = Self.temp("damaged.csv.gz")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
        // A second member whose deflate data starts with a block of the reserved type 3: an error to inflate.
        bytes.append(
            contentsOf: [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03] + [UInt8](repeating: 0xFF, count: 64))
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let out = Self.temp("answers.csv")
        let r = try await CLI.run(["reverse", "--input", damaged, "--output", out, "-q"])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains(damaged), "\(r.err)")
        let written = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(
            r.err.contains(
                "\(out) holds the \(written.count - 1) rows answered before this and nothing for the rest of the input: it is incomplete (a --resume with the whole input answers the rest)"
            ), "\(r.err)")
        // The header, then rows 0, 1, 2, ... with nothing missing: at least the chunks before the last block.
        #expect(written.count > 65_536)
        for (k, row) in written.dropFirst().enumerated() where !row.hasPrefix("\(k),") {
            Issue.record("row \(k) of the output is \(row.prefix(40))")
            break
        }
    }

    /// A full disk (/dev/full refuses every write with ENOSPC) ends the command with exit status 1 and the reason,
    /// not a crash or a hang, whether the writing thread finds it at the first chunk or a later one.
    @Test(arguments: [10, 200_000])
    func aFullDiskIsAClearError(rows: Int) async throws {
        let input = Self.temp("points.csv")
        try Self.csv(rows: rows).write(toFile: input, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["reverse", "--input", input, "--output", "/dev/full", "-q"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("cannot write /dev/full: No space left on device"), "\(r.err)")
    }

    /// Runs `args`, kills it with SIGKILL once `output` has grown past `bytes`, then resumes it.
    static func killThenResume(_ args: [String], output: String, after bytes: Int) async throws -> (
        status: Int32, err: String
    ) {
        let p = try Spawned(CLI.binary, args + ["--output", output, "-q"])
        let reason = await offThePool {
            let deadline = Date().addingTimeInterval(120)
            while p.isRunning, Date() < deadline {
                let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
                if size > bytes {
                    p.signal(SIGKILL)
                    break
                }
                usleep(2000)
            }
            return p.wait()
        }
        #expect(reason.bySignal, "the first run must be killed halfway, not finish")
        let r = try await CLI.run(args + ["--output", output, "--resume"])
        return (r.status, r.err)
    }

    @Test(arguments: ["answers.csv", "answers.csv.gz", "answers.ndjson"])
    func aKilledRunResumesToTheSameBytes(_ name: String) async throws {
        let input = Self.temp("points.csv")
        try Self.csv(rows: 150_000).write(toFile: input, atomically: true, encoding: .utf8)
        let format = name.contains("ndjson") ? ["--format", "ndjson"] : []
        let whole = Self.temp(name)
        #expect(try await CLI.run(["reverse", "--input", input, "--output", whole, "-q"] + format).status == 0)
        let wholeSize = try FileManager.default.attributesOfItem(atPath: whole)[.size] as! Int
        let resumed = Self.temp(name)
        let r = try await Self.killThenResume(
            ["reverse", "--input", input] + format, output: resumed, after: wholeSize / 3)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("rows already answered"))
        if name.hasSuffix(".gz") {
            // Compressed in other chunks, the same text: compare what zcat gives.
            #expect(try await Self.unzipped(resumed) == Self.unzipped(whole))
        } else {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: resumed)) == Data(contentsOf: URL(fileURLWithPath: whole)))
        }
    }

    /// The input named again as --output (or through a link to it) is refused before anything is written:
    /// writing there would destroy the rows not read yet.
    @Test func theInputAsItsOwnOutputIsRefused() async throws {
        let input = Self.temp("points.csv")
        let text = Self.csv(rows: 100)
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let link = Self.temp("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        for output in [input, link] {
            for resume in [[], ["--resume"]] {
                let r = try await CLI.run(["reverse", "--input", input, "--output", output, "-q"] + resume)
                #expect(r.status == 2 && r.err.contains("is the input file"), "\(r.err)")
            }
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == text)
    }

    /// Files that are not this command's output for this input are refused by --resume and left as they were; so is
    /// an existing output when the input is refused before a row is answered.
    @Test func filesThatAreNotThisRunsOutputAreLeftAlone() async throws {
        let input = Self.temp("points.csv")
        try Self.csv(rows: 100).write(toFile: input, atomically: true, encoding: .utf8)
        let notes = "my notes\nline two\n"
        let cases: [(name: String, args: [String], says: String)] = [
            ("notes.csv", ["--resume"], "does not start with the header this run writes"),
            ("notes.ndjson", ["--resume", "--format", "ndjson"], "does not start with a JSON object"),
            ("notes.csv.gz", ["--resume"], "is not gzip data"),
        ]
        for c in cases {
            let out = Self.temp(c.name)
            try notes.write(toFile: out, atomically: true, encoding: .utf8)
            let r = try await CLI.run(["reverse", "--input", input, "--output", out] + c.args)
            #expect(r.status == 2 && r.err.contains(c.says), "\(c.name): \(r.err)")
            #expect(!r.err.contains("resuming"), "\(c.name): \(r.err)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == notes, "\(c.name) was changed")
        }
        let noColumns = Self.temp("nc.csv")
        try "a,b\n1,2\n".write(toFile: noColumns, atomically: true, encoding: .utf8)
        let kept = Self.temp("kept.csv")
        try notes.write(toFile: kept, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["reverse", "--input", noColumns, "--output", kept, "-q"])
        #expect(r.status == 2 && r.err.contains("no latitude column"), "\(r.err)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == notes)
    }

    @Test func resumeRefusesWhatItCannotContinue() async throws {
        let r = try await CLI.run(["reverse", "--input", "-", "--resume"], stdin: "lat,lon\n1,1\n")
        #expect(r.status == 2 && r.err.contains("--resume needs --output"))
        let out = Self.temp("a.geojson")
        let g = try await CLI.run(
            ["reverse", "--input", "-", "--format", "geojson", "--output", out, "--resume"], stdin: "lat,lon\n1,1\n")
        #expect(g.status == 2 && g.err.contains("not GeoJSON"))
        let dash = try await CLI.run(["reverse", "--input", "-", "--output", "-", "--resume"], stdin: "lat,lon\n1,1\n")
        #expect(dash.status == 2 && dash.err.contains("not standard output"))
    }

    /// `--output -` is standard output, as `--input -` is standard input: no file named "-" is made (in the
    /// working folder, which the child shares with us).
    @Test func outputDashIsStandardOutput() async throws {
        let dash = FileManager.default.currentDirectoryPath + "/-"
        defer { try? FileManager.default.removeItem(atPath: dash) }
        let r = try await CLI.run(["reverse", "--input", "-", "--output", "-", "-q"], stdin: "lat,lon\n44.97,-93.26\n")
        #expect(r.status == 0)
        #expect(
            r.out
                == "lat,lon,country,country_iso2,state,state_iso,city,error\n44.97,-93.26,United States of America,US,Minnesota,US-MN,Minneapolis,\n"
        )
        #expect(!FileManager.default.fileExists(atPath: dash))
    }

    @Test func forwardStreamsAndResumesToo() async throws {
        let queries = Self.temp("queries.txt")
        let names = ["Minneapolis", "Paris, TX", "", "Guadalajara", "Qwxzzy"]
        try (0..<4000).map { names[$0 % names.count] }.joined(separator: "\n").appending("\n").write(
            toFile: queries, atomically: true, encoding: .utf8)
        let whole = try await CLI.run(["forward", "--input", queries, "--limit", "1", "-q"])
        #expect(whole.status == 3, "blank lines are errors")
        #expect(whole.out.split(separator: "\n").count == 4000)
        let out = Self.temp("answers.ndjson")
        // As a killed run leaves it.
        try whole.out.prefix(whole.out.count / 2).write(toFile: out, atomically: true, encoding: .utf8)
        let resumed = try await CLI.run([
            "forward", "--input", queries, "--limit", "1", "--output", out, "--resume", "-q",
        ])
        #expect(resumed.status == 3)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == whole.out)
    }

    @Test func transformStreamsAndWritesEveryRow() async throws {
        // Piped rows are answered while the input is still open.
        let (p, input, out) = try Self.piped(["transform", "--from", "4326", "--to", "3857", "--input", "-", "--quiet"])
        defer { p.signal(SIGTERM) }
        input.write(Data("id,lon,lat\n1,0,0\n".utf8))
        #expect(await Self.readLine(out, within: 30) == "id,lon,lat,to_x,to_y,error")
        #expect(await Self.readLine(out, within: 30) == "1,0,0,0,0,")
        input.write(Data("2,180,0\n".utf8))
        #expect(await Self.readLine(out, within: 30)?.hasPrefix("2,180,0,20037508.342789") == true)
        try input.close()
        await Self.ended(p)
        #expect(p.wait() == Spawned.End.success, "no row with an error: exit status 0")

        // gzip in gives the same rows; CSV rows out as NDJSON carry the same numbers.
        let plain = Self.temp("points.csv")
        try Self.csv(rows: 3000).write(toFile: plain, atomically: true, encoding: .utf8)
        try await Self.gzip(plain)
        let args = ["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "-q"]
        let csvOut = try await CLI.run(args + ["--input", plain])
        #expect(csvOut.status == 0, "\(csvOut.err)")
        #expect(try await CLI.run(args + ["--input", plain + ".gz"]).out == csvOut.out)
        let ndOut = try await CLI.run(args + ["--input", plain, "--format", "ndjson"])
        let csvRows = csvOut.out.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").suffix(2).map(String.init)
        }
        let ndLines = ndOut.out.split(separator: "\n").map(String.init)
        #expect(csvRows.count == 3000 && ndLines.count == 3000)
        // The numbers as written (Foundation's JSON reader on Linux may round the last digit).
        func written(_ key: String, _ line: String) -> String? {
            guard let r = line.range(of: "\"\(key)\":") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "," && $0 != "}" })
        }
        for (k, (c, line)) in Swift.zip(csvRows, ndLines).enumerated() {
            let n = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(n["id"] as? String == "\(k)" && n["name"] as? String == "row \(k), \"quoted\"")
            #expect(written("to_x", line) == c[0] && written("to_y", line) == c[1], "\(line) vs \(c)")
        }
        // NDJSON: an input key named like an added column keeps its value; NDJSON in cannot be CSV out.
        let kept = try await CLI.run(
            ["transform", "--from", "4326", "--to", "3857", "--input", "-", "-q"],
            stdin: "{\"x\": 0, \"y\": 0, \"to_x\": \"mine\", \"error\": 7}\n")
        let row = try #require(try JSONSerialization.jsonObject(with: Data(kept.out.utf8)) as? [String: Any])
        #expect(row["to_x_input"] as? String == "mine" && row["error_input"] as? Int == 7)
        #expect((row["to_x"] as? NSNumber)?.doubleValue == 0 && row["error"] is NSNull)
        let refused = try await CLI.run(
            ["transform", "--from", "4326", "--to", "3857", "--input", "-", "--format", "csv"],
            stdin: "{\"x\": 1, \"y\": 1}\n")
        #expect(refused.status == 2 && refused.err.contains("--format csv needs CSV input"))
    }

    @Test func aKilledTransformResumesToTheSameBytes() async throws {
        let text = Self.csv(rows: 200_000)
        let input = Self.temp("points.csv")
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let args = ["transform", "--from", "4326", "--to", "3857"]
        let whole = Self.temp("whole.csv.gz")
        #expect(try await CLI.run(args + ["--input", input, "--output", whole, "-q"]).status == 0)
        // The first run gets the first half of the rows through a pipe (so it cannot finish), answers them, and is
        // killed; the second resumes from the whole file.
        let resumed = Self.temp("resumed.csv.gz")
        let (p, pipeIn, pipeOut) = try Self.piped(args + ["--input", "-", "--output", resumed, "-q"])
        defer { try? pipeOut.close() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        pipeIn.write(Data((lines[0...100_000].joined(separator: "\n") + "\n").utf8))
        let reason = await offThePool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline,
                ((try? FileManager.default.attributesOfItem(atPath: resumed)[.size] as? Int) ?? 0) < 1_000_000
            { usleep(10_000) }
            usleep(200_000)
            p.signal(SIGKILL)
            return p.wait()
        }
        #expect(reason == Spawned.End(status: SIGKILL, bySignal: true))
        let r = try await CLI.run(args + ["--input", input, "--output", resumed, "--resume"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("rows already answered") && !r.err.contains(": 0 rows already"), "\(r.err)")
        let a = try await Self.unzipped(resumed)
        let b = try await Self.unzipped(whole)
        #expect(a.count == b.count && a == b)
    }
}
