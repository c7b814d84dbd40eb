import Foundation
import HometownTestSupport
import Testing

/// Where the commands write: an answer that cannot be written to standard output is exit status 1 and the reason,
/// never a crash or a success; `map --out` and `prepare-tiles --out` follow links, never rename over a device or a
/// link, and `map` never takes its own input.
@Suite struct OutputPlaceTests {
    /// A small marker file.
    static func markers() throws -> String {
        let path = TestScratch.newPath("markers", suffix: ".csv")
        try "id,latitude,longitude\n1,45,-93\n2,46,-94\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A polygon for `area`.
    static func polygon() throws -> String {
        let path = TestScratch.newPath("polygon", suffix: ".json")
        try #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `hometown ARGS` with standard output on /dev/full, which refuses every write as a full disk does.
    static func runIntoFullDisk(_ args: [String]) async throws -> ChildProcess.Result {
        var env = ProcessInfo.processInfo.environment
        env["HOMETOWN_SERVER"] = nil
        env["HOMETOWN_PASSWORD"] = nil
        return try await ChildProcess.run(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", CLI.binary] + args, environment: env)
    }

    @Test(arguments: [
        ["reverse", "45", "-93"], ["reverse", "--language", "de", "45", "-93"], ["forward", "Paris"],
        ["forward", "--autocomplete", "Pari"], ["distance", "1,1", "2,2"],
        ["transform", "--from", "4326", "--to", "3857", "1", "2"], ["area", "--input", "POLYGON"],
        ["cluster", "--input", "MARKERS", "--zoom", "1"], ["region", "--input", "MARKERS", "--size", "800x600"],
        ["map", "--input", "MARKERS"], ["--version"], ["--version", "--verbose"], ["cluster", "--help"],
        ["help", "reverse"],
    ])
    func anAnswerThatCannotBeWrittenIsAFailure(_ args: [String]) async throws {
        let markers = try Self.markers()
        let polygon = try Self.polygon()
        let given = args.map { $0 == "MARKERS" ? markers : $0 == "POLYGON" ? polygon : $0 }
        let r = try await Self.runIntoFullDisk(given)
        #expect(r.status == 1, "\(args): \(r.status) \(r.err)")
        #expect(r.err.contains("hometown: cannot write standard output: No space left on device"), "\(args): \(r.err)")
        #expect(!r.err.contains("Fatal error"), "\(r.err)")
    }

    /// A new folder holding the file `target` ("old") and `link`, a link to it: (the folder, target, link).
    static func linkedFile(_ target: String, as link: String) throws -> (folder: URL, target: String, link: String) {
        let folder = TestScratch.newFolder("link")
        let paths = (folder.appendingPathComponent(target).path, folder.appendingPathComponent(link).path)
        try "old".write(toFile: paths.0, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: paths.1, withDestinationPath: target)
        return (folder, paths.0, paths.1)
    }

    @Test func mapFollowsALinkAndKeepsIt() async throws {
        let (_, target, link) = try Self.linkedFile("real.svg", as: "link.svg")
        let r = try await CLI.run(["map", "--input", try Self.markers(), "--out", link])
        #expect(r.status == 0, "\(r.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.svg")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<svg"))
    }

    @Test func mapWritesIntoAPipeWithoutReplacingIt() async throws {
        let fifo = TestScratch.newPath("map", suffix: ".fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader: `cat` from the pipe, started first (opening a pipe for writing waits for a reader).
        async let read = ChildProcess.run("/bin/cat", [fifo])
        let r = try await CLI.run(["map", "--input", try Self.markers(), "--out", fifo])
        #expect(r.status == 0, "\(r.err)")
        let svg = try await read
        #expect(svg.out.hasPrefix("<svg") && svg.out.contains("</svg>"), "\(svg.out.prefix(80))")
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func mapRefusesItsInputAFolderAndALinkToNothing() async throws {
        let markers = try Self.markers()
        let before = try String(contentsOfFile: markers, encoding: .utf8)
        let same = try await CLI.run(["map", "--input", markers, "--out", markers])
        #expect(same.status == 2 && same.err.contains("is the input file"), "\(same.err)")
        #expect(try String(contentsOfFile: markers, encoding: .utf8) == before)

        let folder = TestScratch.newFolder("map-out")
        let intoFolder = try await CLI.run(["map", "--input", markers, "--out", folder.path])
        #expect(intoFolder.status == 1 && intoFolder.err.contains("it is a folder"), "\(intoFolder.err)")

        let dangling = folder.appendingPathComponent("dangling.svg").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.svg")
        let toNothing = try await CLI.run(["map", "--input", markers, "--out", dangling])
        #expect(
            toNothing.status == 1 && toNothing.err.contains("a symbolic link to nothing that exists"),
            "\(toNothing.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.svg").path))
    }

    @Test func prepareTilesFollowsALinkAndRefusesAPipe() async throws {
        let (folder, target, link) = try Self.linkedFile("real.bin", as: "tiles.bin")
        let r = try await CLI.run(["prepare-tiles", "--zooms", "1", "--out", link])
        #expect(r.status == 0, "\(r.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.bin")
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int ?? 0) > 100)

        let fifo = folder.appendingPathComponent("tiles.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try await CLI.run(["prepare-tiles", "--zooms", "1", "--out", fifo])
        #expect(pipe.status == 1 && pipe.err.contains("a device, a pipe or a socket"), "\(pipe.err)")
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
    }
}
