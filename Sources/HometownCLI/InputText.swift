#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole input file, or standard input for "-".
enum InputText {
    /// Inputs larger than this are refused with a message (split them).
    static let maxBytes = 2_000_000_000

    /// The bytes of the file (or standard input for "-"), without a UTF-8 byte order mark.
    static func readBytes(_ path: String) throws -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw CLIError("cannot open input \(path): \(String(cString: strerror(errno)))") }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw readFailure(path, errno)
            }
            if n == 0 { break }
            bytes += buf[0..<n]
            if bytes.count > maxBytes {
                throw CLIError("input \(path) is larger than \(maxBytes) bytes; split it into smaller files")
            }
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }
}
