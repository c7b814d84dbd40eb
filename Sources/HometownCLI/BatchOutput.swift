#if canImport(Glibc)
import Glibc
#endif
import HometownCore

/// Where a batch command writes: standard output, or `--output FILE` (gzip when the name ends in .gz). Each
/// chunk of rows goes out in one write (for gzip: as one gzip member), so a run killed at any moment leaves
/// whole chunks plus at most part of one, and `--resume` can find the last complete row.
final class BatchOutput {
    let path: String?
    private let fd: Int32
    let gzip: Bool

    /// Standard output.
    init() {
        path = nil; fd = 1; gzip = false
    }

    /// A file, created or emptied (or, with `append`, kept and written after its `keep` first bytes).
    init(path: String, keep: Int? = nil) throws {
        self.path = path
        gzip = path.lowercased().hasSuffix(".gz")
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (keep == nil ? O_TRUNC : 0)
        fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))") }
        if let keep {
            guard ftruncate(fd, off_t(keep)) == 0, lseek(fd, off_t(keep), SEEK_SET) == off_t(keep) else {
                throw CLIError("cannot continue \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit { if fd != 1 { close(fd) } }

    /// Writes `bytes` (compressed as one gzip member for a .gz file).
    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        let data: [UInt8]
        if gzip {
            do { data = try Gzip.member(bytes) } catch let e as Gzip.Failure { throw CLIError(e.description) }
        } else {
            data = bytes
        }
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, data.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw CLIError("the output was closed (broken pipe)") }
                throw CLIError("cannot write \(path ?? "standard output"): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

/// What `--resume` finds in an output file: how many bytes to keep and how many input rows they answer.
enum BatchResume {
    /// - Parameters:
    ///   - path: the output of the killed run (.gz: a series of gzip members).
    ///   - csvHeader: whether the output is CSV with a header row (else NDJSON, one row per line).
    /// - Returns: nil when there is no file (start afresh); else the bytes to keep and the rows they hold.
    static func inspect(path: String, csvHeader: Bool) throws -> (keep: Int, rows: Int)? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw CLIError("cannot read \(path) to resume: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var raw: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            raw += block[0..<n]
        }
        var text: [UInt8]
        var keepCompressed: Int?
        if path.lowercased().hasSuffix(".gz") {
            // Whole members only: each holds whole rows.
            (text, keepCompressed) = completeMembers(raw)
        } else {
            text = raw
        }
        // The last complete row: its line feed (outside quotes, for CSV).
        var end = 0
        if csvHeader {
            var scanner = CSVRecords.BoundaryScanner()
            end = scanner.scan(text, from: 0) ?? 0
        } else {
            end = text.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        }
        text.removeLast(text.count - end)
        var rows = 0
        if csvHeader {
            var reader = CSVRecords.Reader(text)
            while reader.next() != nil { rows += 1 }
            rows = max(0, rows - 1)
            if text.isEmpty { return (0, 0) }
        } else {
            rows = NDJSONLines.nonBlank(text).count
        }
        if let keepCompressed {
            // A gzip file keeps its complete members; rows were written whole per member.
            return (keepCompressed, rows)
        }
        return (end, rows)
    }

    /// The decompressed text of the complete gzip members at the start of `raw`, and their compressed length.
    static func completeMembers(_ raw: [UInt8]) -> ([UInt8], Int) {
        var text: [UInt8] = []
        var kept = 0
        var start = 0
        while start < raw.count {
            guard let inflater = try? Gzip.Inflater() else { break }
            // Feed one byte range and stop at the member's end: zlib reports where it stopped.
            guard let (out, used) = try? inflater.inflateMember(Array(raw[start...])) else { break }
            text += out
            start += used
            kept = start
        }
        return (text, kept)
    }
}
