import HometownBoundaries
import HometownCore

extension ReverseJob {
    /// CSV in, CSV out, for a chunk of plain rows (`PlainCSVChunk`): each row's bytes are copied and the added
    /// columns appended from bytes made once per state and taken from the data file's city names, with no string
    /// per field. The chunk is cut at line feeds into up to four parts per core, each checked, parsed, looked up
    /// and written by one of the cores' threads; the parts are returned in input order, to be written one after
    /// the other. Any row the record path would answer otherwise (a value that is not a coordinate: its error
    /// goes in `error`) sends the whole chunk back to that path.
    mutating func processPlain(csv bytes: ArraySlice<UInt8>) -> (parts: [[UInt8]], rows: Int)? {
        guard input.format == .csv, outputFormat == .csv else { return nil }
        // Four parts per core, so that a core slowed by the reading or writing thread takes fewer of them; each
        // of at least 256 KiB, so that a small chunk is not split.
        let parts = max(1, min(4 * Parallel.cores, bytes.count >> 18))
        var cuts = [bytes.startIndex]
        for p in 1..<parts {
            let guess = max(cuts[p - 1], bytes.startIndex + bytes.count * p / parts)
            cuts.append(bytes[guess...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex)
        }
        cuts.append(bytes.endIndex)
        var outs = [(out: [UInt8], rows: Int)?](repeating: nil, count: parts)
        let geocoder = self.geocoder
        let width = input.names.count
        let indices = input.columnIndices
        let columns = self.columns
        outs.withUnsafeMutableBufferPointer { outs in
            Parallel.slices(parts) { p in
                let part = bytes[cuts[p]..<cuts[p + 1]]
                if part.isEmpty {
                    outs[p] = ([], 0)
                } else if let chunk = PlainCSVChunk(part, width: width, columns: indices) {
                    outs[p] = Self.answer(part, chunk, geocoder: geocoder, columns: columns)
                        .map { ($0, chunk.rows.count) }
                }
            }
        }
        var out: [[UInt8]] = []
        var rows = 0
        for part in outs {
            guard let part else { return nil }
            if !part.out.isEmpty { out.append(part.out) }
            rows += part.rows
        }
        return rows > 0 ? (out, rows) : nil
    }

    /// The output of the rows of `chunk` (read from `bytes`), or nil when one of them has no valid point.
    private static func answer(
        _ bytes: ArraySlice<UInt8>, _ chunk: PlainCSVChunk, geocoder: ReverseGeocoder, columns: ReverseColumns
    ) -> [UInt8]? {
        let rows = chunk.rows.indices
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
        out.reserveCapacity(bytes.count + rows.count * 48)
        columns.appendRows(chunk.rows, of: bytes, matches: found, to: &out)
        return out
    }
}
