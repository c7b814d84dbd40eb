import Foundation
import Testing

/// docs/man/hometown.1 (made by tools/man.sh with ArgumentParser's generate-manual) against the command as
/// built: every subcommand and every option it shows in `--help` must be in the committed page, under its
/// subcommand, so a page left behind after an option is added fails here; and every character of the help beyond
/// ASCII must be there as its roff escape, which generate-manual alone would drop.
@Suite struct ManualPageTests {
    static let page = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/docs/man/hometown.1"

    /// Long option names (without "--") shown in help, per subcommand name; from `--experimental-dump-help`.
    func shownOptions() async throws -> [(command: String, options: [String])] {
        let r = try await CLI.run(["--experimental-dump-help"])
        #expect(r.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        return subcommands.compactMap { sub in
            guard let name = sub["commandName"] as? String, sub["shouldDisplay"] as? Bool != false, name != "help"
            else { return nil }
            let arguments = sub["arguments"] as? [[String: Any]] ?? []
            let options = arguments.filter { ($0["shouldDisplay"] as? Bool) != false }.flatMap { a in
                (a["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.compactMap {
                    $0["name"] as? String
                }
            }
            return (name, options.filter { $0 != "help" })
        }
    }

    @Test func everyCommandAndOptionIsInTheManualPage() async throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        #expect(text.contains(".Dt HOMETOWN 1") && text.contains(".Sh SYNOPSIS"))
        let commands = try await shownOptions()
        #expect(commands.count >= 10, "serve, post, users, reverse, forward, cluster, region, map, transform, ...")
        // Each subcommand's part of the page: from its heading to the next subcommand's.
        let headings = commands.map { ".It Em \($0.command)\n" }
        for (k, c) in commands.enumerated() {
            guard let start = text.range(of: headings[k]) else {
                Issue.record("hometown \(c.command) is not in \(Self.page): run tools/man.sh")
                continue
            }
            let end =
                headings.compactMap { text.range(of: $0, range: start.upperBound..<text.endIndex)?.lowerBound }.min()
                ?? text.endIndex
            // Option items read ".It Fl -input Ar FILE" or, with a short name, ".It Fl i , -input Ar FILE".
            let documented = Set(
                text[start.upperBound..<end].split(separator: "\n").filter { $0.hasPrefix(".It Fl ") }
                    .flatMap { $0.split(separator: " ").filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) } })
            for option in c.options where !documented.contains(option) {
                Issue.record("hometown \(c.command) --\(option) is not in \(Self.page): run tools/man.sh")
            }
        }
    }

    @Test func everyCharacterBeyondASCIIIsInTheManualPage() async throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        let r = try await CLI.run(["--experimental-dump-help"])
        #expect(r.status == 0)
        let beyond = Set(r.out.unicodeScalars.filter { !$0.isASCII }.map(\.value))
        #expect(beyond.count >= 5, "the help's examples name places in Cyrillic and with accents")
        for value in beyond.sorted() {
            let hex = String(value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            #expect(text.contains("\\[u\(code)]"), "U+\(code) is missing from \(Self.page): run tools/man.sh")
        }
    }
}
