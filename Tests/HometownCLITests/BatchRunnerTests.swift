import Foundation
import HometownBoundaries
import HometownCore
import Testing

@testable import HometownCLI

/// `BatchRunner` in this process, with its reading (`BatchChunks`) and writing (`BatchWrites`) threads: the file it
/// writes is the one the record path gives for the same rows in one piece, whatever the chunking; a failed write
/// stops the run with its error; a failed read still leaves every row answered before it in the output.
@Suite struct BatchRunnerTests {
    static let geocoder: ReverseGeocoder? = try? ReverseGeocoder(verification: .header)

    static func temp(_ name: String) -> String {
        NSTemporaryDirectory() + "hometown-runner-\(UUID().uuidString)-\(name)"
    }

    /// `rows` seeded points, some on land, some at sea, with an id column; every 50,000th row quoted (so that its
    /// chunk takes the record path while the others take the plain one).
    static func csv(rows: Int) -> String {
        var rng = SeededRandom(seed: 5)
        var text = "id,latitude,longitude\n"
        for i in 0..<rows {
            let lat = String(format: "%.6f", rng.unit() * 140 - 60)
            let lon = String(format: "%.6f", rng.unit() * 360 - 180)
            text += i % 50_000 == 7 ? "\(i),\"\(lat)\",\(lon)\n" : "\(i),\(lat),\(lon)\n"
        }
        return text
    }

    /// Runs a reverse batch over `input` into `output` in this process.
    static func run(input: String, output: BatchOutput) throws -> BatchRunner.Summary {
        let geocoder = try #require(geocoder)
        let points = BatchPointInput(of: ReverseJob.self, source: input, format: .csv, chosen: nil, nil)
        var job = ReverseJob(geocoder: geocoder, input: points, outputFormat: .csv)
        return try BatchRunner.run(
            &job, input: try BatchInput(path: input, compression: .auto), output: output, skip: 0, resumed: nil,
            progress: BatchProgress(quiet: true))
    }

    /// What the record path writes for all of `text`'s rows in one call, with no thread of the runner's.
    static func expected(_ text: String) throws -> String {
        let geocoder = try #require(geocoder)
        let points = BatchPointInput(of: ReverseJob.self, source: "x", format: .csv, chosen: nil, nil)
        var job = ReverseJob(geocoder: geocoder, input: points, outputFormat: .csv)
        var reader = CSVRecords.Reader(Array(text.utf8), firstLine: 1)
        let head = try job.begin(header: reader.next())
        let records = Array(IteratorSequence(reader))[...]
        return String(decoding: head + job.process(csv: records).out, as: UTF8.self)
    }

    @Test func theOutputIsTheRecordPathsInOnePiece() throws {
        let text = Self.csv(rows: 150_000)  // a small first chunk, then chunks of 65,536 rows, two of them quoted
        let input = Self.temp("in.csv")
        let output = Self.temp("out.csv")
        defer { for p in [input, output] { try? FileManager.default.removeItem(atPath: p) } }
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        // An old, longer file in the way: emptied before the answers go in.
        try String(repeating: "old row\n", count: 1_000_000).write(toFile: output, atomically: true, encoding: .utf8)
        let summary = try Self.run(input: input, output: try BatchOutput(path: output))
        #expect(summary.rows == 150_000 && summary.errors == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == (try Self.expected(text)))
    }

    @Test func aFullDiskStopsTheRunWithItsError() throws {
        let input = Self.temp("in.csv")
        defer { try? FileManager.default.removeItem(atPath: input) }
        try Self.csv(rows: 100_000).write(toFile: input, atomically: true, encoding: .utf8)
        // /dev/full refuses every write with ENOSPC, as a full disk does.
        #expect {
            _ = try Self.run(input: input, output: try BatchOutput(path: "/dev/full"))
        } throws: { error in
            String(describing: error).contains("cannot write /dev/full") && String(describing: error).contains("space")
        }
    }

    @Test func rowsBeforeAReadFailureAreInTheOutputWhenTheRunReturns() throws {
        let plain = Self.temp("in.csv")
        let output = Self.temp("out.csv")
        defer { for p in [plain + ".gz", output] { try? FileManager.default.removeItem(atPath: p) } }
        // Made in this process (no child process: the test also runs under ThreadSanitizer, whose runtime fails
        // in the child of a posix_spawn on this toolchain).
        var bytes = try Gzip.member(Array(Self.csv(rows: 300_000).utf8))
        // A second gzip member whose deflate data starts with a block of the reserved type 3.
        bytes.append(
            contentsOf: [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03] + [UInt8](repeating: 0xFF, count: 64))
        try Data(bytes).write(to: URL(fileURLWithPath: plain + ".gz"))
        // The failure names the input's problem and how many rows were answered before it.
        var answered = -1
        #expect {
            _ = try Self.run(input: plain + ".gz", output: try BatchOutput(path: output))
        } throws: { error in
            guard let failed = error as? BatchRunner.InputFailed, failed.cause is CLIError else { return false }
            answered = failed.rows
            return true
        }
        // Read at once, as the run returns: every chunk answered before the failure is already written.
        let rows = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(rows.count >= 65_536 && rows.count == answered, "\(rows.count) rows written, \(answered) answered")
        for (k, row) in rows.enumerated() where !row.hasPrefix("\(k),") {
            Issue.record("row \(k) of the output is \(row.prefix(40))")
            break
        }
    }
}
