import HometownCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only, memory-mapped data container (see `DataFileLayout`).
///
/// Opening checks the magic, version, size and header checksum; `verify(_:)` or `verifyAll()` check
/// section checksums. The mapping lives as long as this object; it is immutable and safe to share between
/// threads.
public final class DataFile: @unchecked Sendable {
    public let path: String
    public let version: UInt32
    let base: UnsafeRawPointer
    let size: Int
    private let sectionTable: [String: (offset: Int, length: Int, checksum: UInt64)]

    /// Opens and maps `path`, a container whose format version must be `version` (default: `hometown.bin`'s).
    /// - Throws: `BoundariesError` naming the file and what is wrong with it.
    public init(path: String, version expectedVersion: UInt32 = DataFileLayout.formatVersion) throws {
        self.path = path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw BoundariesError.dataFileMissing(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw BoundariesError.dataFileMissing(path: path, reason: String(cString: strerror(errno)))
        }
        // A folder opens for reading too; mapped it fails with a bare "No such device", read it looks truncated.
        guard st.st_mode & S_IFMT == S_IFREG else {
            let kind = st.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw BoundariesError.dataFileMissing(path: path, reason: "it is \(kind), not a data file")
        }
        let actual = Int(st.st_size)
        guard actual >= DataFileLayout.headerSize else {
            // Too short for a header: a cut copy if it begins as a data file does, else another file.
            var head = [UInt8](repeating: 0, count: DataFileLayout.magic.count)
            let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            guard n >= 0, head[..<n].elementsEqual(DataFileLayout.magic[..<n]) else {
                throw BoundariesError.notADataFile(path: path)
            }
            throw BoundariesError.dataFileTruncated(path: path, expected: DataFileLayout.headerSize, actual: actual)
        }
        guard let m = mmap(nil, actual, PROT_READ, MAP_PRIVATE, fd, 0), m != MAP_FAILED else {
            throw BoundariesError.dataFileMissing(path: path, reason: "mmap: " + String(cString: strerror(errno)))
        }
        let p = UnsafeRawPointer(m)
        func unmapAndThrow(_ e: BoundariesError) -> BoundariesError {
            munmap(m, actual)
            return e
        }

        guard (0..<8).allSatisfy({ p.load(fromByteOffset: $0, as: UInt8.self) == DataFileLayout.magic[$0] }) else {
            throw unmapAndThrow(.notADataFile(path: path))
        }
        let version = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == expectedVersion else {
            throw unmapAndThrow(.unsupportedVersion(path: path, found: version, supported: expectedVersion))
        }
        let count = Int(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        // Sizes and offsets stay UInt64 until checked: a damaged header may hold any 64-bit value, and converting
        // one above Int.max to Int would stop the process instead of refusing the file.
        let expected = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        guard expected == UInt64(actual) else {
            if UInt64(actual) < expected {
                throw unmapAndThrow(
                    .dataFileTruncated(path: path, expected: Int(clamping: expected), actual: actual))
            }
            throw unmapAndThrow(
                .dataFileCorrupted(path: path, detail: "it is \(actual) bytes, its header says \(expected)"))
        }
        let tableEnd = DataFileLayout.headerSize + DataFileLayout.sectionEntrySize * count
        guard count < 4096, tableEnd <= actual else {
            throw unmapAndThrow(.dataFileCorrupted(path: path, detail: "impossible section count \(count)"))
        }
        let header = Array(UnsafeRawBufferPointer(start: p, count: tableEnd))
        let stored = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard DataFileWriter.headerChecksum(header) == stored else {
            throw unmapAndThrow(.dataFileCorrupted(path: path, detail: "header checksum mismatch"))
        }
        var table: [String: (Int, Int, UInt64)] = [:]
        for i in 0..<count {
            let e = DataFileLayout.headerSize + i * DataFileLayout.sectionEntrySize
            var tagBytes = header[e..<(e + 8)].map { $0 }
            while tagBytes.last == 32 { tagBytes.removeLast() }
            let tag = String(decoding: tagBytes, as: UTF8.self)
            let off = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: e + 8, as: UInt64.self))
            let len = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: e + 16, as: UInt64.self))
            let sum = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: e + 24, as: UInt64.self))
            guard off >= UInt64(tableEnd), off % 8 == 0, off <= UInt64(actual), len <= UInt64(actual) - off else {
                throw unmapAndThrow(.dataFileCorrupted(path: path, detail: "section \(tag) lies outside the file"))
            }
            table[tag] = (Int(off), Int(len), sum)
        }
        self.version = version
        self.base = p
        self.size = actual
        self.sectionTable = table
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    /// The checksum stored in the header, over the header and the section table (which holds every section's
    /// checksum): it names the file's whole content, so two files with the same one hold the same data.
    public var headerChecksum: UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) }

    /// Section tags in the file.
    public var sectionTags: [String] { sectionTable.keys.sorted() }

    /// Whether the file has `section` (a section added to a format after a file was built is missing from it).
    public func has<T>(_ section: DataSection<T>) -> Bool { sectionTable[section.tag] != nil }

    /// The bytes of a section. - Throws: `missingSection`.
    public func bytes(_ tag: String) throws -> UnsafeRawBufferPointer {
        guard let s = sectionTable[tag] else { throw BoundariesError.missingSection(path: path, section: tag) }
        return UnsafeRawBufferPointer(start: base + s.offset, count: s.length)
    }

    /// Checks one section's checksum. - Throws: `dataFileCorrupted` naming the section.
    public func verify(_ tag: String) throws {
        guard let s = sectionTable[tag] else { throw BoundariesError.missingSection(path: path, section: tag) }
        let b = UnsafeRawBufferPointer(start: base + s.offset, count: s.length)
        guard Checksum64.hash(b) == s.checksum else {
            throw BoundariesError.dataFileCorrupted(path: path, detail: "section \(tag) does not match its checksum")
        }
    }

    /// Checks every section's checksum (but those in `except`), the sections spread over the cores (largest
    /// first, so that the largest does not start last). - Throws: the first failure in tag order.
    public func verifyAll(except: Set<String> = []) throws {
        let tags = sectionTags.filter { !except.contains($0) }
            .sorted { (sectionTable[$0]?.length ?? 0) > (sectionTable[$1]?.length ?? 0) }
        let failures = Locked<[String: Error]>([:])
        Parallel.slices(tags.count) { k in
            do { try verify(tags[k]) } catch { failures.withLock { $0[tags[k]] = error } }
        }
        let found = failures.withLock { $0 }
        if let first = found.keys.sorted().first, let error = found[first] { throw error }
    }

    /// A section as a typed array view (no copy). - Throws when the section's length is not a multiple of
    /// the element size.
    public func array<T>(_ tag: String, of: T.Type) throws -> UnsafeBufferPointer<T> {
        let b = try bytes(tag)
        guard b.count % MemoryLayout<T>.stride == 0 else {
            throw BoundariesError.dataFileCorrupted(
                path: path, detail: "section \(tag) has a length that is not a whole number of \(T.self)")
        }
        return b.bindMemory(to: T.self)
    }
}
