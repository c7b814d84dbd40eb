import ArgumentParser

/// The file of points of `reverse --input` and `transform --input`, its format, and the format of the output
/// (`Output`: the job's formats).
struct PointFileOptions<Output: RowOutputFormat>: ParsableArguments {
    /// `--input-format`: `auto` settles it by the file's name, else by its first character.
    enum Format: String, ExpressibleByArgument, CaseIterable { case auto, csv, ndjson }

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Read points from FILE (CSV or NDJSON; - = standard input).", valueName: "FILE"))
    var input: String?

    @Option(
        name: .customLong("input-format"),
        help: "Input format: auto (by file name, else by content), csv or ndjson.")
    var inputFormat: Format = .auto

    @Option(help: ArgumentHelp("Output format: \(Self.outputNames) (default: the input's own)."))
    var format: Output?

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
            return (stream, BatchColumns.looksLikeNDJSON(path: path, firstBytes: try stream.peek()) ? .ndjson : .csv)
        }
    }
}
