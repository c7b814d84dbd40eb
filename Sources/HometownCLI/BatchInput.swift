import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// How a batch input is compressed.
enum InputCompression: String, ExpressibleByArgument, CaseIterable {
    /// gzip when the name ends in .gz or the data starts with gzip's magic bytes.
    case auto
    case none
    case gzip
}

/// A batch command's input, read a block at a time from a file or standard input ("-"), gunzipped when it is
/// gzip, so that memory stays flat whatever the input's size and rows are answered while a pipe still delivers.
final class BatchInput {
    let path: String
    private let fd: Int32
    private var inflater: Gzip.Inflater?
    private var decided = false
    private let compression: InputCompression
    private var pendingFirst: [UInt8] = []
    /// Bytes read from the file (compressed, for a gzip input).
    private(set) var bytesRead = 0
    /// The file's size when it is a regular file (for progress estimates), else nil.
    let size: Int?
    /// Whether the input is a regular file (all of it can be read without waiting).
    let isRegularFile: Bool
    /// The device and inode of a regular file: what `--output` must not be.
    let fileID: (device: UInt64, inode: UInt64)?
    /// The most bytes one read asks for.
    private let blockSize = 1 << 20
    private var byteOrderMarkChecked = false
    /// The input's first bytes while they may still be a byte order mark.
    private var pendingMark: [UInt8] = []

    init(path: String, compression: InputCompression) throws {
        self.path = path
        self.compression = compression
        fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw CLIError("cannot open input \(path): \(String(cString: strerror(errno)))") }
        var st = stat()
        isRegularFile = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        size = isRegularFile ? Int(st.st_size) : nil
        fileID = isRegularFile ? (UInt64(st.st_dev), UInt64(st.st_ino)) : nil
    }

    deinit { if fd != 0 { close(fd) } }

    /// Set at the end when gzip data stopped inside a member (a truncated file), or went on with bytes that are not
    /// gzip: what to tell the user after the rows.
    private(set) var problem: String?
    /// Whether the gzip data stopped inside a member: the last row may be cut short.
    private(set) var truncated = false

    /// The next decompressed bytes (possibly empty while a gzip header is read), or nil at the end (see
    /// `problem`).
    /// - Throws: on a read error or damaged gzip data (named with `path`).
    func next() throws -> [UInt8]? {
        if let p = peeked {
            peeked = nil
            return p
        }
        return try readMore()
    }

    private var peeked: [UInt8]?

    /// The first bytes of the input, kept to be returned again by `next()`: for telling CSV from NDJSON by content.
    /// They run to the first byte `wanted` accepts, the end of the input or `peekLimit` bytes, whichever comes
    /// first, however the input arrives (a pipe may deliver a leading blank line apart from what follows it).
    func peek(until wanted: (UInt8) -> Bool) throws -> [UInt8] {
        if let p = peeked { return p }
        var got: [UInt8] = []
        var looked = 0
        while got.count < Self.peekLimit, let more = try readMore() {
            got += more
            if got[looked...].contains(where: wanted) { break }
            looked = got.count
        }
        peeked = got
        return got
    }

    /// The most `peek` reads ahead (bytes).
    static let peekLimit = 1 << 16

    private func readMore() throws -> [UInt8]? {
        while true {
            // Read straight into the block's own array (no copy out of a reused buffer).
            var n = 0
            var bytes = [UInt8](unsafeUninitializedCapacity: blockSize) { buffer, count in
                n = read(fd, buffer.baseAddress, buffer.count)
                count = max(0, n)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw readFailure(path, errno)
            }
            // An input of one byte ends while that byte is held back for the gzip decision: it is delivered now.
            let ended = n == 0
            if ended && (decided || pendingFirst.isEmpty) && pendingMark.isEmpty {
                if let inflater {
                    inflater.finish()
                    if !inflater.atMemberEnd {
                        truncated = true
                        problem = "\(path): the gzip stream is truncated (it ends inside a compressed member)"
                    } else if inflater.trailingNonZero > 0 {
                        // As gzip does, the rows are all answered; unlike a block's zero padding, this is said.
                        problem =
                            "\(path): \(inflater.trailingBytes) byte\(inflater.trailingBytes == 1 ? "" : "s") after the end of the gzip data \(inflater.trailingBytes == 1 ? "is" : "are") not gzip; passed over"
                    }
                }
                return nil
            }
            bytesRead += n
            if !decided {
                // Decide on gzip from the name or the first two bytes (wait for both, unless the input ends first:
                // then it is too short to be gzip).
                pendingFirst += bytes
                if !ended && pendingFirst.count < 2 && compression == .auto && !path.lowercased().hasSuffix(".gz") {
                    continue
                }
                decided = true
                let magic = pendingFirst.count >= 2 && pendingFirst[0] == 0x1F && pendingFirst[1] == 0x8B
                switch compression {
                case .gzip: inflater = try Gzip.Inflater()
                case .none: break
                case .auto: if magic || path.lowercased().hasSuffix(".gz") { inflater = try Gzip.Inflater() }
                }
                bytes = pendingFirst
                pendingFirst = []
            }
            if let inflater {
                do { bytes = try inflater.inflate(bytes) } catch let e as Gzip.Failure {
                    throw CLIError("\(path): \(e.description)")
                }
            }
            if !byteOrderMarkChecked {
                // A UTF-8 byte order mark at the start is dropped, even when it arrives over several reads: the
                // first bytes are held back while they are the start of one and the input goes on.
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                pendingMark += bytes
                if !ended && pendingMark.count < 3 && mark.starts(with: pendingMark) { continue }
                byteOrderMarkChecked = true
                bytes = pendingMark.starts(with: mark) ? Array(pendingMark.dropFirst(3)) : pendingMark
                pendingMark = []
            }
            return bytes
        }
    }

    /// Whether more input can be read at once, without waiting for a writer (always for a regular file).
    func moreReadyNow() -> Bool {
        if isRegularFile { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }
}
