import HometownCore

/// One batch command's work on its rows: given chunks of input records (CSV) or lines, it returns the output,
/// one output row per input row, in order.
protocol BatchJob {
    /// How the input is cut into rows.
    var recordKind: RecordBuffer.Kind { get }
    /// The output's first bytes (a CSV header, GeoJSON's opening), given the CSV header record (nil for lines).
    /// - Throws: when the input cannot be used at all (no header, no coordinate columns): exit status 2.
    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8]
    /// Whether a line is a row (e.g. NDJSON skips blank lines; they still count for line numbers).
    func isRow(_ line: ArraySlice<UInt8>) -> Bool
    /// The output of these rows (never a row cut short by a truncated input: the runner leaves that out).
    mutating func process(csv: ArraySlice<CSVRecords.Record>) -> (out: [UInt8], errors: Int)
    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>) -> (out: [UInt8], errors: Int)
    /// The output of CSV rows answered from their bytes (see `PlainCSVChunk`), in parts of whole rows to be
    /// written one after the other, or nil to have them read as records and given to `process(csv:)`. Must
    /// give exactly what that would.
    mutating func processPlain(csv: ArraySlice<UInt8>) -> (parts: [[UInt8]], rows: Int)?
    /// The output's last bytes (GeoJSON's closing).
    func end() -> [UInt8]
}

extension BatchJob {
    /// No shortcut: every CSV chunk is read as records.
    mutating func processPlain(csv: ArraySlice<UInt8>) -> (parts: [[UInt8]], rows: Int)? { nil }
}

/// Streams an input through a `BatchJob` into an output: reads a block at a time, answers complete rows as soon
/// as a chunk is full or the input has nothing more ready (so a pipe gets answers while it is still being
/// written). Reading and cutting chunks (`BatchChunks`) and writing answers (`BatchWrites`) run on threads of
/// their own beside the lookups, each at most two chunks ahead or behind, so memory stays bounded by a few
/// chunks of rows whatever the input's size.
enum BatchRunner {
    struct Summary {
        /// Rows answered in this run (not counting those skipped by `--resume`).
        var rows = 0
        /// Rows whose output carries an error.
        var errors = 0
        /// Rows skipped because an earlier run answered them.
        var skipped = 0
        /// A problem with the input as a whole (a truncated gzip stream), reported after its rows.
        var inputProblem: String?
        /// The line of the row a truncated input ended inside. That row gets no output row (not even an error
        /// row): its fields are not known, and a `--resume` with the whole input answers it in its place.
        var cutLine: Int?
    }

    static let chunkRows = 65_536

    /// Reading the input failed (`cause`, naming the input and the problem) after `rows` rows were answered in
    /// this run: their output is written, the rest of the input has none.
    struct InputFailed: Error {
        let cause: Error
        let rows: Int
    }

    /// - Parameters:
    ///   - skip: rows at the start that an earlier run already answered (`--resume`): read, not answered.
    ///   - resumed: the first bytes of the output an earlier run wrote (`BatchResume.Found.head`), which must
    ///     start with the job's first bytes (its CSV header); nil: the output starts afresh.
    ///   - note: said on standard error once the output is found to be this job's ("resuming ...").
    /// - Throws: `CLIError` when the output resumed does not start as this job's does (before anything is written).
    static func run<J: BatchJob>(
        _ job: inout J, input: BatchInput, output: BatchOutput, skip: Int, resumed head: [UInt8]?,
        note: String? = nil, progress: BatchProgress
    ) throws -> Summary {
        let resumed = head != nil
        func checkResumed(_ prefix: [UInt8]) throws {
            guard let head, !head.starts(with: prefix) else {
                if let note { printError(note) }
                return
            }
            let header = String(decoding: prefix.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(200), as: UTF8.self)
            throw BatchResume.notThisRunsOutput(
                output.path ?? "the output", "does not start with the header this run writes (\(header))")
        }
        let chunks = BatchChunks(input: input, kind: job.recordKind, rows: chunkRows)
        defer { chunks.stop() }
        let writes = BatchWrites(to: output)
        // When reading fails midway, the rows answered before the failure are still written (their error, if
        // any, gives way to the reading's).
        defer { try? writes.finish() }
        var summary = Summary()
        var headerDone = job.recordKind == .lines
        if headerDone {
            let prefix = try job.begin(header: nil)
            try checkResumed(prefix)
            if !resumed { try writes.write([prefix]) }
        }
        var skipLeft = skip
        var eof = false
        while !eof {
            let chunk: BatchChunks.Chunk
            do { chunk = try chunks.next() } catch { throw InputFailed(cause: error, rows: summary.rows) }
            let (bytes, firstLine, cut) = (chunk.bytes, chunk.firstLine, chunk.cut)
            eof = chunk.last
            var out: [UInt8] = []
            var parts: [[UInt8]] = []
            var errors = 0
            var rows = 0
            switch job.recordKind {
            case .csv:
                // The header first (the first record of the input), then the rows after it.
                var body = bytes[...]
                var bodyLine = firstLine
                if !headerDone {
                    var reader = CSVRecords.Reader(bytes, firstLine: firstLine)
                    let header = reader.next()
                    if header != nil || eof {
                        let prefix = try job.begin(header: header)
                        try checkResumed(prefix)
                        if !resumed { out += prefix }
                        headerDone = true
                    }
                    body = bytes[reader.offset...]
                    bodyLine = reader.nextLine
                }
                if body.isEmpty { break }
                if skipLeft == 0, !cut, let plain = job.processPlain(csv: body) {
                    parts = plain.parts
                    rows = plain.rows
                    break
                }
                var records = Array(IteratorSequence(CSVRecords.Reader(Array(body), firstLine: bodyLine)))[...]
                if cut, let last = records.popLast() { summary.cutLine = last.line }
                let skipped = min(skipLeft, records.count)
                skipLeft -= skipped
                summary.skipped += skipped
                let rest = records.dropFirst(skipped)
                if !rest.isEmpty {
                    let r = job.process(csv: rest)
                    out += r.out
                    errors = r.errors
                    rows = rest.count
                }
            case .lines:
                var lines: [(number: Int, text: ArraySlice<UInt8>)] = []
                var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                if bytes.last == 0x0A || bytes.isEmpty { pieces.removeLast() }  // after the last line feed: no line
                for (k, piece) in pieces.enumerated() {
                    let line = piece.last == 0x0D ? piece.dropLast() : piece
                    if job.isRow(line) { lines.append((firstLine + k, line)) }
                }
                // The cut row is the piece after the last line feed.
                if cut, let last = lines.last, last.number == firstLine + pieces.count - 1, bytes.last != 0x0A {
                    summary.cutLine = lines.removeLast().number
                }
                let skipped = min(skipLeft, lines.count)
                skipLeft -= skipped
                summary.skipped += skipped
                let rest = lines[skipped...]
                if !rest.isEmpty {
                    let r = job.process(lines: rest)
                    out += r.out
                    errors = r.errors
                    rows = rest.count
                }
            }
            try writes.write(out.isEmpty ? parts : [out] + parts)
            summary.rows += rows
            summary.errors += errors
            progress.update(rows: summary.rows + summary.skipped, bytesRead: chunk.bytesRead, size: input.size)
        }
        if !headerDone { _ = try job.begin(header: nil) }
        try writes.write([job.end()])
        try writes.finish()
        progress.finish()
        summary.inputProblem = input.problem
        return summary
    }
}
