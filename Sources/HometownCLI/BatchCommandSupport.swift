import ArgumentParser
import Foundation

/// The options every batch command (`reverse --input`, `forward --input`, `transform --input`) shares: compression, where the output
/// goes, resuming a killed run, and progress.
struct BatchOptions: ParsableArguments {
    @Option(help: "auto (gzip when the name ends in .gz or the data starts like gzip), none or gzip.")
    var inputCompression: InputCompression = .auto

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Write here instead of standard output (- = standard output); FILE.gz writes gzip. Never the input itself.",
            valueName: "FILE"))
    var output: String?

    /// The file `--output` names; nil for standard output (no `--output`, or `-`).
    var outputFile: String? { output == "-" ? nil : output }

    @Flag(
        help: ArgumentHelp(
            "Continue a run that was killed: keep the complete rows already in --output, skip as many input rows, append the rest.",
            discussion:
                "A file that is not this command's output for this input (another CSV header, not NDJSON, not gzip for .gz) is refused and left as it is. The summary and the exit status count the rows of this run."
        )
    )
    var resume = false

    @Flag(name: .shortAndLong, help: "No progress line and no summary on standard error.")
    var quiet = false

    func validate() throws {
        if resume && outputFile == nil {
            throw ValidationError("--resume needs --output FILE (the file of the run to continue), not standard output")
        }
    }

    /// The options given that only a run over `--input` reads and that say where or how to write (a single answer
    /// is printed to standard output). `--quiet` and `--input-compression` are let pass: they change nothing there.
    var givenForInputOnly: [String] {
        var given: [String] = []
        if output != nil { given.append("--output") }
        if resume { given.append("--resume") }
        return given
    }

    /// Refuses `givenForInputOnly` options for a single answer, which would otherwise pass unread (an `--output`
    /// file a script then looks for in vain).
    /// - Throws: `CLIError` (exit status 2) naming them.
    static func refuseWithoutInput(_ given: [String], command: String) throws {
        guard !given.isEmpty else { return }
        let list = given.joined(separator: ", ")
        throw CLIError(
            "\(list) \(given.count == 1 ? "is" : "are") for --input FILE only: one answer is printed to standard output (hometown \(command) ... > FILE)"
        )
    }

    /// Runs the job `make` builds over the `--input` FILE of `points`, writing `points.format` (default: the input's own,
    /// NDJSON for NDJSON input, else CSV); `make` is given the input, with the columns `chosen` by their options
    /// (nil: not given), and the output format.
    /// - Throws: for NDJSON input with CSV output (an object's keys are not known in advance), and what `make`
    ///   and the run throw.
    func run<J: PointRowsJob, Names: PointFileNames>(
        input path: String, points: PointFileOptions<Names>, make: (BatchPointInput, Names.Output) throws -> J
    ) throws {
        let (stream, records) = try points.open(path, compression: inputCompression)
        let output = points.format ?? (records == .ndjson ? .ndjson : .csv)
        if records == .ndjson, output == .csv {
            let others = Names.Output.allCases.filter { $0 != .csv }.map { "\($0)" }.joined(separator: " or ")
            throw CLIError(
                "--format csv needs CSV input: an NDJSON row's keys are not known in advance; use --format \(others)")
        }
        let input = BatchPointInput(
            of: J.self, source: path, format: records, chosen: points.firstColumn, points.secondColumn)
        var job = try make(input, output)
        try run(&job, input: stream, csvOutput: output == .csv, resumable: output.isResumable)
    }

    /// Runs `job` over `input` into the output these options name, then reports: a summary on standard error
    /// (unless --quiet) and exit status 3 when some rows got an error or the input was cut short.
    func run<J: BatchJob>(_ job: inout J, input: BatchInput, csvOutput: Bool, resumable: Bool) throws {
        var skip = 0
        var resumed: [UInt8]? = nil
        var note: String? = nil
        let out: BatchOutput
        if let output = outputFile {
            if let id = input.fileID {
                var st = stat()
                if stat(output, &st) == 0, UInt64(st.st_dev) == id.device, UInt64(st.st_ino) == id.inode {
                    throw CLIError(
                        "--output \(output) is the input file \(input.path): writing there would destroy the rows not read yet; write the answers to another file"
                    )
                }
            }
            if resume {
                guard resumable else {
                    throw CLIError(
                        "--resume works with CSV and NDJSON output, not GeoJSON (its features sit inside one array)")
                }
                if let found = try BatchResume.inspect(path: output, csvHeader: csvOutput) {
                    skip = found.rows
                    resumed = found.keep > 0 ? found.head : nil
                    out = try BatchOutput(path: output, keep: found.keep)
                    if !quiet { note = "resuming \(output): \(found.rows) rows already answered" }
                } else {
                    out = try BatchOutput(path: output)
                }
            } else {
                out = try BatchOutput(path: output)
            }
        } else {
            out = BatchOutput()
        }
        let summary: BatchRunner.Summary
        do {
            summary = try BatchRunner.run(
                &job, input: input, output: out, skip: skip, resumed: resumed, note: note,
                progress: BatchProgress(quiet: quiet))
        } catch let failed as BatchRunner.InputFailed {
            // The rows answered before the failure are written: say so, so that the output is not taken as whole.
            printError(String(describing: failed.cause))
            printError(
                "\(outputFile ?? "the output") holds the \(failed.rows) rows answered before this"
                    + (skip > 0 ? " (after \(skip) answered before)" : "")
                    + " and nothing for the rest of the input: it is incomplete"
                    + (outputFile != nil && resumable ? " (a --resume with the whole input answers the rest)" : ""))
            throw ExitCode(failed.cause is SystemFailure ? ExitStatus.failure : ExitStatus.invalidInput)
        }
        if let problem = summary.inputProblem { printError(problem) }
        if let line = summary.cutLine {
            printError(
                "\(input.path) line \(line): the input ends inside this row, so it has no row in the output"
                    + (outputFile == nil ? "" : " (a --resume with the whole input answers it and the rows after it)"))
        }
        if summary.skipped < skip {
            printError(
                "\(input.path) has \(summary.skipped) rows, fewer than the \(skip) already in \(output ?? "the output"): is it the same input?"
            )
            throw ExitCode(ExitStatus.invalidInput)
        }
        if !quiet {
            printError(
                "\(summary.rows) rows, \(summary.errors) with errors"
                    + (skip > 0 ? " (after \(skip) answered before)" : ""))
        }
        if summary.errors > 0 || summary.inputProblem != nil || summary.cutLine != nil {
            throw ExitCode(ExitStatus.rowErrors)
        }
    }
}

/// The output formats of a batch job that adds columns to its input's rows: CSV and NDJSON at least.
protocol RowOutputFormat: ExpressibleByArgument, CaseIterable, Equatable {
    static var csv: Self { get }
    static var ndjson: Self { get }
    /// Whether `--resume` can continue a file of this format.
    var isResumable: Bool { get }
}
