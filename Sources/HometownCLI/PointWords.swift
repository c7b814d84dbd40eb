import ArgumentParser

/// What a command calls the point words it takes (`Words` of `PointWords`): their name in the help and the
/// command's name for the messages.
protocol PointWordNames {
    /// The words as the help shows them, e.g. `LAT LON`.
    static var valueName: String { get }
    /// One line of help for them.
    static var help: String { get }
    /// The command, for "see hometown NAME --help".
    static var command: String { get }
}

/// The points a command takes as words after its options (`hometown reverse -33.87 151.21`): the one owner of how
/// `reverse`, `transform` and `distance` read them. Negative numbers are values, not options; `--` before the
/// words works as usual; a word that looks like an option (and is neither a number nor a `LAT,LON` pair) is
/// refused as an unknown option.
struct PointWords<Words: PointWordNames>: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(Words.help, valueName: Words.valueName))
    var words: [String] = []

    /// The words as given, without `--`.
    /// - Throws: `CLIError` (exit status 2) for an unknown option among them.
    func values() throws -> [String] {
        var values = words
        if let end = values.firstIndex(of: "--") { values.remove(at: end) }
        if let bad = values.first(where: {
            $0.hasPrefix("--") || ($0.hasPrefix("-") && Double($0) == nil && !$0.contains(","))
        }) {
            throw CLIError("unknown option \(bad); see hometown \(Words.command) --help")
        }
        return values
    }

    /// Where the points of a run come from: one point's two words, or a file of points (`--input`).
    enum Given {
        case point(String, String)
        case file(String)
    }

    /// The two words of one point, or the file `input` (the `--input`) when it is given.
    /// - Throws: `CLIError` (exit status 2) for words beside `--input`, an unknown option, or not two words.
    func given(orFile input: String?) throws -> Given {
        if let input {
            guard words.isEmpty else { throw CLIError("give either \(Words.valueName) or --input FILE, not both") }
            return .file(input)
        }
        let values = try values()
        guard values.count == 2 else {
            throw CLIError(
                "expected \(Words.valueName) (two numbers) or --input FILE, got \(values.count) value(s); see hometown \(Words.command) --help"
            )
        }
        return .point(values[0], values[1])
    }
}
