import ArgumentParser

/// What `reverse` and `transform` call the two coordinates of a point: each one's short name (`LAT`, `X`), which
/// also names its column option (`--lat-column`, `--x-column`), and what its column holds; and the output formats
/// of their batch job.
protocol PointFileNames: PointWordNames {
    associatedtype Output: RowOutputFormat
    /// The first coordinate and the second: short name, and what the column holds (e.g. `("LAT", "latitudes")`).
    static var coordinates: (first: (name: String, holds: String), second: (name: String, holds: String)) { get }
}

extension PointFileNames {
    /// `LAT LON`: the coordinates' short names.
    static var valueName: String { "\(coordinates.first.name) \(coordinates.second.name)" }

    /// The column option's long name of a coordinate, e.g. `lat-column`.
    static func columnOptionName(_ c: (name: String, holds: String)) -> String { "\(c.name.lowercased())-column" }

    /// The column option of a coordinate (`--lat-column`).
    static func columnOption(_ c: (name: String, holds: String)) -> NameSpecification {
        .customLong(columnOptionName(c))
    }

    /// The column option's help.
    static func columnHelp(_ c: (name: String, holds: String)) -> ArgumentHelp {
        ArgumentHelp("Column (CSV) or key (NDJSON) holding \(c.holds).", valueName: "NAME")
    }
}

/// The points of `reverse` and `transform`: one point as words, or a file of points (`--input`) with its format,
/// the columns holding the coordinates, and the format of the output (`Names.Output`: the job's formats).
struct PointFileOptions<Names: PointFileNames>: ParsableArguments {
    typealias Output = Names.Output

    @OptionGroup var point: PointWords<Names>

    /// `--input-format`: `auto` settles it by the file's name, else by its first character.
    enum Format: String, ExpressibleByArgument, CaseIterable { case auto, csv, ndjson }

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Read points from FILE (CSV or NDJSON; - = standard input).", valueName: "FILE"))
    var input: String?

    @Option(help: "Input format: auto (by file name, else by content), csv or ndjson.")
    var inputFormat: Format = .auto

    @Option(help: ArgumentHelp("Output format: \(Self.outputNames) (default: the input's own)."))
    var format: Output?

    @Option(name: Names.columnOption(Names.coordinates.first), help: Names.columnHelp(Names.coordinates.first))
    var firstColumn: String?

    @Option(name: Names.columnOption(Names.coordinates.second), help: Names.columnHelp(Names.coordinates.second))
    var secondColumn: String?

    /// The options given that only a run over `--input` reads.
    var givenForInputOnly: [String] {
        var given: [String] = []
        if inputFormat != .auto { given.append("--input-format") }
        if format != nil { given.append("--format") }
        if firstColumn != nil { given.append("--" + Names.columnOptionName(Names.coordinates.first)) }
        if secondColumn != nil { given.append("--" + Names.columnOptionName(Names.coordinates.second)) }
        return given
    }

    /// One point's two words, or the `--input` file.
    /// - Throws: `CLIError` (exit status 2) as `PointWords.given(orFile:)` says.
    func given() throws -> PointWords<Names>.Given { try point.given(orFile: input) }

    /// "csv, ndjson or geojson": the output formats, for the help.
    static var outputNames: String {
        let names = Output.allCases.map { "\($0)" }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    /// Opens `path` (the `--input`) and settles its record format.
    /// - Throws: when the file cannot be opened or its start cannot be read.
    func open(_ path: String, compression: InputCompression) throws -> (stream: BatchInput, format: BatchRecordFormat) {
        let stream = try BatchInput(path: path, compression: compression)
        switch inputFormat {
        case .csv: return (stream, .csv)
        case .ndjson: return (stream, .ndjson)
        case .auto:
            let start = try stream.peek(until: { !BatchColumns.isWhiteSpace($0) })
            return (stream, BatchColumns.looksLikeNDJSON(path: path, firstBytes: start) ? .ndjson : .csv)
        }
    }
}
