import Foundation
import HometownTestSupport
import Testing

@testable import HometownCLI

/// An input of a single byte: with `--input-compression auto` the first byte waits for a second one (gzip's magic
/// is two bytes), and must still be delivered when the input ends there.
@Suite struct OneByteInputTests {
    /// `forward --input -` with `stdin`: it must exit with `status` and write one row, given as an object, with the
    /// summary on stderr.
    func forwardOneRow(stdin: String, status: Int32) async throws -> (row: [String: Any], err: String) {
        let r = try await CLI.run(["forward", "--input", "-", "--limit", "1"], stdin: stdin)
        #expect(r.status == status, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (row, r.err)
    }

    /// A blank line is one row with an error (exit status 3); rows out equal rows in.
    @Test func aBlankLineOnStandardInputGetsItsErrorRow() async throws {
        let (row, err) = try await forwardOneRow(stdin: "\n", status: 3)
        #expect(row["query"] as? String == "")
        #expect((row["error"] as? String)?.contains("line 1") == true)
        #expect(err.contains("1 rows, 1 with errors"), "\(err)")
    }

    /// One character and no line feed is one query.
    @Test func oneCharacterOnStandardInputIsOneQuery() async throws {
        let (row, err) = try await forwardOneRow(stdin: "7", status: 0)
        #expect(row["query"] as? String == "7")
        #expect(row["results"] is [Any])
        #expect(err.contains("1 rows, 0 with errors"), "\(err)")
    }

    /// The reader itself, from a file of one byte, for each compression setting that reads it as it is.
    @Test(arguments: [InputCompression.auto, .none])
    func aOneByteFileIsReadWhole(compression: InputCompression) throws {
        let path = TestScratch.newPath("one-byte", suffix: ".txt")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("7".utf8)))
        let input = try BatchInput(path: path, compression: compression)
        var bytes: [UInt8] = []
        while let more = try input.next() { bytes += more }
        #expect(bytes == Array("7".utf8))
        #expect(input.problem == nil)
    }
}
