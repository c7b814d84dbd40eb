import Foundation
import HometownTestSupport
import Testing

/// The README's examples of one point and one place answer as the README writes them, to the byte: a change in
/// the data or the ranking that moves a score or a distance shows here, not in a reader's terminal.
@Suite struct ReadmeExampleTests {
    static let readme = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/README.md"

    /// The answer the README gives after the line `command`: the lines up to the next blank line, joined (the
    /// README wraps a long line, going on after a space).
    static func answer(after command: String) throws -> String {
        let lines = try String(contentsOfFile: readme, encoding: .utf8).components(separatedBy: "\n")
        let at = try #require(lines.firstIndex(of: command), "README.md has no line \(command)")
        return lines[(at + 1)...].prefix { !$0.isEmpty }.joined()
    }

    @Test(arguments: [
        ["reverse", "47.6062", "-122.3321"],
        ["forward", "Seattle, WA", "--limit", "1"],
    ])
    func anExampleAnswersAsWritten(_ args: [String]) async throws {
        let command =
            "hometown " + args.map { $0.contains(" ") || $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: " ")
        let written = try Self.answer(after: command)
        #expect(!written.isEmpty)
        let r = try await CLI.run(args)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == written + "\n", "README.md's \(command)")
    }
}
