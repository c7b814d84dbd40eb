import HometownCore

#if canImport(Glibc)
    import Glibc
#endif

/// A chunk of CSV rows simple enough to be answered from its bytes: no quote, carriage return, byte order mark
/// or blank line, valid UTF-8, every row with the header's number of fields. Such a row reads back as its fields
/// unchanged and `CSVRecords.escape` leaves each field as it is, so a batch that adds columns can copy the row's
/// bytes instead of splitting it into strings and writing them again: the same output, byte for byte, at a
/// fraction of the cost. Any other chunk is left to the record reader (`init` answers nil), which also names
/// every problem.
struct PlainCSVChunk {
    /// Each row's bytes, without its line feed.
    private(set) var rows: [Range<Int>] = []
    /// The bytes of the two chosen fields of each row.
    private(set) var first: [Range<Int>] = []
    private(set) var second: [Range<Int>] = []

    /// - Parameters:
    ///   - bytes: whole rows (the last may lack its line feed at the end of the input).
    ///   - width: the header's number of fields.
    ///   - columns: the two fields to find in each row (0-based).
    init?(_ bytes: ArraySlice<UInt8>, width: Int, columns: (Int, Int)) {
        guard width > max(columns.0, columns.1), !bytes.isEmpty else { return nil }
        // Valid UTF-8: the reader turns bad bytes into U+FFFD, copying would not.
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let estimate = bytes.count / 16 + 1
        rows.reserveCapacity(estimate)
        first.reserveCapacity(estimate)
        second.reserveCapacity(estimate)
        let ok = bytes.withContiguousStorageIfAvailable { b -> Bool in
            // No quote, carriage return or U+FEFF (`escape` quotes a field that starts with it) anywhere: found
            // with memchr, so that the loop below only looks for commas and line feeds.
            guard let start = b.baseAddress, memchr(start, 0x22, b.count) == nil, memchr(start, 0x0D, b.count) == nil
            else { return false }
            var from = 0
            while from < b.count, let hit = memchr(start + from, 0xEF, b.count - from) {
                let k = start.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if k + 2 < b.count, b[k + 1] == 0xBB, b[k + 2] == 0xBF { return false }
                from = k + 1
            }
            let base = bytes.startIndex
            let n = b.count
            var rowStart = 0
            var field = 0
            var fieldStart = 0
            var a = 0..<0
            var c = 0..<0
            // A comma or line feed at k ends a field; a line feed also ends the row, which must not be blank (a
            // blank line is no record for the reader) and must have the header's width (another is an error to
            // report).
            @inline(__always) func delimiter(_ k: Int, lineFeed: Bool) -> Bool {
                if field == columns.0 { a = (base + fieldStart)..<(base + k) }
                if field == columns.1 { c = (base + fieldStart)..<(base + k) }
                field += 1
                fieldStart = k + 1
                guard lineFeed else { return true }
                guard k > rowStart, field == width else { return false }
                rows.append((base + rowStart)..<(base + k))
                first.append(a)
                second.append(c)
                rowStart = k + 1
                field = 0
                return true
            }
            // Eight bytes at a time: the commas and line feeds of a word are marked by `ByteCount.zeroBytes`,
            // and only those bytes are looked at.
            let raw = UnsafeRawPointer(start)
            let commas = UInt64(0x2C) &* 0x0101_0101_0101_0101
            let lineFeeds = UInt64(0x0A) &* 0x0101_0101_0101_0101
            var i = 0
            while i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let feeds = ByteCount.zeroBytes(word ^ lineFeeds)
                var marks = ByteCount.zeroBytes(word ^ commas) | feeds
                while marks != 0 {
                    let bit = marks.trailingZeroBitCount
                    guard delimiter(i + bit >> 3, lineFeed: feeds & (1 << UInt64(bit)) != 0) else { return false }
                    marks &= marks &- 1
                }
                i += 8
            }
            while i < n {
                let x = b[i]
                if x == 0x2C || x == 0x0A { guard delimiter(i, lineFeed: x == 0x0A) else { return false } }
                i += 1
            }
            // The last row, without a line feed, ends at the end of the bytes as if one followed.
            if rowStart < n { guard delimiter(n, lineFeed: true) else { return false } }
            return true
        }
        guard ok == true else { return nil }
    }
}
