import CSQLite

/// Reads rows of a GeoPackage (SQLite) feature table: text attributes and the geometry as WKB.
struct GeoPackageReader {
    struct Feature {
        let fid: Int
        let attributes: [String: String]
        let wkb: [UInt8]
    }

    static func read(path: String, table: String, columns: [String]) throws -> [Feature] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            throw BuildError.unreadable(path: path, reason: "SQLite could not open it")
        }
        defer { sqlite3_close(db) }
        let sql =
            "SELECT fid, geom, " + columns.map { "\"\($0)\"" }.joined(separator: ", ")
            + " FROM \"\(table)\" ORDER BY fid"
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw BuildError.malformed(path: path, detail: "query failed: " + String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        var out: [Feature] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else {
                throw BuildError.malformed(
                    path: path, detail: "reading \(table): " + String(cString: sqlite3_errmsg(db)))
            }
            let fid = Int(sqlite3_column_int64(stmt, 0))
            let n = Int(sqlite3_column_bytes(stmt, 1))
            var blob: [UInt8] = []
            if n > 0, let p = sqlite3_column_blob(stmt, 1) {
                blob = Array(UnsafeRawBufferPointer(start: p, count: n))
            }
            var attrs: [String: String] = [:]
            for (i, c) in columns.enumerated() {
                if let t = sqlite3_column_text(stmt, Int32(i + 2)) {
                    attrs[c] = String(cString: t)
                } else {
                    attrs[c] = ""
                }
            }
            out.append(Feature(fid: fid, attributes: attrs, wkb: try stripHeader(blob, path: path, fid: fid)))
        }
        return out
    }

    /// Removes the GeoPackage binary header ("GP", version, flags, srs id, optional envelope) before the WKB.
    static func stripHeader(_ blob: [UInt8], path: String, fid: Int) throws -> [UInt8] {
        guard blob.count >= 8, blob[0] == 0x47, blob[1] == 0x50 else {
            throw BuildError.malformed(path: path, detail: "feature \(fid): geometry has no GeoPackage header")
        }
        let flags = blob[3]
        let envelopeSizes = [0, 32, 48, 48, 64]
        let indicator = Int((flags >> 1) & 0x07)
        guard indicator < envelopeSizes.count else {
            throw BuildError.malformed(path: path, detail: "feature \(fid): bad envelope indicator \(indicator)")
        }
        let start = 8 + envelopeSizes[indicator]
        guard start <= blob.count else {
            throw BuildError.malformed(path: path, detail: "feature \(fid): truncated geometry")
        }
        return Array(blob[start...])
    }
}
