import ArgumentParser

/// The file of points of `reverse --input` and `transform --input`, and its format.
struct PointFileOptions: ParsableArguments {
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
