import HometownBoundaries
import HometownGazetteer
import HometownProtocol

/// A server's vocabulary: the country names GET countries returns, each with the state names GET states returns,
/// and every other way people write them (case, diacritics, ISO codes, postal abbreviations, aliases, outdated
/// names) mapped onto those exact strings.
///
/// The server builds one from the bundled data (`Vocabulary.bundled`); one can also be built from lists of
/// served names (`init(lists:geocoder:gazetteer:)`), so that the names our geocoders give are turned into the
/// strings that list uses. Conforms to the protocol's `ServedNames`. Immutable and `Sendable`.
public struct Vocabulary: Sendable {
    /// One served country.
    public struct Country: Sendable, Hashable {
        /// The name as served ("USA").
        public let name: String
        /// The bundled country it was matched to, if any (index into the `ReverseGeocoder`'s countries).
        public let bundledIndex: Int?
        /// The bundled country's own name, if it was matched to one.
        public let bundledName: String?
        /// ISO 3166-1 alpha-2 of the bundled country, if known and the code stands for it
        /// (`ReverseGeocoder.countryOfISO2Code`: nil for Clipperton Island, whose code is France's).
        public let iso2: String?
        /// The state names as served, in the order served.
        public let states: [String]
        /// Folded spellings (`NameKey.key`) of every state name, code and alias, to the served name.
        let stateKeys: [String: String]
    }

    /// Which countries a server built from the bundled data serves.
    public enum Selection: Sendable, Equatable {
        /// China, India, Mexico and USA, as the original course server did (the default of `bundled`).
        case defaults
        /// Every country of the bundled data.
        case all
        /// These countries, each given by name, code or alias.
        case list([String])

        /// The original server's countries.
        public static let defaultCountries = ["China", "India", "Mexico", "USA"]
    }

    /// The served countries in the order GET countries lists them.
    public let countries: [Country]
    private let countryKeys: [String: Int]
    private let gazetteer: Gazetteer?

    /// The served country names, in order.
    public var countryNames: [String] { countries.map(\.name) }

    /// A vocabulary for lists of served names. Each country and state name is matched to the bundled data (by
    /// name, alias or code) to learn its other spellings; a name that matches nothing is known by its own
    /// spelling only.
    /// - Parameters:
    ///   - lists: the served countries in order, each with its states in order.
    ///   - geocoder: the bundled boundaries (names, aliases, ISO codes).
    ///   - gazetteer: optional; when given, spellings the boundaries lack ("CDMX", "Jal.", "United States") are
    ///     looked up in it as a last resort.
    public init(lists: [(country: String, states: [String])], geocoder: ReverseGeocoder, gazetteer: Gazetteer?) {
        let codeOwner = geocoder.countryOfISO2Code()
        /// A bundled country's spellings in the order they claim a folded key: its names first, then its ISO codes
        /// (only where the code stands for it), then its aliases, so that an alias that folds to another
        /// country's code ("S.L." of Saint Lucia is "sl", Sierra Leone's code) never takes that code.
        func spellings(_ c: Int) -> [[String]] {
            let info = geocoder.countryInfo(c)
            let codes = info.iso2.map { codeOwner[$0] == c } == true ? [info.iso2, info.iso3].compactMap { $0 } : []
            return [[info.name], codes, info.aliases]
        }
        var bundledByKey: [String: Int] = [:]
        for rank in 0..<3 {
            for c in 0..<geocoder.countryCount {
                for k in spellings(c)[rank] {
                    let key = NameKey.key(k)
                    if !key.isEmpty, bundledByKey[key] == nil { bundledByKey[key] = c }
                }
            }
        }
        var statesOfCountry: [Int: [Int]] = [:]
        for s in 0..<geocoder.stateCount { statesOfCountry[geocoder.countryIndex(ofState: s), default: []].append(s) }

        var countries: [Country] = []
        var countrySpellings: [[[String]]] = []
        for (name, states) in lists {
            var bundled = bundledByKey[NameKey.key(name)]
            if bundled == nil, let gz = gazetteer, let iso = Vocabulary.gazetteerCountryCode(name, gz) {
                bundled = codeOwner[iso]
            }
            let info = bundled.map { geocoder.countryInfo($0) }
            var keys: [String: String] = [:]
            func add(_ spelling: String, _ served: String) {
                let k = NameKey.key(spelling)
                if !k.isEmpty, keys[k] == nil { keys[k] = served }
            }
            for s in states { add(s, s) }
            if let b = bundled {
                // Bundled states matched to served ones by name or alias; then their other spellings.
                var served: [String: String] = [:]
                for s in states { served[NameKey.key(s)] = s }
                for st in statesOfCountry[b] ?? [] {
                    let si = geocoder.stateInfo(st)
                    let spellings = [si.name] + si.aliases
                    guard let target = spellings.lazy.compactMap({ served[NameKey.key($0)] }).first else { continue }
                    for a in spellings { add(a, target) }
                    if let iso = si.iso {
                        add(iso, target)
                        if let dash = iso.firstIndex(of: "-") { add(String(iso[iso.index(after: dash)...]), target) }
                    }
                }
            }
            let ownsCode = bundled.map { b in info?.iso2.map { codeOwner[$0] == b } ?? false } ?? false
            countries.append(
                Country(
                    name: name, bundledIndex: bundled, bundledName: info?.name, iso2: ownsCode ? info?.iso2 : nil,
                    states: states, stateKeys: keys))
            let own = bundled.map(spellings) ?? [[], [], []]
            countrySpellings.append([[name] + own[0], own[1], own[2]])
        }
        // Names, then codes, then aliases, over all the countries, each key to the first that claims it.
        var countryKeys: [String: Int] = [:]
        for rank in 0..<3 {
            for (index, ranked) in countrySpellings.enumerated() {
                for sp in ranked[rank] {
                    let k = NameKey.key(sp)
                    if !k.isEmpty, countryKeys[k] == nil { countryKeys[k] = index }
                }
            }
        }
        self.countries = countries
        self.countryKeys = countryKeys
        self.gazetteer = gazetteer
    }

    /// The vocabulary of a server built from the bundled data: each selected country under its bundled English
    /// name (the United States as "USA", as the original server named it), its states under their current
    /// names, both sorted without regard to case and accents.
    /// - Throws: `ProtocolError.unsupportedCountry` for a listed country the bundled data does not have.
    public static func bundled(geocoder: ReverseGeocoder, gazetteer: Gazetteer?, selection: Selection = .defaults)
        throws(ProtocolError) -> Vocabulary
    {
        let everything = Vocabulary(
            lists: (0..<geocoder.countryCount).map { c in
                (country: servedName(geocoder.countryInfo(c)), states: [String]())
            }, geocoder: geocoder, gazetteer: gazetteer)
        var chosen: [Int]
        switch selection {
        case .all:
            chosen = Array(0..<geocoder.countryCount)
        case .defaults:
            chosen = try Selection.defaultCountries.map { name throws(ProtocolError) in
                try everything.resolveCountry(name).bundledIndex!
            }
        case .list(let names):
            chosen = try names.map { name throws(ProtocolError) in try everything.resolveCountry(name).bundledIndex! }
        }
        var seen = Set<Int>()
        chosen = chosen.filter { seen.insert($0).inserted }
        var statesOf: [Int: Set<String>] = [:]
        for s in 0..<geocoder.stateCount {
            statesOf[geocoder.countryIndex(ofState: s), default: []].insert(geocoder.stateInfo(s).name)
        }
        let lists = chosen.map { c in
            (country: servedName(geocoder.countryInfo(c)), states: sortedNames(Array(statesOf[c] ?? [])))
        }
        .sorted { byFoldedName($0.country, $1.country) }
        return Vocabulary(lists: lists, geocoder: geocoder, gazetteer: gazetteer)
    }

    /// The name a server built from the bundled data gives a country: the original server's "USA" and "China"
    /// for the United States and China (the bundled name of China is "China" too; the formal
    /// "People's Republic of China" is an alias), the bundled English name for every other.
    public static func servedName(_ c: Place.Country) -> String {
        switch c.iso2 {
        case "US": return "USA"
        case "CN": return "China"
        default: return c.name
        }
    }

    /// Names sorted without regard to case and accents, then by their exact spelling.
    public static func sortedNames(_ names: [String]) -> [String] { names.sorted(by: byFoldedName) }

    private static func byFoldedName(_ a: String, _ b: String) -> Bool {
        let ka = NameKey.key(a)
        let kb = NameKey.key(b)
        return ka != kb ? ka < kb : a < b
    }

    // MARK: Resolving

    /// The served country for a spelling: its exact name, or any name, alias or ISO code of it up to case,
    /// accents and punctuation ("usa", "US", "United States of America", "méxico").
    /// - Throws: `ProtocolError.unsupportedCountry` naming the served countries, with a suggestion when the
    ///   gazetteer's nearest country for the text is served ("Mexco": Mexico).
    public func resolveCountry(_ text: String) throws(ProtocolError) -> Country {
        if let c = countries.first(where: { $0.name == text }) { return c }
        if let i = countryKeys[NameKey.key(text)] { return countries[i] }
        // The gazetteer's countries for the text: a close match is that country, a looser one a suggestion.
        let found = (try? gazetteer?.search(text, limit: 5)) ?? []
        func served(_ r: ForwardResult) -> Country? {
            guard let iso = r.country?.iso else { return nil }
            return countries.first { $0.iso2 == iso }
        }
        if let close = found.first(where: { $0.kind == .country && $0.score >= 0.5 }), let c = served(close) {
            return c
        }
        let suggestion = found.lazy.filter { $0.kind == .country }.compactMap(served).first?.name
        throw .unsupportedCountry(given: text, supported: countryNames, suggestion: suggestion)
    }

    /// The served state of `country` for a spelling: its exact name, or its name, alias, outdated name, ISO
    /// 3166-2 code or code suffix up to case, accents and punctuation ("minnesota", "MN", "US-MN",
    /// "Distrito Federal").
    /// - Throws: `ProtocolError.unsupportedState`, with a suggestion when a name one letter off exists.
    public func resolveState(_ text: String, in country: Country) throws(ProtocolError) -> String {
        if country.states.contains(text) { return text }
        if let s = country.stateKeys[NameKey.key(text)] { return s }
        var suggestion: String?
        if let gz = gazetteer, country.bundledIndex != nil, country.iso2 != nil,
            let found = try? gz.search(text + ", " + (country.iso2 ?? ""), limit: 5)
        {
            for r in found where r.kind == .state && r.country?.iso == country.iso2 {
                guard let served = country.stateKeys[NameKey.key(r.name)] else { continue }
                if r.score >= 0.5 { return served }
                if suggestion == nil { suggestion = served }
            }
        }
        throw .unsupportedState(given: text, country: country.name, suggestion: suggestion)
    }

    /// The served state for a spelling in any served country (for filters given a state without a country): its
    /// exact name, or its name, alias, outdated name or code up to case, accents and punctuation, as
    /// `resolveState` reads them in one country; else the gazetteer's states of that name ("CDMX", "Kalifornien")
    /// in served countries.
    /// - Returns: the served names it stands for (one in nearly every case; "Punjab" is two with India and Pakistan).
    /// - Throws: `ProtocolError.unsupportedState` (naming the country when one is served).
    public func resolveStateAnywhere(_ text: String) throws(ProtocolError) -> [String] {
        var names: [String] = []
        for c in countries {
            if let s = (c.states.contains(text) ? text : c.stateKeys[NameKey.key(text)]), !names.contains(s) {
                names.append(s)
            }
        }
        if names.isEmpty, let gz = gazetteer, let found = try? gz.search(text, limit: 10) {
            for r in found where r.kind == .state && r.score >= 0.5 {
                guard let iso = r.country?.iso, let c = countries.first(where: { $0.iso2 == iso }),
                    c.bundledIndex != nil, let served = c.stateKeys[NameKey.key(r.name)], !names.contains(served)
                else { continue }
                names.append(served)
            }
        }
        if names.isEmpty {
            throw .unsupportedState(
                given: text, country: countries.count == 1 ? countries[0].name : nil, suggestion: nil)
        }
        return names
    }

    /// The served name of a bundled state (by its name and aliases), if its country is served.
    public func stateName(bundled state: Place.State, in country: Country) -> String? {
        for s in [state.name] + state.aliases { if let v = country.stateKeys[NameKey.key(s)] { return v } }
        if let iso = state.iso { return country.stateKeys[NameKey.key(iso)] }
        return nil
    }

    /// ISO alpha-2 of the best exact country match of `text` in the gazetteer.
    private static func gazetteerCountryCode(_ text: String, _ gz: Gazetteer) -> String? {
        guard let results = try? gz.search(text, limit: 5) else { return nil }
        return results.first { $0.kind == .country && $0.score >= 0.5 }?.country?.iso
    }
}

extension Vocabulary: ServedNames {
    public func servedCountry(_ text: String) throws(ProtocolError) -> String { try resolveCountry(text).name }

    public func servedState(_ text: String, inCountry country: String) throws(ProtocolError) -> String {
        try resolveState(text, in: resolveCountry(country))
    }

    public func servedStatesAnywhere(_ text: String) throws(ProtocolError) -> [String] {
        try resolveStateAnywhere(text)
    }
}
