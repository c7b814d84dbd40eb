import ArgumentParser
import Testing

@testable import HometownCLI

/// Every command's `--help` reads well on an 80-column terminal: the overview and discussion are laid
/// out by us within 80 columns, so ArgumentParser never wraps them again (a re-wrapped line leaves a fragment of
/// one or two words on a line of its own). Checked by rendering each help at 80 and at 300 columns: the text
/// between the overview and USAGE must be the same, and no line of it longer than 80.
@Suite struct HelpLayoutTests {
    static func commands(_ root: any ParsableCommand.Type = HometownCommand.self) -> [any ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { commands($0) }
    }

    /// The discussion: the text between the overview (which ArgumentParser lays out itself, as it does options)
    /// and USAGE.
    static func head(_ help: String) -> String {
        let beforeUsage = help.components(separatedBy: "\nUSAGE:").first ?? help
        return beforeUsage.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
    }

    /// A usage error found in `run()` points to the help of the command that was run, named from the root.
    @Test func everyCommandsPathIsFoundFromTheRoot() {
        #expect(HometownCommand.commandPath(to: ServeCommand.self) == ["hometown", "serve"])
        #expect(HometownCommand.commandPath(to: DbCopyCommand.self) == ["hometown", "db", "copy"])
        #expect(HometownCommand.commandPath(to: HometownCommand.self) == ["hometown"])
        for command in Self.commands() {
            #expect(HometownCommand.commandPath(to: command)?.last == command._commandName)
        }
    }

    @Test func theTextOfEveryHelpFitsEightyColumnsAsWritten() {
        let commands = Self.commands()
        #expect(commands.count >= 17)
        for command in commands {
            let name = command._commandName
            let narrow = Self.head(HometownCommand.helpMessage(for: command, columns: 80))
            let wide = Self.head(HometownCommand.helpMessage(for: command, columns: 300))
            #expect(narrow == wide, "hometown \(name) --help is wrapped again at 80 columns")
            for line in narrow.split(separator: "\n", omittingEmptySubsequences: false) where line.count > 80 {
                Issue.record("hometown \(name) --help: a line of \(line.count) columns: \(line)")
            }
        }
    }

    /// No paragraph of a help's text is broken by a short line: a line of under 64 columns that ends inside a
    /// sentence although the next line's first word would have fitted within 80 columns ("or SIGTERM stops the").
    /// Lines of a list or an example (indented, or aligned with two spaces) are laid out by hand and left alone,
    /// and so are lines that end a sentence or an item.
    @Test func noParagraphIsBrokenByAShortLine() {
        for command in Self.commands() {
            let name = command._commandName
            let text = Self.head(HometownCommand.helpMessage(for: command, columns: 80))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (a, b) in zip(lines, lines.dropFirst()) {
                guard !a.isEmpty, !b.isEmpty, b.first != " ", a.first != " ", a.count < 64, !a.contains("  "),
                    let last = a.last, !".:;!?)".contains(last)
                else { continue }
                let word = b.prefix { $0 != " " }
                if a.count + 1 + word.count <= 80 {
                    Issue.record("hometown \(name) --help: \"\(a)\" is broken before \"\(word)\", which fits on it")
                }
            }
        }
    }
}
