import Foundation
import HometownGazetteer

/// Joins the postal codes of `WorldPostalSources` to the gazetteer's cities: the dump names each code's place
/// (and its first-, second- and third-level divisions) but gives no point, so a code takes the point of the city
/// it names.
///
/// A row's city is, in the code's country (GeoNames' country of the city), the city whose name or alternate name
/// folds (`NameKey`) to the row's place name; else to that name without a trailing number ("Paris 01"); else to
/// its third-level then second-level division's name, as given or without a Japanese or Korean municipal suffix
/// ("Yatomi Shi", "군산시"), or, for a ward of a Japanese city, that city ("Sapporo Shi"). A name given in two
/// scripts ("Айтос / Ajtos") or as a place and its part ("Wien, Innere Stadt") is tried in each. Where the row's first-level division is a state or region we know
/// (as written, or without its last word: "Tokyo To", "Osaka Fu"), only cities in it count; then the most
/// populous. A code of
/// several rows (a code shared by villages) takes the most populous city its rows find. In a city-state
/// (`cityStates`), a code whose rows name only streets is its largest city's. A code none of whose rows finds a
/// city is left out and counted.
struct WorldPostalJoin {
    /// What the builder knows of each city draft.
    struct City {
        let draft: Int
        let iso: String
        let population: Int
        /// The name keys of its state and region (their names and alternate names).
        let containerKeys: Set<String>
        /// The keys it is found by: its name and alternate names.
        let keys: [String]
    }

    /// One joined code.
    struct Joined {
        let country: Int
        let code: String
        let draft: Int
    }

    /// Japanese municipal suffixes GeoNames' romanised division names end in ("Yatomi Shi", "Chiyoda Ku").
    static let japaneseSuffixes: Set<String> = ["shi", "ku", "gun", "cho", "machi", "mura", "son"]
    /// Korean municipal suffixes (city, county, district) the dump's division names end in ("군산시").
    static let koreanSuffixes: Set<Character> = ["시", "군", "구"]
    /// Countries that are one city, whose dump names streets and buildings, not places: Singapore.
    static let cityStates: Set<String> = ["SG"]

    private var byCountryKey: [String: [String: [Int]]] = [:]
    /// Per country, the keys of every state and region its cities lie in.
    private var containerKeys: [String: Set<String>] = [:]
    private let cities: [City]

    init(cities: [City]) {
        self.cities = cities
        for (i, c) in cities.enumerated() {
            for k in Set(c.keys) where !k.isEmpty { byCountryKey[c.iso, default: [:]][k, default: []].append(i) }
            containerKeys[c.iso, default: []].formUnion(c.containerKeys)
        }
    }

    /// The city of one row of `iso`, as a draft index, or nil.
    func city(of row: WorldPostalSources.Row, in iso: String) -> Int? {
        guard let keys = byCountryKey[iso] else { return nil }
        let known = containerKeys[iso] ?? []
        let admin1Words = row.admin1.trimmingCharacters(in: .whitespaces).split(separator: " ")
        let admin1 = [admin1Words.joined(separator: " "), admin1Words.dropLast().joined(separator: " ")]
            .map(NameKey.key).first { !$0.isEmpty && known.contains($0) }
        func best(_ name: String) -> Int? {
            let k = NameKey.key(name)
            guard !k.isEmpty, let found = keys[k], !found.isEmpty else { return nil }
            let pool = admin1.map { a in found.filter { cities[$0].containerKeys.contains(a) } } ?? found
            let top = pool.max {
                (cities[$0].population, -cities[$0].draft) < (cities[$1].population, -cities[$1].draft)
            }
            return top.map { cities[$0].draft }
        }
        func withoutNumber(_ s: String) -> String? {
            let words = s.split(separator: " ")
            guard words.count > 1, let last = words.last, last.allSatisfy(\.isNumber) else { return nil }
            return words.dropLast().joined(separator: " ")
        }
        func withoutSuffix(_ s: String) -> String? {
            if iso == "KR", s.count > 2, let last = s.last, Self.koreanSuffixes.contains(last) {
                return String(s.dropLast())
            }
            guard iso == "JP" else { return nil }
            let words = s.split(separator: " ")
            if let shi = words.firstIndex(where: { $0.lowercased() == "shi" }), shi > 0, shi < words.count - 1 {
                return words[..<shi].joined(separator: " ")
            }
            guard words.count > 1, let last = words.last, Self.japaneseSuffixes.contains(last.lowercased()) else {
                return nil
            }
            return words.dropLast().joined(separator: " ")
        }
        func scripts(_ s: String) -> [String] {
            let parts = s.components(separatedBy: " / ").flatMap { $0.components(separatedBy: ", ") }
            return parts.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let tries: [String?] =
            scripts(row.place).flatMap { [$0, withoutNumber($0)] }
            + [row.admin3, row.admin2].flatMap(scripts).flatMap { [$0, withoutSuffix($0)] }
        for case let name? in tries where !name.isEmpty {
            if let d = best(name) { return d }
        }
        return nil
    }

    /// The largest city of `iso`, as a draft index.
    func largestCity(of iso: String) -> Int? {
        cities.filter { $0.iso == iso }.max { ($0.population, -$0.draft) < ($1.population, -$1.draft) }?.draft
    }

    /// Every code of `sources` joined to its city, and per country the codes left out.
    func join(_ sources: WorldPostalSources) -> (codes: [Joined], unresolved: [String: Int]) {
        var out: [Joined] = []
        var unresolved: [String: Int] = [:]
        let population = Dictionary(cities.map { ($0.draft, $0.population) }, uniquingKeysWith: max)
        for (n, country) in sources.countries.enumerated() {
            var byCode: [String: Int] = [:]
            var seen = Set<String>()
            var memo: [String: Int?] = [:]
            for row in country.rows {
                seen.insert(row.code)
                let memoKey = [row.place, row.admin1, row.admin2, row.admin3].joined(separator: "\u{1}")
                let found: Int?
                if let m = memo[memoKey] {
                    found = m
                } else {
                    found = city(of: row, in: country.iso)
                    memo[memoKey] = found
                }
                guard let d = found else { continue }
                if let e = byCode[row.code], (population[e] ?? 0, -e) >= (population[d] ?? 0, -d) { continue }
                byCode[row.code] = d
            }
            let cityState = Self.cityStates.contains(country.iso) ? largestCity(of: country.iso) : nil
            for code in seen.sorted() {
                if let d = byCode[code] ?? cityState {
                    out.append(Joined(country: n, code: code, draft: d))
                } else {
                    unresolved[country.iso, default: 0] += 1
                }
            }
        }
        return (out, unresolved)
    }
}
