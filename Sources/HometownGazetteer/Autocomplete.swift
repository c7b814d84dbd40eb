/// Suggestions as a place name is typed (autocomplete).
///
/// The text is folded into words as a search reads it (`NameKey`), and its last word is taken as the beginning
/// of a word: "Minneap" suggests Minneapolis, "San Fran" San Francisco, "Моск" Москва, "Sao Pa" São Paulo. A
/// text that ends in white space has its last word complete ("San " suggests the names that begin with the
/// word San). Two readings, in this order:
/// - with context: when the last word follows a comma, the words before it are searched as usual
///   (`search(_:limit:)`, exact or through typos) and the places kept whose country, state or region has a
///   name, alias or code that begins with the last comma part ("Paris, T" suggests Paris, Texas, and Paris,
///   Tennessee; "Москва, Рос" Moscow). The places such a prefix names are looked for in at most
///   `maxContextPostings` postings, and each place's own container names and codes are checked as well;
/// - the whole text as one name: every name whose key begins with the folded text.
/// Larger places come first (entries are numbered by falling importance: the most important places that some
/// name beginning so names, twice `limit` of them, and as many named so only in part by an alias), scored as
/// exact matches are (`0.5 + 0.5 * weight * importance`), with the search's own-name rule (`ownNamesFirst`:
/// "San Fran" is San Francisco before Quito, "San Francisco de Quito") and a city just before a state or region
/// that holds it and is named by the same name ("Sao Pa": the city of São Paulo, then the state; "Моск": Moscow,
/// then the Moskva federal city). Codes and short forms (ISO suffixes, airport codes) are
/// suggested only when the last word is the whole code, and a country's name in another language counts as a
/// short form (weight 0.5) until it is typed whole (a Tatar name of the United States begins "Ber", as Berlin
/// does). A text that ends in a comma is searched as typed, and one with a digit in any word is searched as
/// typed too, after the names: the places it reads in full ("Dublin 2", "Chicago, IL 60614", "75007 Paris") and
/// the postal codes typed whole ("55401", "SW1A 1AA").
/// A text typed with accents or special letters ("Mün", "Łó", "Düs") is read without them, as every text is,
/// and the places whose own name, or name in two of the data's languages, begins as typed come first (München
/// and Münster before Mumbai, Łódź before London), chosen from at least `markedPool` places.
extension Gazetteer {
    /// At most this many postings are read to find the places that a context prefix ("Paris, T") may name.
    public static let maxContextPostings = 4096
    /// Suggestions weigh at least this many more places than they return (and twice as many), so that a city
    /// ranked up past its state or a larger namesake is among them.
    public static let suggestionSlack = 8
    /// Suggestions for a text typed with accents ("Mün") choose the places named as typed (München, Münster)
    /// from at least this many of the largest that the text names without them (Mumbai, Munich, ...).
    public static let markedPool = 64

    /// True when the file has the sorted name keys that suggestions read (section PFXKEYS); a file built
    /// before it existed suggests nothing.
    public var hasPrefixIndex: Bool { prefixIndex.count >= 2 }

    /// Places whose name begins as `text` does, larger places first.
    /// - Parameters:
    ///   - text: what has been typed so far: "Minneap", "San Fran", "Paris, T", "Моск".
    ///   - limit: how many suggestions at most, 1 to `maxLimit`.
    /// - Returns: best first; empty when no name begins so (not an error).
    /// - Throws: `GazetteerError.emptyQuery` for empty or white-space-only text, `.badLimit` for a bad limit.
    public func suggest(_ text: String, limit: Int = 10) throws -> [ForwardResult] {
        guard (1...Gazetteer.maxLimit).contains(limit) else { throw GazetteerError.badLimit(limit) }
        let cut = String(text.prefix(Gazetteer.maxQueryCharacters))
        guard let lastCharacter = cut.last(where: { !$0.isWhitespace }) else { throw GazetteerError.emptyQuery }
        if lastCharacter == "," || lastCharacter == ";" { return try search(cut, limit: limit) }
        let words = Array(NameKey.words(cut).prefix(Gazetteer.maxQueryWords))
        guard let last = words.last else { return [] }
        // A text that ends in white space has its last word whole: a key then equals the text or goes on after
        // a space ("Seattle " suggests Seattle and Seattle Heights, not Seattleite).
        let complete = cut.last?.isWhitespace ?? false
        func prefixKey(_ ws: ArraySlice<NameKey.Word>) -> [UInt8] {
            Array(ws.map(\.text).joined(separator: " ").utf8)
        }

        var out: [ForwardResult] = []
        var taken = Set<Int>()
        // With context: the words before the last comma part, searched; the last part begins a container's name.
        if last.component > 0 {
            let head = words.filter { $0.component < last.component }
            let tail = words[words.firstIndex { $0.component == last.component }!...]
            let headText = Dictionary(grouping: head, by: \.component).sorted { $0.key < $1.key }
                .map { $0.value.map(\.text).joined(separator: " ") }.joined(separator: ", ")
            if !headText.isEmpty {
                let tailKey = prefixKey(tail)
                let named = containerEntries(prefix: tailKey, wholeWord: complete)
                let tailText = String(decoding: tailKey, as: UTF8.self)
                for r in try search(headText, limit: Gazetteer.maxLimit) where r.unmatched == nil {
                    let holders = containers(r.entry).compactMap { $0 }
                    if holders.contains(where: {
                        named.contains($0) || containerBegins($0, with: tailText, wholeWord: complete)
                    }),
                        taken.insert(r.entry).inserted
                    {
                        out.append(r)
                        if out.count == limit { return out }
                    }
                }
            }
        }
        // The whole text as one name (as many more as the places already suggested, which are passed over).
        // Typed with accents ("Mün"), it is read without them and the places named as typed come first, from
        // among at least `markedPool` of the largest.
        let wanted = limit + taken.count
        let typed = MarkedPrefix(cut, wholeWord: complete)
        var matches = prefixMatches(
            prefixKey(words[...]), wholeWord: complete,
            limit: typed == nil ? wanted : max(wanted, Gazetteer.markedPool))
        if let typed { matches = Array(namedAsTypedFirst(matches, typed).prefix(wanted)) }
        for (e, score) in matches where taken.insert(e).inserted {
            out.append(result(e, score: score))
            if out.count == limit { return out }
        }
        // A place with its postal district or code ("Dublin 2", "Chicago, IL 60614"), a postal code typed whole
        // ("55401", "SW1A 1AA", "10115"): a text with a digit in any word is also searched as typed, and the
        // places it reads in full and the postal codes found follow the names.
        if words.contains(where: { $0.text.contains(where: \.isNumber) }) {
            for r in try search(cut, limit: limit)
            where r.kind == .postalCode || (r.unmatched == nil && taken.insert(r.entry).inserted) {
                out.append(r)
                if out.count == limit { break }
            }
        }
        return out
    }

    /// `matches` (best first) with the places named as `typed` first, each group in its order; the scores of the
    /// first group are raised where needed to stay at or above the rest's (at most 1).
    func namedAsTypedFirst(
        _ matches: [(entry: Int, score: Double)], _ typed: MarkedPrefix
    ) -> [(entry: Int, score: Double)] {
        var first: [(entry: Int, score: Double)] = []
        var rest: [(entry: Int, score: Double)] = []
        for m in matches {
            if isNamed(m.entry, as: typed) { first.append(m) } else { rest.append(m) }
        }
        guard !first.isEmpty, var floor = rest.first?.score else { return first + rest }
        for i in first.indices.reversed() {
            first[i].score = min(1, max(first[i].score, floor + 1e-6))
            floor = first[i].score
        }
        return first + rest
    }

    /// Whether entry `e`'s own name, or its names in at least two of the data's languages, begin as `typed`. One
    /// language alone is not enough: a tone mark can spell a name so by chance (Yoruba's "Málì" is Mali, which
    /// "Mál" should not put before Málaga), while how people write a place is shared by neighbours (München in
    /// German and Luxembourgish, Köln in German and Turkish).
    func isNamed(_ e: Int, as typed: MarkedPrefix) -> Bool {
        func begins(_ offset: UInt32, _ length: UInt32) -> Bool {
            let a = Int(offset)
            guard length > 0, a + Int(length) <= strings.count, typed.mayBegin(with: strings[a]) else { return false }
            return typed.begins(string(offset, length))
        }
        let b = e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.name
        if begins(u32[b], u32[b + 1]) { return true }
        let width = GazetteerLayout.u32PerLocalName
        var languages = 0
        for r in localNameRows(ofEntry: e) where begins(localNames[r * width + 1], localNames[r * width + 2]) {
            languages += 1
            if languages == 2 { return true }
        }
        return false
    }

    /// The range of keys (indices into the prefix index) that begin with `prefix`, in byte order.
    func prefixRange(_ prefix: [UInt8]) -> Range<Int> {
        let n = prefixIndex.count / 2
        /// -1 when key `i` comes before every key with the prefix, 0 when it has it, 1 when it comes after.
        func compare(_ i: Int) -> Int {
            let start = Int(prefixIndex[2 * i])
            let end = i + 1 < n ? Int(prefixIndex[2 * i + 2]) : prefixKeys.count
            guard start <= end, end <= prefixKeys.count else { return 1 }
            var k = 0
            while k < prefix.count {
                guard start + k < end else { return -1 }
                let b = prefixKeys[start + k]
                if b != prefix[k] { return b < prefix[k] ? -1 : 1 }
                k += 1
            }
            return 0
        }
        func firstIndex(where above: (Int) -> Bool) -> Int {
            var lo = 0
            var hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if above(compare(mid)) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let lower = firstIndex { $0 >= 0 }
        let upper = firstIndex { $0 > 0 }
        return lower..<max(lower, upper)
    }

    /// The postings of key `i` of the prefix index (empty when they lie outside their section).
    @inline(__always) func prefixPostings(_ i: Int) -> UnsafeBufferPointer<UInt32> {
        let o = Int(prefixIndex[2 * i + 1])
        guard o < postings.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let c = Int(postings[o])
        guard o + 1 + c <= postings.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: postings[(o + 1)..<(o + 1 + c)])
    }

    /// Whether key `i` of the prefix index, which begins with `prefix`, counts: any such key, or with
    /// `wholeWord` only the key that is `prefix` and those that go on after a space.
    @inline(__always) func keyFits(_ i: Int, prefix: [UInt8], wholeWord: Bool) -> Bool {
        guard wholeWord, prefixKeyLength(i) > prefix.count else { return true }
        return prefixKeys[Int(prefixIndex[2 * i]) + prefix.count] == 0x20
    }

    /// The length in bytes of key `i` of the prefix index.
    @inline(__always) func prefixKeyLength(_ i: Int) -> Int {
        let n = prefixIndex.count / 2
        let end = i + 1 < n ? Int(prefixIndex[2 * i + 2]) : prefixKeys.count
        return max(0, end - Int(prefixIndex[2 * i]))
    }

    /// The `limit` most important entries named by a key that begins with `prefix` (with `wholeWord`: whose
    /// last word is whole there), with their scores, best first (see the type's documentation).
    func prefixMatches(_ prefix: [UInt8], wholeWord: Bool = false, limit: Int) -> [(entry: Int, score: Double)] {
        guard !prefix.isEmpty, hasPrefixIndex else { return [] }
        // The most important entries named so, in two windows of the same size: names read in part in another
        // language or form (aliases, weighed less) beside the rest, so that the many aliases of large places
        // ("Po" begins names of China, India, Florida and Mexico City in some language) never leave the names
        // typed ("Poland", "Pomorskie") out, whatever the limit.
        let wanted = max(2 * limit, limit + Gazetteer.suggestionSlack)
        var named = PrefixWindow(capacity: wanted)
        var aliased = PrefixWindow(capacity: wanted)
        for i in prefixRange(prefix) where keyFits(i, prefix: prefix, wholeWord: wholeWord) {
            let whole = prefixKeyLength(i) == prefix.count
            for p in prefixPostings(i) {
                let e = Int(p >> 2)
                // Past the least important name in a full window, an alias weighs too little to matter.
                if named.isClosed(from: e) { break }
                let m = p & 3
                guard e < entryCount, whole || m <= NameTable.Match.alias.rawValue else { continue }
                if m == NameTable.Match.alias.rawValue, !whole {
                    aliased.offer(e, match: m, key: i, whole: whole)
                } else {
                    named.offer(e, match: m, key: i, whole: whole)
                }
            }
        }
        // An entry in both is weighed by its better match, the one in `named`.
        var top = named.slots
        top.reserveCapacity(named.slots.count + aliased.slots.count)
        for slot in aliased.slots where !named.contains(slot.entry) { top.append(slot) }
        var best = [Int: Double](minimumCapacity: top.count)
        var keyOf = [Int: Int](minimumCapacity: top.count)
        var ownName = Set<Int>(minimumCapacity: top.count)
        var viaAlias = Set<Int>(minimumCapacity: top.count)
        for t in top {
            let weight: Double
            switch NameTable.Match(rawValue: t.match) ?? .weak {
            case .name: weight = 1
            case .alias where !t.whole && kind(t.entry) == .country: weight = 0.5
            case .alias: weight = 0.96
            case .code: weight = 0.92
            case .weak: weight = 0.5
            }
            best[t.entry] = Gazetteer.score(
                weight: weight, importance: importance(t.entry), typos: 0, partial: false)
            keyOf[t.entry] = t.key
            if t.match == NameTable.Match.name.rawValue { ownName.insert(t.entry) }
            if t.match == NameTable.Match.alias.rawValue { viaAlias.insert(t.entry) }
        }
        ownNamesFirst(&best, ownName: ownName, viaAlias: viaAlias)
        // A city just before a state or region that holds it when the name that suggested the state also names
        // the city, and the city has a 25th of the state's people.
        for t in top where kind(t.entry) == .city {
            for h in [link(t.entry, .state), link(t.entry, .region)].compactMap({ $0 }) {
                guard let hs = best[h], hs >= best[t.entry]!, let k = keyOf[h],
                    Gazetteer.holds(prefixPostings(k), t.entry), 25 * population(t.entry) >= population(h)
                else { continue }
                best[t.entry] = hs + 1e-6
            }
        }
        var order: [(entry: Int, score: Double)] = best.map { (entry: $0.key, score: $0.value) }
        order.sort { (a: (entry: Int, score: Double), b: (entry: Int, score: Double)) -> Bool in
            a.score != b.score ? a.score > b.score : a.entry < b.entry
        }
        return Array(order.prefix(limit))
    }

    /// The entries named by keys that begin with `prefix` (with `wholeWord`: whose last word is whole there),
    /// from at most `maxContextPostings` postings.
    func containerEntries(prefix: [UInt8], wholeWord: Bool = false) -> Set<Int> {
        var out = Set<Int>()
        guard !prefix.isEmpty, hasPrefixIndex else { return out }
        var read = 0
        for i in prefixRange(prefix) where keyFits(i, prefix: prefix, wholeWord: wholeWord) {
            for p in prefixPostings(i) {
                out.insert(Int(p >> 2))
                read += 1
                if read >= Gazetteer.maxContextPostings { return out }
            }
        }
        return out
    }

    /// True when entry `h`'s own name, or its code (whole or the part after the dash: "US-TX", "TX"), folded,
    /// begins with `prefix` (a folded key; with `wholeWord`, is it or goes on after a space).
    func containerBegins(_ h: Int, with prefix: String, wholeWord: Bool = false) -> Bool {
        func begins(_ key: String) -> Bool {
            key.hasPrefix(prefix)
                && (!wholeWord || key.utf8.count == prefix.utf8.count || key.dropFirst(prefix.count).first == " ")
        }
        if begins(NameKey.key(name(h))) { return true }
        guard let c = code(h) else { return false }
        let suffix = c.split(separator: "-").last.map(String.init) ?? c
        return begins(NameKey.key(c)) || begins(NameKey.key(suffix))
    }
}
