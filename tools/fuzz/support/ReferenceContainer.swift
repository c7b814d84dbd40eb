import HometownBoundaries

/// A second reader of the data container's header (`DataFileLayout`: magic, version, size, section table,
/// header checksum), from its documentation: the section table, or nil where `DataFile` must refuse.
/// Checksums use `Checksum64`, the format's own hash, which is not under test here.
enum ReferenceContainer {
    struct Section: Equatable {
        var offset: Int
        var length: Int
        var checksum: UInt64
    }

    /// Little-endian unsigned number of `n` bytes at `at`.
    static func number(_ b: [UInt8], _ at: Int, _ n: Int) -> UInt64 {
        (0..<n).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
    }

    /// The sections by tag (trailing spaces taken off; a tag given twice keeps its last entry).
    static func read(_ b: [UInt8], version: UInt32) -> [String: Section]? {
        guard b.count >= 32, Array(b[0..<8]) == Array("HOMETOWN".utf8), number(b, 8, 4) == version,
            number(b, 16, 8) == UInt64(b.count)
        else { return nil }
        let count = Int(number(b, 12, 4))
        guard count < 4096, 32 + 32 * count <= b.count else { return nil }
        let tableEnd = 32 + 32 * count
        var header = Array(b[0..<tableEnd])
        for k in 24..<32 { header[k] = 0 }
        guard Checksum64.hash(header) == number(b, 24, 8) else { return nil }
        var sections: [String: Section] = [:]
        for k in 0..<count {
            let e = 32 + 32 * k
            var tag = Array(b[e..<(e + 8)])
            while tag.last == 0x20 { tag.removeLast() }
            let offset = number(b, e + 8, 8)
            let length = number(b, e + 16, 8)
            guard offset >= UInt64(tableEnd), offset % 8 == 0, offset <= UInt64(b.count),
                length <= UInt64(b.count) - offset
            else { return nil }
            sections[String(decoding: tag, as: UTF8.self)] = Section(
                offset: Int(offset), length: Int(length), checksum: number(b, e + 24, 8))
        }
        return sections
    }

    /// Makes `b` pass the header checks where it can, so that fuzzing reaches what lies behind them: the size
    /// field set to the size, a sane section count, every section moved inside the file (offset rounded to 8,
    /// length cut), section checksums and the header checksum recomputed.
    static func repair(_ b: inout [UInt8], version: UInt32) {
        guard b.count >= 32 else { return }
        func put(_ v: UInt64, _ at: Int, _ n: Int) {
            for k in 0..<n { b[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(k))) }
        }
        for (k, m) in "HOMETOWN".utf8.enumerated() { b[k] = m }
        put(UInt64(version), 8, 4)
        put(UInt64(b.count), 16, 8)
        let count = min(Int(number(b, 12, 4)), (b.count - 32) / 32)
        put(UInt64(count), 12, 4)
        let tableEnd = 32 + 32 * count
        let room = b.count - (tableEnd + 7) / 8 * 8
        for k in 0..<count {
            let e = 32 + 32 * k
            guard room >= 0 else { break }
            let first = (tableEnd + 7) / 8 * 8
            var offset = Int(number(b, e + 8, 8) % UInt64(b.count + 1))
            if offset < first || offset % 8 != 0 { offset = first + Int(UInt64(offset) % UInt64(room + 1)) / 8 * 8 }
            var length = Int(number(b, e + 16, 8) % UInt64(b.count + 1))
            if length > b.count - offset { length %= b.count - offset + 1 }
            put(UInt64(offset), e + 8, 8)
            put(UInt64(length), e + 16, 8)
            put(Checksum64.hash(Array(b[offset..<(offset + length)])), e + 24, 8)
        }
        var header = Array(b[0..<tableEnd])
        for k in 24..<32 { header[k] = 0 }
        put(Checksum64.hash(header), 24, 8)
    }
}
