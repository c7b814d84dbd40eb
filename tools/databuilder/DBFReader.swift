/// Reads the attribute table of a shapefile (dBASE III). Text fields are decoded as UTF-8 with padding
/// (spaces and NULs) removed.
struct DBFReader {
    let fields: [String]
    let rows: [[String: String]]

    init(path: String) throws {
        try self.init(BinaryReader(path: path))
    }

    init(_ r: BinaryReader) throws {
        let count = Int(try r.u32le(4))
        let headerLength = try r.u16le(8)
        let recordLength = try r.u16le(10)
        var defs: [(name: String, length: Int)] = []
        var o = 32
        while try r.u8(o) != 0x0D {
            try r.check(o, 32)
            let nameBytes = r.bytes[o..<(o + 11)].prefix { $0 != 0 }
            defs.append((String(decoding: nameBytes, as: UTF8.self), Int(r.bytes[o + 16])))
            o += 32
        }
        var rows: [[String: String]] = []
        rows.reserveCapacity(count)
        for i in 0..<count {
            let start = headerLength + i * recordLength
            try r.check(start, recordLength)
            var p = start + 1  // deletion flag
            var row: [String: String] = [:]
            for d in defs {
                var slice = Array(r.bytes[p..<(p + d.length)])
                while let l = slice.last, l == 0 || l == 32 { slice.removeLast() }
                while let f = slice.first, f == 32 { slice.removeFirst() }
                row[d.name] = String(decoding: slice, as: UTF8.self)
                p += d.length
            }
            rows.append(row)
        }
        fields = defs.map(\.name)
        self.rows = rows
    }
}
