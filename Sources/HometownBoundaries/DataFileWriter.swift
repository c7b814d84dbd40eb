/// Writes a data container (see `DataFileLayout`). Deterministic: the same sections in the same order give
/// the same bytes.
public struct DataFileWriter {
    private var sections: [(tag: String, bytes: [UInt8])] = []
    private let version: UInt32

    /// A writer for a container of format `version` (default: `hometown.bin`'s).
    public init(version: UInt32 = DataFileLayout.formatVersion) { self.version = version }

    /// Adds a section. - Precondition: `tag` has 1 to 8 ASCII characters and is not used yet.
    public mutating func add(_ tag: String, bytes: [UInt8]) {
        precondition(!tag.isEmpty && tag.utf8.count <= 8 && tag.utf8.allSatisfy { $0 < 128 }, "bad tag \(tag)")
        precondition(!sections.contains { $0.tag == tag }, "duplicate section \(tag)")
        sections.append((tag, bytes))
    }

    public mutating func add(_ tag: String, uint32 values: [UInt32]) { add(tag, bytes: ByteEncoding.bytes(values)) }
    public mutating func add(_ tag: String, float64 values: [Double]) { add(tag, bytes: ByteEncoding.bytes(values)) }
    public mutating func add(_ tag: String, int32 values: [Int32]) { add(tag, bytes: ByteEncoding.bytes(values)) }

    /// The whole file.
    public func bytes() -> [UInt8] {
        let tableEnd = DataFileLayout.headerSize + DataFileLayout.sectionEntrySize * sections.count
        var offset = (tableEnd + 7) & ~7
        var entries: [(tag: String, offset: Int, length: Int, checksum: UInt64)] = []
        for s in sections {
            entries.append((s.tag, offset, s.bytes.count, Checksum64.hash(s.bytes)))
            offset = (offset + s.bytes.count + 7) & ~7
        }
        let total = offset
        var out = [UInt8]()
        out.reserveCapacity(total)
        out += DataFileLayout.magic
        ByteEncoding.append(version, to: &out)
        ByteEncoding.append(UInt32(sections.count), to: &out)
        ByteEncoding.append(UInt64(total), to: &out)
        out += [UInt8](repeating: 0, count: 8)  // header checksum, filled below
        for e in entries {
            var tag = Array(e.tag.utf8)
            tag += [UInt8](repeating: 32, count: 8 - tag.count)
            out += tag
            ByteEncoding.append(UInt64(e.offset), to: &out)
            ByteEncoding.append(UInt64(e.length), to: &out)
            ByteEncoding.append(e.checksum, to: &out)
        }
        let headerSum = DataFileWriter.headerChecksum(out)
        for k in 0..<8 { out[24 + k] = UInt8(truncatingIfNeeded: headerSum >> (8 * UInt64(k))) }
        for (s, e) in zip(sections, entries) {
            out += [UInt8](repeating: 0, count: e.offset - out.count)
            out += s.bytes
        }
        out += [UInt8](repeating: 0, count: total - out.count)
        return out
    }

    /// Checksum of the header (with its checksum field zeroed) and the section table.
    static func headerChecksum(_ headerAndTable: [UInt8]) -> UInt64 {
        var copy = headerAndTable
        for k in 24..<32 { copy[k] = 0 }
        return Checksum64.hash(copy)
    }
}

/// Little-endian encoding of numbers and arrays.
public enum ByteEncoding {
    public static func append<T: FixedWidthInteger>(_ v: T, to out: inout [UInt8]) {
        var x = v.littleEndian
        withUnsafeBytes(of: &x) { out += $0 }
    }
    public static func bytes(_ values: [UInt32]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(values.count * 4)
        for v in values { append(v, to: &out) }
        return out
    }
    public static func bytes(_ values: [Int32]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(values.count * 4)
        for v in values { append(v, to: &out) }
        return out
    }
    public static func bytes(_ values: [Double]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(values.count * 8)
        for v in values { append(v.bitPattern, to: &out) }
        return out
    }
}
