import HometownCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where a batch command writes: standard output, or `--output FILE` (gzip when the name ends in .gz). Each
/// part of a chunk of rows (whole rows) goes out in one write (for gzip: as one gzip member), so a run killed at
/// any moment leaves whole parts plus at most part of one, and `--resume` can find the last complete row.
final class BatchOutput {
    let path: String?
    private let fd: Int32
    let gzip: Bool

    /// Standard output.
    init() {
        path = nil
        fd = 1
        gzip = false
        keep = 0
        unprepared = false  // standard output is written as it is (never emptied: `>>` appends)
    }

    /// A file, created or emptied (or, with `keep`, kept and written after its `keep` first bytes). An existing
    /// file is emptied, or cut back to `keep` bytes, by the first write (`prepare()`), not here: a run refused
    /// before it writes leaves the file as it was.
    init(path: String, keep: Int? = nil) throws {
        self.path = path
        gzip = path.lowercased().hasSuffix(".gz")
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        // A file that cannot be opened or continued is a system failure (status 1), as a write that fails later.
        guard fd >= 0 else { throw SystemFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        // Nothing to keep is a fresh start: `prepare()` empties a regular file and leaves a device (/dev/null) be.
        self.keep = keep ?? 0
    }

    /// The bytes of the file to keep (`--resume`); 0: it is emptied.
    private let keep: Int
    /// Whether `prepare()` is still to be done.
    private var unprepared = true

    /// Cuts the file back to the bytes to keep, or empties it; does nothing after the first call.
    func prepare() throws {
        guard unprepared else { return }
        unprepared = false
        if keep > 0 {
            guard ftruncate(fd, off_t(keep)) == 0, lseek(fd, off_t(keep), SEEK_SET) == off_t(keep) else {
                throw SystemFailure("cannot continue \(path ?? "the output"): \(String(cString: strerror(errno)))")
            }
            return
        }
        // Only a regular file with something in it (a pipe or a device, e.g. /dev/null, cannot be truncated; O_TRUNC
        // left them alone too).
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 else { return }
        guard ftruncate(fd, 0) == 0 else {
            throw SystemFailure("cannot empty \(path ?? "the output"): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if fd != 1 { close(fd) } }

    /// Writes `bytes` (compressed as one gzip member for a .gz file).
    func write(_ bytes: [UInt8]) throws {
        try prepare()
        guard !bytes.isEmpty else { return }
        let data: [UInt8]
        if gzip {
            do { data = try Gzip.member(bytes) } catch let e as Gzip.Failure { throw SystemFailure(e.description) }
        } else {
            data = bytes
        }
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, data.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw SystemFailure("the output was closed (broken pipe)") }
                throw SystemFailure("cannot write \(path ?? "standard output"): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

/// What `--resume` finds in an output file: how many bytes to keep and how many input rows they answer. The file
/// is read a block at a time (memory stays flat whatever its size).
enum BatchResume {
    /// What an output file holds.
    struct Found {
        /// The bytes to keep (those of the complete rows, for gzip of the complete members).
        var keep: Int
        /// The input rows they answer.
        var rows: Int
        /// The first bytes of the text kept (at most `headBytes`; decompressed), for telling whether the file is
        /// this run's: its CSV header, or the start of its first NDJSON row.
        var head: [UInt8]
    }

    /// The most bytes of the kept text `Found.head` holds.
    static let headBytes = 1 << 20

    /// The refusal of a file to resume that is not this command's output for this input, saying `why`.
    static func notThisRunsOutput(_ path: String, _ why: String) -> CLIError {
        CLIError(
            "--resume: \(path) \(why), so it is not this command's output for this input; name another --output, or leave out --resume to replace it"
        )
    }

    /// - Parameters:
    ///   - path: the output of the killed run (.gz: a series of gzip members, each holding whole rows).
    ///   - csvHeader: whether the output is CSV with a header row (else NDJSON, one row per line).
    /// - Returns: nil when there is no file (start afresh); else the bytes to keep and the rows they hold.
    /// - Throws: `CLIError` for a .gz file that does not start as gzip data, or an NDJSON output whose first row
    ///   is not an object: neither is a file this command wrote.
    static func inspect(path: String, csvHeader: Bool) throws -> Found? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemFailure("cannot read \(path) to resume: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let gzip = path.lowercased().hasSuffix(".gz")
        let inflater = gzip ? try Gzip.Inflater() : nil
        // Rows end at a line feed (outside quotes, for CSV; our output has no blank lines).
        var scanner = CSVRecords.BoundaryScanner()
        var lineFeeds = 0
        func scan(_ text: [UInt8]) -> Int? {
            if csvHeader { return scanner.scan(text, from: 0) }
            let last = text.lastIndex(of: 0x0A)
            lineFeeds += text.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            return last.map { $0 + 1 }
        }
        var rowEnds: Int { csvHeader ? scanner.recordEnds : lineFeeds }
        // The end of the last complete row (for gzip: of the last complete member) and the rows before it.
        var keep = 0
        var ends = 0
        var offset = 0
        var head: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemFailure("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            let bytes = Array(block[0..<n])
            if let inflater {
                // Whole members only; a damaged or cut member ends what can be kept (a killed run leaves a member
                // cut short, never damaged data: damage at the start is a file of something else).
                let text: [UInt8]
                do { text = try inflater.inflate(bytes) } catch {
                    guard offset > 0 || !inflater.memberEnds.isEmpty else {
                        throw notThisRunsOutput(path, "is not gzip data")
                    }
                    break
                }
                if head.count < headBytes { head += text.prefix(headBytes - head.count) }
                var done = 0
                for end in inflater.memberEnds {
                    _ = scan(Array(text[done..<end.output]))
                    done = end.output
                    keep = offset + end.input
                    ends = rowEnds
                }
                _ = scan(Array(text[done...]))
            } else {
                if head.count < headBytes { head += bytes.prefix(headBytes - head.count) }
                if let last = scan(bytes) {
                    keep = offset + last
                    ends = rowEnds
                }
            }
            offset += n
        }
        if !csvHeader, let first = head.first, first != UInt8(ascii: "{") {
            throw notThisRunsOutput(path, "does not start with a JSON object (NDJSON)")
        }
        // A CSV output holds its header row first: with nothing after a complete header, start afresh.
        if csvHeader {
            return ends == 0 ? Found(keep: 0, rows: 0, head: head) : Found(keep: keep, rows: ends - 1, head: head)
        }
        return Found(keep: keep, rows: ends, head: head)
    }
}
