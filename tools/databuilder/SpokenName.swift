import Foundation

/// The one rule that picks the name people say for a country or a state ("Sichuan", not "Sichuan
/// Sheng"; "China", not "People's Republic of China").
///
/// The rule: a name that is a place name plus words for the kind of unit (trailing "Sheng", "Zizhiqu",
/// "Province", "Autonomous Region", ...; leading "Province of", "People's Republic of", ...) is said without
/// those words when the shorter form is itself one of the unit's names (its Natural Earth name or a known
/// alias, compared by `NameFolding.key`). When the shorter form of the given name is not one of them, the
/// first alias that shortens to one of them gives it ("Nei Mongol Zizhiqu": its alias "Inner Mongolia
/// Autonomous Region" shortens to the alias "Inner Mongolia"). A shorter form made only of compass or generic
/// words ("Central", "North") is never taken, nor one another unit of the same country already uses (the
/// caller passes those names as `taken`). A name without such words is kept as it is, so current names
/// (Odisha, Uttarākhand, Ciudad de México) stay.
enum SpokenName {
    /// Trailing words that name the kind of unit, folded (lower case, no diacritics). The Chinese ethnic
    /// qualifiers go with "Zizhiqu" (autonomous region): "Guangxi Zhuangzu Zizhiqu" is "Guangxi".
    static let trailingTypeWords: Set<String> = [
        "sheng", "shi", "zizhiqu", "zhuangzu", "huizu", "uygur", "gwangyeoksi", "teukbyeolsi", "teukbyeoljachisi",
        "teukbyeoljachido", "oblysy", "shaary", "lan", "province", "prefecture", "region", "autonomous",
        "governorate", "oblast", "krai", "kray", "respublika", "municipality", "state", "county", "district",
        "distrikt",
    ]

    /// Leading phrases that name the kind of unit, as folded words.
    static let leadingTypePhrases: [[String]] = [
        ["people's", "republic", "of"], ["federated", "states", "of"], ["republic", "of"], ["kingdom", "of"],
        ["commonwealth", "of"], ["state", "of"], ["province", "of"], ["provincia", "de"], ["provincia", "di"],
        ["region", "de"], ["region", "of"], ["wilayah", "persekutuan"], ["city", "of"],
    ]

    /// Words that are not a name on their own: a shorter form made only of these is not taken.
    static let notANameAlone: Set<String> = [
        "north", "south", "east", "west", "northern", "southern", "eastern", "western", "central", "upper", "lower",
        "northeast", "northwest", "southeast", "southwest",
        "capital", "national", "federal", "middle", "inner", "outer", "greater", "new", "the", "of", "and", "city",
        "island", "islands",
    ]

    /// The name people say for a unit now named `name`, or nil to keep `name`.
    /// - Parameters:
    ///   - name: the unit's current name.
    ///   - aliases: its other names, in order of preference (its Natural Earth name first where it differs).
    ///   - taken: the folded keys (`NameFolding.key`) of the names other units of the same country carry.
    static func spoken(for name: String, aliases: [String], taken: Set<String> = []) -> String? {
        let known = Set(([name] + aliases).map(NameFolding.key).filter { !$0.isEmpty })
        func acceptable(_ s: String) -> Bool {
            let k = NameFolding.key(s)
            guard !k.isEmpty, known.contains(k), !taken.contains(k) else { return false }
            return !words(s).allSatisfy { notANameAlone.contains(fold($0.text)) }
        }
        guard let short = shortened(name) else { return nil }
        if acceptable(short) { return short }
        for a in aliases {
            if let s = shortened(a), acceptable(s) { return s }
        }
        return nil
    }

    /// `s` without its leading and trailing words for the kind of unit, spelled as in `s`; nil when it has
    /// none, or when nothing would be left.
    static func shortened(_ s: String) -> String? {
        let w = words(s)
        var first = 0
        var last = w.count
        let folded = w.map { fold($0.text) }
        for phrase in leadingTypePhrases
        where folded.count > phrase.count && Array(folded.prefix(phrase.count)) == phrase {
            first = phrase.count
            if first < last, folded[first] == "the" { first += 1 }
            break
        }
        while last - 1 > first, trailingTypeWords.contains(folded[last - 1]) { last -= 1 }
        guard first > 0 || last < w.count, first < last else { return nil }
        let start = w[first].range.lowerBound
        let end = w[last - 1].range.upperBound
        return String(s[start..<end])
    }

    /// The words of `s`: runs of characters other than spaces, hyphens and commas, with their ranges.
    static func words(_ s: String) -> [(text: Substring, range: Range<String.Index>)] {
        var out: [(Substring, Range<String.Index>)] = []
        var i = s.startIndex
        while i < s.endIndex {
            while i < s.endIndex, isSeparator(s[i]) { i = s.index(after: i) }
            guard i < s.endIndex else { break }
            var j = i
            while j < s.endIndex, !isSeparator(s[j]) { j = s.index(after: j) }
            out.append((s[i..<j], i..<j))
            i = j
        }
        return out
    }

    private static func isSeparator(_ c: Character) -> Bool { c == " " || c == "-" || c == "," || c == "\u{2010}" }

    /// Lower case without diacritics; the apostrophe kept ("people's").
    static func fold(_ s: Substring) -> String {
        String(s).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .replacingOccurrences(of: "\u{2019}", with: "'")
    }

    /// Applies the rule to every state (the other states of its country are `taken`), keeping the old name as
    /// the first alias. - Returns: one report line per renamed state.
    static func apply(to states: inout [BuiltState]) -> [String] {
        // Every key a state could be known by: its names and aliases, and their shortened forms.
        func keys(_ st: BuiltState) -> Set<String> {
            let all = [st.name] + st.aliases
            return Set((all + all.compactMap(shortened)).map(NameFolding.key).filter { !$0.isEmpty })
        }
        var statesOfCountry: [String: [Int]] = [:]
        for (i, s) in states.enumerated() { statesOfCountry[s.countryKey, default: []].append(i) }
        let originalKeys = states.map(keys)
        var report: [String] = []
        for i in states.indices {
            let st = states[i]
            // Taken: what any other state of the country is or could be called, before or after this rule.
            var taken = Set<String>()
            for j in statesOfCountry[st.countryKey] ?? [] where j != i {
                taken.formUnion(originalKeys[j])
                taken.insert(NameFolding.key(states[j].name))
            }
            guard let s = spoken(for: st.name, aliases: st.aliases, taken: taken) else { continue }
            states[i].aliases.removeAll { $0 == s }
            states[i].aliases.insert(st.name, at: 0)
            states[i].name = s
            report.append("spoken name: state \(st.iso ?? st.countryKey) \(st.name) -> \(s)")
        }
        report.append("spoken names: \(report.count) states renamed (old names kept as aliases)")
        return report
    }

    /// Applies the rule to every country (the other countries' names are `taken`), keeping the old name as
    /// the first alias. - Returns: one report line per renamed country.
    static func apply(to countries: inout [BuiltCountry]) -> [String] {
        var report: [String] = []
        for i in countries.indices {
            let c = countries[i]
            let taken = Set(countries.indices.filter { $0 != i }.map { NameFolding.key(countries[$0].name) })
            guard let s = spoken(for: c.name, aliases: c.aliases, taken: taken) else { continue }
            countries[i].aliases.removeAll { $0 == s }
            countries[i].aliases.insert(c.name, at: 0)
            countries[i].name = s
            report.append("spoken name: country \(c.iso2 ?? c.key) \(c.name) -> \(s)")
        }
        report.append("spoken names: \(report.count) countries renamed (old names kept as aliases)")
        return report
    }
}
