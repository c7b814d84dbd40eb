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
            var i = 0
            let n = b.count
            while i < n {
                let start = i
                var field = 0
                var fieldStart = i
                var a = 0..<0
                var c = 0..<0
                while i < n {
                    let x = b[i]
                    if x == 0x2C || x == 0x0A {
                        if field == columns.0 { a = (base + fieldStart)..<(base + i) }
                        if field == columns.1 { c = (base + fieldStart)..<(base + i) }
                        field += 1
                        fieldStart = i + 1
                        if x == 0x0A { break }
                    }
                    i += 1
                }
                if i == n {  // the last row, without a line feed
                    if field == columns.0 { a = (base + fieldStart)..<(base + n) }
                    if field == columns.1 { c = (base + fieldStart)..<(base + n) }
                    field += 1
                }
                // A blank line is no record for the reader; a row of another width is an error to report.
                guard i > start, field == width else { return false }
                rows.append((base + start)..<(base + i))
                first.append(a)
                second.append(c)
                i += 1
            }
            return true
        }
        guard ok == true else { return nil }
    }
}
