import HometownBoundaries
import HometownCore

extension ReverseJob {
    /// CSV in, CSV out, for a chunk of plain rows (`PlainCSVChunk`): each row's bytes are copied and the added
    /// columns appended from bytes made once per state and per city, with no string per field; the chunk is
    /// split over the cores (parsing, lookups and writing), the parts joined in input order. Any row the record
    /// path would answer otherwise (a value that is not a coordinate: its error goes in `error`) sends the whole
    /// chunk back to that path.
    mutating func processPlain(csv bytes: ArraySlice<UInt8>) -> (out: [UInt8], rows: Int)? {
        guard input.format == .csv, outputFormat == .csv,
            let chunk = PlainCSVChunk(bytes, width: input.names.count, columns: input.columnIndices)
        else { return nil }
        let n = chunk.rows.count
        let parts = n >= 8192 ? Parallel.cores : 1
        // Each part writes with its own copy of the columns (their byte caches are not shared between threads).
        if partColumns.count < parts {
            partColumns += [ReverseColumns](repeating: columns, count: parts - partColumns.count)
        }
        var outs = [[UInt8]?](repeating: nil, count: parts)
        let geocoder = self.geocoder
        partColumns.withUnsafeMutableBufferPointer { columns in
            outs.withUnsafeMutableBufferPointer { outs in
                Parallel.slices(parts) { p in
                    outs[p] = Self.answer(
                        bytes, chunk, rows: (n * p / parts)..<(n * (p + 1) / parts), geocoder: geocoder,
                        columns: &columns[p])
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(outs.reduce(0) { $0 + ($1?.count ?? 0) })
        for part in outs {
            guard let part else { return nil }
            out += part
        }
        return (out, n)
    }

    /// The output of `rows` of the chunk, or nil when one of them has no valid point.
    private static func answer(
        _ bytes: ArraySlice<UInt8>, _ chunk: PlainCSVChunk, rows: Range<Int>, geocoder: ReverseGeocoder,
        columns: inout ReverseColumns
    ) -> [UInt8]? {
        var coords: [Coordinate] = []
        coords.reserveCapacity(rows.count)
        bytes.withUnsafeBufferPointer { b in
            let base = bytes.startIndex
            func degrees(_ r: Range<Int>, _ field: String) -> Double? {
                let text = UnsafeBufferPointer(rebasing: b[(r.lowerBound - base)..<(r.upperBound - base)])
                if let v = Coordinate.plainDegrees(text) { return v }
                return try? Coordinate.parseDegrees(String(decoding: text, as: UTF8.self), field: field)
            }
            for k in rows {
                guard let lat = degrees(chunk.first[k], "latitude"), let lon = degrees(chunk.second[k], "longitude"),
                    let c = try? Coordinate(latitude: lat, longitude: lon)
                else { return }
                coords.append(c)
            }
        }
        guard coords.count == rows.count else { return nil }
        let found = geocoder.matches(coords, cores: 1)
        var out: [UInt8] = []
        out.reserveCapacity(
            chunk.rows[rows.upperBound - 1].upperBound - chunk.rows[rows.lowerBound].lowerBound
                + rows.count * 48)
        for (j, k) in rows.enumerated() {
            out.append(contentsOf: bytes[chunk.rows[k]])
            columns.appendBytes(found[j], to: &out)
        }
        return out
    }
}
