import Foundation
import HometownTestSupport
import Testing

/// The `hometown` binary copied out of its checkout finds its data only where an installation keeps it
/// (`../share/hometown/` beside it) or where `HOMETOWN_DATA` says, and otherwise fails naming where it looked.
@Suite struct DataLookupCommandTests {
    /// A folder `prefix/bin/hometown` holding a copy of the built binary, outside the checkout.
    static func copiedBinary() throws -> (prefix: URL, binary: String) {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hometown-prefix-\(UUID().uuidString)")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("hometown").path
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: binary)
        return (prefix, binary)
    }

    /// The checkout's data folder (the test bundle lies in its build folder).
    static var checkoutData: String {
        URL(fileURLWithPath: CLI.binary).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data").path
    }

    static func run(_ binary: String, _ args: [String], data: String = "") async throws -> ChildProcess.Result {
        var env = ProcessInfo.processInfo.environment
        env["HOMETOWN_DATA"] = data
        return try await ChildProcess.run(binary, args, environment: env)
    }

    @Test func aCopiedBinaryWithoutDataSaysWhereItLookedAndHowToPointAtIt() async throws {
        let (prefix, binary) = try Self.copiedBinary()
        defer { try? FileManager.default.removeItem(at: prefix) }
        // `serve` too: missing data is a data failure (exit status 1), not a value given wrong (it exited 2).
        let db = prefix.appendingPathComponent("posts.sqlite").path
        for args in [["reverse", "44.97", "-93.26"], ["forward", "Duluth"], ["serve", "--port", "0", "--db", db]] {
            let r = try await Self.run(binary, args)
            #expect(r.status == 1, "\(args): \(r.err)")
            #expect(r.out.isEmpty)
            #expect(
                r.err.contains("not found; looked in \(prefix.path)/bin/../share/hometown/ (beside the executable)"))
            #expect(r.err.contains("--data") && r.err.contains("HOMETOWN_DATA"), "\(r.err)")
            #expect(!r.err.contains(Self.checkoutData), "a copied binary never reads the checkout it was built in")
        }
    }

    @Test func anInstalledLayoutIsFoundBesideTheBinary() async throws {
        let (prefix, binary) = try Self.copiedBinary()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/hometown")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        for file in ["hometown.bin", "gazetteer.bin"] {
            try FileManager.default.createSymbolicLink(
                atPath: share.appendingPathComponent(file).path, withDestinationPath: Self.checkoutData + "/" + file)
        }
        let reverse = try await Self.run(binary, ["reverse", "44.97", "-93.26"])
        #expect(reverse.status == 0, "\(reverse.err)")
        #expect(reverse.out.contains("\"Minneapolis\""))
        let forward = try await Self.run(binary, ["forward", "Duluth, MN"])
        #expect(forward.status == 0, "\(forward.err)")
        #expect(forward.out.contains("\"Duluth\""))
    }

    @Test func theEnvironmentNamesTheFolderAndNothingElseIsTried() async throws {
        let (prefix, binary) = try Self.copiedBinary()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let ok = try await Self.run(binary, ["reverse", "44.97", "-93.26"], data: Self.checkoutData)
        #expect(ok.status == 0 && ok.out.contains("\"Minneapolis\""), "\(ok.err)")
        let empty = prefix.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = try await Self.run(binary, ["reverse", "44.97", "-93.26"], data: empty)
        #expect(missing.status == 1)
        #expect(missing.err.contains("looked in \(empty)/ ($HOMETOWN_DATA)"), "\(missing.err)")
    }

    @Test func versionIsPrinted() async throws {
        let r = try await CLI.run(["--version"])
        #expect(r.status == 0)
        #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(r.out)")
    }

    @Test func versionVerboseNamesEachDataFileWithItsChecksum() async throws {
        let r = try await Self.run(CLI.binary, ["--version", "--verbose"], data: Self.checkoutData)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("hometown ") == true && lines.first != "hometown ")
        #expect(lines.dropFirst().first == "data, looked for in: \(Self.checkoutData)/ ($HOMETOWN_DATA)")
        for name in ["hometown.bin", "gazetteer.bin", "water.bin", "tiles.bin"] {
            let line = try #require(lines.first { $0.hasPrefix("  \(name): ") }, "\(r.out)")
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: Self.checkoutData + "/" + name)[.size] as? Int)
            #expect(line.contains("\(Self.checkoutData)/\(name), \(size) bytes, format "), "\(line)")
            #expect(line.range(of: #"checksum [0-9a-f]{16}$"#, options: .regularExpression) != nil, "\(line)")
        }
        // Either order; the plain --version stays one line; an empty folder lists every file as not found.
        let other = try await Self.run(CLI.binary, ["--verbose", "--version"], data: Self.checkoutData)
        #expect(other.out == r.out)
        let plain = try await Self.run(CLI.binary, ["--version"], data: Self.checkoutData)
        #expect(plain.status == 0 && plain.out.split(separator: "\n").count == 1)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-empty-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try await Self.run(CLI.binary, ["--version", "--verbose"], data: empty.path)
        #expect(none.status == 0 && none.out.components(separatedBy: ": not found").count == 5, "\(none.out)")
    }
}
