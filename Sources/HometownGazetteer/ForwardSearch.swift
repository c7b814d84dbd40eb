#if canImport(Glibc)
import Glibc
#endif

/// Forward search: reading a query and ranking the entries it may name.
///
/// Reading. The query is cut to `Gazetteer.maxQueryCharacters`, folded into words (`NameKey`), and read as a
/// chain of names right to left: the leftmost name is the place asked for, and every name to its right must
/// be one of the places that hold it (its country, its state, or its GeoNames region). Commas are optional:
/// "Paris, TX", "Paris TX" and "Paris Texas" read the same; a comma may also stand inside a name, as in ISO's
/// "Edinburgh, City of". Every word must be used. A name is at most `maxWordsPerName` words.
///
/// Typos. When no reading matches exactly, every word of 5 or more letters may also stand for a word one edit
/// away (a letter left out, added, changed, or two neighbours swapped) that some name uses; such matches
/// score below 0.5, under every exact match.
///
/// Ranking. Each candidate scores `band + 0.5 * weight * importance`, where `band` is 0.5 for an exact match
/// and 0 for a typo match (divided by the number of typos), `weight` is 1 for the entry's own name, 0.96 for
/// an alias or outdated name, 0.92 for a code or abbreviation and 0.5 for a weak short form (see
/// `NameTable.Match`), and `importance = log10(people + 10) / 9.2` (at most 1), people being a city's or
/// country's population and, for a state or region, the sum over its cities500 places (the sources give no
/// state populations; the sum comes close for most states and runs high where GeoNames lists boroughs beside
/// their city; a state counts at least `stateMinimumPeople`, as many small ones hold no cities500 place); a
/// state without an ISO 3166-2 code (a disputed area, or a piece Natural Earth splits off a
/// state of the same name) counts a tenth of its people.
/// Namesakes: a country comes just before a state or city of the same name inside it ("Aruba"); a city comes
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
    /// Typo candidates tried per word.
    static let maxTypoAlternatives = 16
    /// Word combinations tried per name (typos multiply them).
    static let maxCombinations = 32

    /// Ranked candidates for a place name.
    /// - Parameters:
    ///   - text: what the user typed: "Costa Rica", "Seattle, WA", "Paris Texas", "Distrito Federal, Mexico".
    ///   - limit: how many results at most, 1 to `maxLimit`.
    /// - Returns: best first; empty when nothing matches (not an error).
    /// - Throws: `GazetteerError.emptyQuery` for empty or white-space-only text, `.badLimit` for a bad limit.
    public func search(_ text: String, limit: Int = 10) throws -> [ForwardResult] {
        guard (1...Gazetteer.maxLimit).contains(limit) else { throw GazetteerError.badLimit(limit) }
        let cut = String(text.prefix(Gazetteer.maxQueryCharacters))
        guard cut.contains(where: { !$0.isWhitespace }) else { throw GazetteerError.emptyQuery }
        let words = Array(NameKey.words(cut).prefix(Gazetteer.maxQueryWords))
        guard !words.isEmpty else { return [] }

        var alternatives = words.map { [(text: $0.text, typos: 0)] }
        var found = candidates(words, alternatives)
        if found.isEmpty {
            for (i, w) in words.enumerated() where w.text.unicodeScalars.count >= 5 {
                alternatives[i] += typoVariants(w.text).map { (text: $0, typos: 1) }
            }
            found = candidates(words, alternatives)
        }
        let ranked = found.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return ranked.prefix(limit).map { result($0.key, score: $0.value) }
    }

    /// The importance of entry `e` in [0, 1], from its people (see the type's documentation).
    func importance(_ e: Int) -> Double {
        let people = Gazetteer.rankingPeople(kind: kind(e), population: population(e),
                                             hasCode: u32[e * GazetteerLayout.u32PerEntry + 7] != 0)
        return min(1, log10(people + 10) / 9.2)
    }

    /// The people an entry ranks by: its population, but a state counts at least `stateMinimumPeople`, and a
    /// tenth of that without an ISO code. The builder numbers entries by this, falling.
    public static func rankingPeople(kind: PlaceKind, population: Int, hasCode: Bool) -> Double {
        guard kind == .state else { return Double(population) }
        let people = max(Double(population), stateMinimumPeople)
        return hasCode ? people : people / 10
    }

    /// Every entry some reading of the query names, with its best score.
    private func candidates(_ words: [NameKey.Word], _ alternatives: [[(text: String, typos: Int)]]) -> [Int: Double] {
        let n = words.count
        // names[i][j - i - 1]: the posting lists of words i..<j read as one name, with their typo counts.
        var names: [[[(list: UnsafeBufferPointer<UInt32>, typos: Int)]]] = []
        names.reserveCapacity(n)
        for i in 0..<n {
            var row: [[(list: UnsafeBufferPointer<UInt32>, typos: Int)]] = []
            var j = i + 1
            while j <= n, j - i <= Gazetteer.maxWordsPerName {
                row.append(lookups(alternatives[i..<j]))
                j += 1
            }
            names.append(row)
        }
        var best: [Int: Double] = [:]
        for k in 1...n where k <= names[0].count {
            for (list, typos) in names[0][k - 1] {
                for p in list {
                    let e = Int(p >> 2)
                    guard e < entryCount else { continue }
                    var total = typos
                    if k < n {
                        guard let extra = containerTypos(of: e, from: k, names: names) else { continue }
                        total += extra
                    }
                    let weight: Double
                    switch NameTable.Match(rawValue: p & 3) ?? .weak {
                    case .name: weight = 1
                    case .alias: weight = 0.96
                    case .code: weight = 0.92
                    case .weak: weight = 0.5
                    }
                    let s = total == 0 ? 0.5 + 0.5 * weight * importance(e) : 0.5 * weight * importance(e) / Double(total)
                    if s > best[e] ?? 0 { best[e] = s }
                }
            }
        }
        // Namesakes: a country before a state or city of its own name in it ("Aruba", "Singapore"); a city before
        // a state of its name that holds it when it has at least a 25th of the state's people ("New York",
        // "São Paulo", "Québec"), or, with 100,000 people or more, before one elsewhere in its country when it
        // has at least a quarter ("Buenos Aires", "Lima").
        for (e, score) in best where kind(e) == .state || kind(e) == .city {
            if let c = link(e, 3), let cs = best[c], cs <= score, (cs >= 0.5) == (score >= 0.5) { best[c] = score + 2e-6 }
        }
        let states = best.filter { kind($0.key) == .state || kind($0.key) == .region }
        if !states.isEmpty {
            for (e, score) in best where kind(e) == .city {
                for (h, hs) in states where hs >= score && (hs >= 0.5) == (score >= 0.5) && link(h, 3) == link(e, 3)
                    && (h == link(e, 4) || h == link(e, 5) ? 25 * population(e) >= population(h)
                        : population(e) >= 100_000 && 4 * population(e) >= population(h)) {
                    best[e] = max(best[e]!, hs + 1e-6)
                }
            }
        }
        return best
    }

    /// Posting lists for every combination of the words' alternatives (at most `maxCombinations`).
    private func lookups(_ alts: ArraySlice<[(text: String, typos: Int)]>) -> [(list: UnsafeBufferPointer<UInt32>, typos: Int)] {
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

    /// When words k..<n can be read as names of places that hold entry `e`, the fewest typos that takes.
    private func containerTypos(of e: Int, from k: Int, names: [[[(list: UnsafeBufferPointer<UInt32>, typos: Int)]]]) -> Int? {
        let holders = containers(e)
        guard holders.contains(where: { $0 != nil }) else { return nil }
        let n = names.count
        var fewest = [Int](repeating: Int.max, count: n + 1)
        fewest[k] = 0
        for p in k..<n where fewest[p] != Int.max {
            for (offset, lists) in names[p].enumerated() {
                let q = p + offset + 1
                for (list, t) in lists where fewest[p] + t < fewest[q] {
                    for h in holders { if let h, Gazetteer.holds(list, h) { fewest[q] = fewest[p] + t; break } }
                }
            }
        }
        return fewest[n] == Int.max ? nil : fewest[n]
    }

    /// True when the sorted posting list names entry `e`.
    @inline(__always) static func holds(_ list: UnsafeBufferPointer<UInt32>, _ e: Int) -> Bool {
        var lo = 0, hi = list.count
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
        for i in 0..<chars.count - 1 {            // two neighbours swapped
            b.swapAt(i, i + 1); if !consider(b) { return out }; b.swapAt(i, i + 1)
        }
        for i in 0..<chars.count {                // a letter too many
            var d = chars; d.remove(at: i); if !consider(d) { return out }
        }
        for i in 0..<chars.count {                // a wrong letter
            let old = b[i]
            for l in letters where l != old { b[i] = l; if !consider(b) { return out } }
            b[i] = old
        }
        for i in 0...chars.count {                // a letter left out
            for l in letters {
                var d = chars; d.insert(l, at: i); if !consider(d) { return out }
            }
        }
        return out
    }
}
