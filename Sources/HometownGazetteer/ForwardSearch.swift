#if canImport(Glibc)
    import Glibc
#endif

/// Forward search: reading a query and ranking the entries it may name.
///
/// Reading. The query is cut to `Gazetteer.maxQueryCharacters`, folded into words (`NameKey`), and read as a
/// chain of names right to left: the leftmost name is the place asked for, and every name to its right must
/// be one of the places that hold it (its country, its state, or its GeoNames region). Commas are optional:
/// "Paris, TX", "Paris TX" and "Paris Texas" read the same; a comma may also stand inside a name, as in ISO's
/// "Edinburgh, City of". Every word must be used, except postal codes and a leading house number
/// (`QueryWords.skippable`: US ZIP and ZIP+4, Canadian, UK and Dutch codes, runs of numbers with one of 3 to 8
/// digits), which may be left out anywhere ("Chicago, IL 60613" matches in full); but a short code alone after
/// them ("1012 AB", "60614 IL") is not read as a place, and numbers are no names (ISO 3166-2 suffixes that are
/// numbers are not indexed: "100-0001" gives nothing). A city's postal district after its name
/// (`QueryWords.postalDistricts`: "Dublin 2", "Wien 2") is left out too, but only when the text does not
/// read in full with it ("JP-13" is a state's code). A name is at most
/// `maxWordsPerName` words. Names are indexed under their abbreviations too (`QueryWords.abbreviations`:
/// "St. Louis" = "Saint Louis", "Cd. Juárez" = "Ciudad Juárez"), countries under their names in Natural
/// Earth's 25 languages ("Brasil", "Deutschland").
///
/// Typos. When no reading matches exactly, every word of 5 or more Latin letters (folded to ASCII, no digits) may
/// also stand for a word one edit away (a letter left out, added, changed, or two neighbours swapped) that some name uses.
///
/// Partial matches. When the whole text does not read, exactly or through typos, the longest run of trailing
/// words that reads exactly is the answer ("San Diego, CA" of "Petco Park, San Diego, CA"), and the words
/// before it are returned as `ForwardResult.unmatched`. Street and venue words (`QueryWords.streetWords`,
/// `venueWords`) are never the place on their own: one such word alone is not the place of a partial reading
/// nor a city in any reading ("Stadium", "Main St" give nothing), and a name of several of them ending in a
/// street word ("Park Avenue") is never a city. A text with no known name gives no result.
///
/// Ranking. Each candidate scores by band: an exact match of the whole text `0.5 + 0.5 * w`, in [0.5, 1]; a
/// match of the whole text through typos `0.25 + 0.25 * w / typos`, in [0.25, 0.5); a partial match
/// `0.12 + 0.12 * w`, in [0.12, 0.24], below every match of the whole text. Here `w = weight * importance`,
/// `weight` is 1 for the entry's own name, 0.96 for
/// an alias or outdated name, 0.92 for a code or abbreviation and 0.5 for a weak short form (see
/// `NameTable.Match`), and `importance = log10(people + 10) / 9.2` (at most 1), people being a city's or
/// country's population and, for a state or region, the sum over its cities500 places (the sources give no
/// state populations; the sum comes close for most states and runs high where GeoNames lists boroughs beside
/// their city; a state counts at least `stateMinimumPeople`, as many small ones hold no cities500 place); a
/// state without an ISO 3166-2 code (a disputed area, or a piece Natural Earth splits off a
/// state of the same name) counts a tenth of its people.
/// Own names (within one band): a place read by its own name, or that name without accents, comes just before
/// every state, region or city of another country read by an alias or alternate name of the same spelling,
/// unless that one has more than `ownNameMargin` (10) times its people ("Cancun" is Cancún, Mexico, before
/// Changchun, which GeoNames also spells so); countries, codes and abbreviations keep their rank.
/// Namesakes (within one band): a country comes just before a state or city of the same name inside it
/// ("Aruba"); a city comes
/// just before a state of the same name that holds it when it has at least a 25th of the state's people
/// ("New York" is the city, then the state; "Paris" the city, then its department), or, with 100,000 people or
/// more, before one elsewhere in its country when it has at least a quarter ("Buenos Aires" the city, then
/// the province). Ties go to the
/// more populous entry. An ambiguous name therefore lists the larger place first and the
/// others after ("Paris": France, then Paris, Texas), and context decides where it is given ("Perth, WA" is
/// in Western Australia; "WA" alone is Washington, then Western Australia).
extension Gazetteer {
    /// A state ranks as if it had at least this many people.
    public static let stateMinimumPeople = 5000.0
    /// A name is at most this many words.
    public static let maxWordsPerName = 8
    /// Words of a query past this many are not read.
    public static let maxQueryWords = 16
    /// An entry read by its own name ranks before one read by an alias of the same spelling unless that one
    /// has more than this many times its people (`ownNamesFirst`).
    public static let ownNameMargin = 10.0
    /// Typo candidates tried per word.
    static let maxTypoAlternatives = 16
    /// Word combinations tried per name (typos multiply them).
    static let maxCombinations = 32

    /// Ranked candidates for a place name.
    /// - Parameters:
    ///   - text: what the user typed: "Costa Rica", "Seattle, WA", "Paris Texas", "Distrito Federal, Mexico",
    ///     "Petco Park, San Diego, CA", "1060 W Addison St, Chicago, IL 60613".
    ///   - limit: how many results at most, 1 to `maxLimit`.
    /// - Returns: best first; empty when nothing matches (not an error). A partial match (some leading words
    ///   unread) carries them in `unmatched`.
    ///   A postal code the data has (a US ZIP code, a Canadian forward sortation area, an Indian PIN, a code of
    ///   about 90 other countries; alone, or beside a place that holds it) gives a `.postalCode` result too
    ///   (`withPostalCode(_:places:limit:)`).
    /// - Throws: `GazetteerError.emptyQuery` for empty or white-space-only text, `.badLimit` for a bad limit.
    public func search(_ text: String, limit: Int = 10) throws -> [ForwardResult] {
        try withPostalCode(text, places: try searchPlaces(text, limit: limit), limit: limit)
    }

    /// The places (countries, states, regions, cities) a text names, as `search(_:limit:)` describes.
    func searchPlaces(_ text: String, limit: Int) throws -> [ForwardResult] {
        guard (1...Gazetteer.maxLimit).contains(limit) else { throw GazetteerError.badLimit(limit) }
        let cut = String(text.prefix(Gazetteer.maxQueryCharacters))
        guard cut.contains(where: { !$0.isWhitespace }) else { throw GazetteerError.emptyQuery }
        let words = Array(NameKey.words(cut).prefix(Gazetteer.maxQueryWords))
        guard !words.isEmpty else { return [] }
        let n = words.count
        var skip = QueryWords.skippable(words)
        // The place asked for may begin after a leading house number or postal code and still match in full.
        var lead = 0
        while lead < n - 1, skip[lead] { lead += 1 }

        func ranked(_ found: [Int: Double], unmatchedWords: Int) -> [ForwardResult] {
            // A postal code just before the run, in its comma part ("75007 Paris"), is read, not left over.
            var count = unmatchedWords
            while count > 0, skip[count - 1], words[count - 1].component == words[unmatchedWords].component {
                count -= 1
            }
            let unmatched = count == 0 ? nil : Gazetteer.unmatchedText(cut, words: words, count: count)
            let order = found.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return order.prefix(limit).map { result($0.key, score: $0.value, unmatched: unmatched) }
        }

        // A reading of the whole text, its place beginning after none, some or all of the leading skipped words.
        func wholeReading(_ lists: NameLists) -> [ForwardResult]? {
            for s in 0...lead where !Gazetteer.isCodeAfterNumbers(words, from: s) {
                let found = candidates(words, lists, from: s, partial: false)
                if !found.isEmpty { return ranked(found, unmatchedWords: 0) }
            }
            return nil
        }

        var alternatives = words.map { [(text: $0.text, typos: 0)] }
        var exact = NameLists(self, alternatives, skip: skip)
        if let found = wholeReading(exact) { return found }
        // A city's postal district after its name ("Dublin 2") is left out from here on: the text did not read
        // with it.
        let districts = QueryWords.postalDistricts(words)
        if zip(skip, districts).contains(where: { !$0 && $1 }) {
            skip = zip(skip, districts).map { $0 || $1 }
            exact = exact.skipping(skip)
            if let found = wholeReading(exact) { return found }
        }
        for (i, w) in words.enumerated()
        where !skip[i] && w.text.unicodeScalars.count >= 5
            && w.text.utf8.allSatisfy({ $0 < 0x80 && ($0 < 48 || $0 > 57) })
        {
            alternatives[i] += typoVariants(w.text).map { (text: $0, typos: 1) }
        }
        if alternatives.contains(where: { $0.count > 1 }),
            let found = wholeReading(NameLists(self, alternatives, skip: skip))
        {
            return found
        }
        // Partial: the longest run of trailing names that reads exactly (not through typos: a text with no
        // known name in it gives no result).
        for s in (lead + 1)..<max(lead + 1, n) {
            let found = candidates(words, exact, from: s, partial: true)
            if !found.isEmpty { return ranked(found, unmatchedWords: s) }
        }
        return []
    }

    /// True when the reading from word `s` on is one word of at most `maxCodeAfterNumbers` letters after
    /// skipped leading words: the letters of a postal code ("1012 AB", Amsterdam) or a number and a state
    /// abbreviation ("60614 IL"), never read as a place on their own (beside a code it holds, it is read with
    /// the code, `withPostalCode`); "10115 Berlin" reads.
    static func isCodeAfterNumbers(_ words: [NameKey.Word], from s: Int) -> Bool {
        s > 0 && s == words.count - 1 && words[s].text.unicodeScalars.count <= maxCodeAfterNumbers
    }

    /// The longest word that `isCodeAfterNumbers` takes for a code.
    public static let maxCodeAfterNumbers = 3

    /// The text before word `count` of `words` (read from `text`) as the user typed it, without the white space
    /// and separators (",;:-/|") that end it: "Petco Park" of "Petco Park, San Diego, CA", "4155 S Second St."
    /// of "4155 S Second St., Lexington, KY".
    static func unmatchedText(_ text: String, words: [NameKey.Word], count: Int) -> String {
        let ranges = NameKey.ranges(text)
        guard count < ranges.count, count > 0 else { return words.prefix(count).map(\.text).joined(separator: " ") }
        var part = text[text.startIndex..<ranges[count].lowerBound]
        while let c = part.last, c.isWhitespace || ",;:-/|\u{2013}\u{2014}".contains(c) { part = part.dropLast() }
        while let c = part.first, c.isWhitespace { part = part.dropFirst() }
        return String(part)
    }

    /// The importance of entry `e` in [0, 1], from its people (see the type's documentation).
    func importance(_ e: Int) -> Double {
        min(1, log10(rankingPeople(e) + 10) / 9.2)
    }

    /// The people entry `e` ranks by (`rankingPeople(kind:population:hasCode:)`).
    func rankingPeople(_ e: Int) -> Double {
        Gazetteer.rankingPeople(kind: kind(e), population: population(e), hasCode: hasCode(e))
    }

    /// The people an entry ranks by: its population, but a state counts at least `stateMinimumPeople`, and a
    /// tenth of that without an ISO code. The builder numbers entries by this, falling.
    public static func rankingPeople(kind: PlaceKind, population: Int, hasCode: Bool) -> Double {
        guard kind == .state else { return Double(population) }
        let people = max(Double(population), stateMinimumPeople)
        return hasCode ? people : people / 10
    }

    /// The score of a reading (see the type's documentation for the bands).
    /// - Parameters:
    ///   - weight: the match weight of the place's name (1, 0.96, 0.92 or 0.5).
    ///   - typos: one-letter typos the reading took (a partial reading takes none).
    ///   - partial: some leading words were left unread.
    static func score(weight: Double, importance: Double, typos: Int, partial: Bool) -> Double {
        let w = weight * importance
        switch (partial, typos) {
        case (false, 0): return 0.5 + 0.5 * w
        case (false, _): return 0.25 + 0.25 * w / Double(typos)
        case (true, _): return 0.12 + 0.12 * w
        }
    }

    /// The band of a score: 2 exact, 1 typo, 0 partial.
    @inline(__always) static func band(_ score: Double) -> Int {
        score >= 0.5 ? 2 : score >= 0.25 ? 1 : 0
    }

    /// The posting lists of every run of words that is a name (`names[i][j - i - 1]` for words `i..<j`, with
    /// their typo counts), and which positions can reach the end of the query through names and skippable
    /// words.
    struct NameLists {
        var names: [[[(list: UnsafeBufferPointer<UInt32>, typos: Int)]]] = []
        /// `reach[i]`: words `i..<n` can be covered by names and skippable words (ignoring what holds what).
        private(set) var reach: [Bool] = []
        private(set) var skip: [Bool] = []

        init(_ g: Gazetteer, _ alternatives: [[(text: String, typos: Int)]], skip: [Bool]) {
            let n = alternatives.count
            names.reserveCapacity(n)
            for i in 0..<n {
                var row: [[(list: UnsafeBufferPointer<UInt32>, typos: Int)]] = []
                var j = i + 1
                while j <= n, j - i <= Gazetteer.maxWordsPerName {
                    row.append(g.lookups(alternatives[i..<j]))
                    j += 1
                }
                names.append(row)
            }
            setSkip(skip)
        }

        /// The same names with `skip` as the skippable words: only `reach` is worked out again.
        func skipping(_ skip: [Bool]) -> NameLists {
            var lists = self
            lists.setSkip(skip)
            return lists
        }

        private mutating func setSkip(_ skip: [Bool]) {
            let n = names.count
            self.skip = skip
            reach = [Bool](repeating: false, count: n + 1)
            reach[n] = true
            for i in stride(from: n - 1, through: 0, by: -1) {
                if skip[i] && reach[i + 1] {
                    reach[i] = true
                    continue
                }
                for (offset, lists) in names[i].enumerated() where !lists.isEmpty && reach[i + offset + 1] {
                    reach[i] = true
                    break
                }
            }
        }
    }

    /// Every entry that a reading of the query names with its place beginning at word `s`, with its best score.
    /// - Parameter partial: words before `s` are left unread (they are not all skippable).
    private func candidates(_ words: [NameKey.Word], _ lists: NameLists, from s: Int, partial: Bool) -> [Int: Double] {
        let n = words.count
        let names = lists.names
        var best: [Int: Double] = [:]
        var ownName = Set<Int>()
        var viaAlias = Set<Int>()
        guard s < n else { return best }
        var streetOrVenueRun = 0  // how many words from s on are street or venue words
        for k in 1...names[s].count where lists.reach[s + k] && !names[s][k - 1].isEmpty {
            // Street and venue words: one alone is never the place of a partial reading nor a city; a name of
            // several ending in a street word ("Park Avenue") is never a city.
            while streetOrVenueRun < k, s + streetOrVenueRun < n,
                QueryWords.isStreetOrVenue(words[s + streetOrVenueRun].text)
            {
                streetOrVenueRun += 1
            }
            let streetLike = streetOrVenueRun >= k && (k == 1 || QueryWords.streetWords.contains(words[s + k - 1].text))
            if streetLike && partial && k == 1 { continue }
            for (list, typos) in names[s][k - 1] {
                for p in list {
                    let e = Int(p >> 2)
                    guard e < entryCount else { continue }
                    if streetLike && kind(e) == .city { continue }
                    var total = typos
                    if s + k < n {
                        guard let extra = containerTypos(of: e, from: s + k, lists: lists) else { continue }
                        total += extra
                    }
                    let weight: Double
                    switch NameTable.Match(rawValue: p & 3) ?? .weak {
                    case .name: weight = 1
                    case .alias: weight = 0.96
                    case .code: weight = 0.92
                    case .weak: weight = 0.5
                    }
                    let sc = Gazetteer.score(weight: weight, importance: importance(e), typos: total, partial: partial)
                    if sc > best[e] ?? 0 {
                        best[e] = sc
                        if p & 3 == NameTable.Match.alias.rawValue { viaAlias.insert(e) } else { viaAlias.remove(e) }
                    }
                    if p & 3 == NameTable.Match.name.rawValue { ownName.insert(e) }
                }
            }
        }
        ownNamesFirst(&best, ownName: ownName, viaAlias: viaAlias)
        // Namesakes: a country before a state or city of its own name in it ("Aruba", "Singapore"); a city before
        // a state of its name that holds it when it has at least a 25th of the state's people ("New York",
        // "São Paulo", "Québec"), or, with 100,000 people or more, before one elsewhere in its country when it
        // has at least a quarter ("Buenos Aires", "Lima"). Only within one band.
        for (e, score) in best where kind(e) == .state || kind(e) == .city {
            if let c = link(e, .country), let cs = best[c], cs <= score, Gazetteer.band(cs) == Gazetteer.band(score) {
                best[c] = score + 2e-6
            }
        }
        let states = best.filter { kind($0.key) == .state || kind($0.key) == .region }
        if !states.isEmpty {
            for (e, score) in best where kind(e) == .city {
                for (h, hs) in states
                where hs >= score && Gazetteer.band(hs) == Gazetteer.band(score)
                    && link(h, .country) == link(e, .country)
                    && (h == link(e, .state) || h == link(e, .region)
                        ? 25 * population(e) >= population(h)
                        : population(e) >= 100_000 && 4 * population(e) >= population(h))
                {
                    best[e] = max(best[e]!, hs + 1e-6)
                }
            }
        }
        return best
    }

    /// Own names first (within one band): an entry whose own name (or its form without accents) was read
    /// comes just before every state, region or city of another country that scored best through an alias or
    /// alternate name of that spelling, unless that one has more than `ownNameMargin` times its people
    /// ("Cancun" is Cancún, Mexico, not Changchun, which GeoNames also spells so). Countries keep their place
    /// (their codes and names in other languages are aliases: "EST" stays Estonia), and so do codes and
    /// abbreviations; so does a place of the same country, whose alternate name is mostly how its own people
    /// write it (Saint Ives, Cambridgeshire, is also "St Ives", as is St Ives in Cornwall), but for a national
    /// capital, which comes before the places of its own country whatever their size: "New Delhi" is India's
    /// capital, though GeoNames also lists the name for Delhi, 30 times its people.
    /// - Parameters:
    ///   - ownName: the entries read by their own name.
    ///   - viaAlias: the entries whose best score came through an alias.
    func ownNamesFirst(_ best: inout [Int: Double], ownName: Set<Int>, viaAlias: Set<Int>) {
        guard !ownName.isEmpty, best.count > ownName.count else { return }
        // The entries an own name may come before, each read once.
        let rivals = best.compactMap { e, es in
            viaAlias.contains(e) && !ownName.contains(e) && kind(e) != .country
                ? (score: es, country: link(e, .country), people: rankingPeople(e)) : nil
        }
        guard !rivals.isEmpty else { return }
        var lifted: [Int: Double] = [:]
        for n in ownName {
            guard let ns = best[n] else { continue }
            let people = rankingPeople(n)
            let country = link(n, .country)
            let capital = capitals.contains(n)
            for r in rivals
            where r.score >= ns && Gazetteer.band(r.score) == Gazetteer.band(ns)
                && (r.country == country
                    ? capital : r.people <= Gazetteer.ownNameMargin * people)
            {
                lifted[n] = max(lifted[n] ?? ns, r.score + 1e-6)
            }
        }
        for (n, v) in lifted { best[n] = v }
    }

    /// Posting lists for every combination of the words' alternatives (at most `maxCombinations`).
    func lookups(_ alts: ArraySlice<[(text: String, typos: Int)]>) -> [(list: UnsafeBufferPointer<UInt32>, typos: Int)]
    {
        var keys: [(String, Int)] = [("", 0)]
        for options in alts {
            var next: [(String, Int)] = []
            for (prefix, t) in keys {
                for o in options where next.count < Gazetteer.maxCombinations {
                    next.append((prefix.isEmpty ? o.text : prefix + " " + o.text, t + o.typos))
                }
            }
            keys = next
        }
        return keys.compactMap { key, t in postingList(key).map { ($0, t) } }
    }

    /// When words k..<n can be read as names of places that hold entry `e` (skippable words left out), the
    /// fewest typos that takes.
    private func containerTypos(of e: Int, from k: Int, lists: NameLists) -> Int? {
        let names = lists.names
        let skip = lists.skip
        let n = names.count
        if skip[k..<n].allSatisfy({ $0 }) { return 0 }
        let holders = containers(e)
        guard holders.contains(where: { $0 != nil }) else { return nil }
        var fewest = [Int](repeating: Int.max, count: n + 1)
        fewest[k] = 0
        for p in k..<n where fewest[p] != Int.max {
            if skip[p], fewest[p] < fewest[p + 1] { fewest[p + 1] = fewest[p] }
            for (offset, lists) in names[p].enumerated() {
                let q = p + offset + 1
                for (list, t) in lists where fewest[p] + t < fewest[q] {
                    for h in holders {
                        if let h, Gazetteer.holds(list, h) {
                            fewest[q] = fewest[p] + t
                            break
                        }
                    }
                }
            }
        }
        return fewest[n] == Int.max ? nil : fewest[n]
    }

    /// True when the sorted posting list names entry `e`.
    @inline(__always) static func holds(_ list: UnsafeBufferPointer<UInt32>, _ e: Int) -> Bool {
        var lo = 0
        var hi = list.count
        let target = UInt32(e)
        while lo < hi {
            let mid = (lo + hi) / 2
            let v = list[mid] >> 2
            if v == target { return true }
            if v < target { lo = mid + 1 } else { hi = mid }
        }
        return false
    }

    /// Words one edit away from `word` that some name uses, in a fixed order, at most `maxTypoAlternatives`.
    func typoVariants(_ word: String) -> [String] {
        let chars = Array(word.utf8)
        var out: [String] = []
        var seen = Set<String>()
        func consider(_ bytes: [UInt8]) -> Bool {
            let w = String(decoding: bytes, as: UTF8.self)
            if w != word, isWord(w), seen.insert(w).inserted { out.append(w) }
            return out.count < Gazetteer.maxTypoAlternatives
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var b = chars
        for i in 0..<chars.count - 1 {  // two neighbours swapped
            b.swapAt(i, i + 1)
            if !consider(b) { return out }
            b.swapAt(i, i + 1)
        }
        for i in 0..<chars.count {  // a letter too many
            var d = chars
            d.remove(at: i)
            if !consider(d) { return out }
        }
        for i in 0..<chars.count {  // a wrong letter
            let old = b[i]
            for l in letters where l != old {
                b[i] = l
                if !consider(b) { return out }
            }
            b[i] = old
        }
        for i in 0...chars.count {  // a letter left out
            for l in letters {
                var d = chars
                d.insert(l, at: i)
                if !consider(d) { return out }
            }
        }
        return out
    }
}
