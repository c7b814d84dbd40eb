/// Words of a query that are not place names, and the abbreviations place names are written with.
///
/// All words here are folded (`NameKey`): lower case, no accents, no punctuation.
public enum QueryWords {
    /// Abbreviations of a word that begins or continues a place name, and the word they stand for: "St. Louis" =
    /// "Saint Louis", "Ste-Foy" = "Sainte-Foy", "Ft. Worth" = "Fort Worth", "Mt. Vernon" = "Mount Vernon",
    /// "Pt. Pleasant" = "Point Pleasant", "Cd. Juárez" = "Ciudad Juárez"; "St." also stands for German "Sankt".
    /// The gazetteer builder indexes every name under each spelling (`abbreviationVariants`), so a search needs
    /// no extra lookup. The last word of a name is never rewritten: "MT" alone stays Montana, "PT" Portugal.
    public static let abbreviations: [(short: String, long: String)] = [
        ("st", "saint"), ("ste", "sainte"), ("st", "sankt"), ("ft", "fort"), ("mt", "mount"), ("pt", "point"),
        ("cd", "ciudad"),
    ]

    /// The other spellings of a name key under `abbreviations`: every word but the last that is an abbreviation
    /// or a word abbreviated is swapped for its partner (all at once, in the table's order, at most
    /// `maxVariants`). "saint louis" -> ["st louis"]; "st louis" -> ["saint louis", "sankt louis"]; "mount" -> [].
    public static func abbreviationVariants(of key: String) -> [String] {
        let words = key.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return [] }
        var variants: [[String]] = [words]
        for i in 0..<(words.count - 1) {
            let partners = abbreviations.compactMap { a in
                a.short == words[i] ? a.long : a.long == words[i] ? a.short : nil
            }
            guard !partners.isEmpty else { continue }
            var next = variants
            for v in variants {
                for p in partners where next.count < maxVariants + 1 {
                    var w = v
                    w[i] = p
                    next.append(w)
                }
            }
            variants = next
        }
        return variants.dropFirst().map { $0.joined(separator: " ") }
    }

    /// At most this many other spellings per name.
    public static let maxVariants = 8

    /// Street words: a street type, spelled out or abbreviated as addresses write it. Alone, never a place.
    public static let streetWords: Set<String> = [
        "st", "street", "ave", "av", "avenue", "blvd", "boulevard", "rd", "road", "dr", "drive", "ln", "lane",
        "hwy", "highway", "fwy", "freeway", "pkwy", "parkway", "expy", "expressway", "sq", "square", "ter", "trl",
        "cir", "circle", "aly", "alley", "plz", "plaza", "way",
        "calle", "avenida", "rua", "strasse", "str",
    ]

    /// Venue words: what a stadium, campus or building is called. Alone, never a place.
    public static let venueWords: Set<String> = [
        "park", "stadium", "field", "arena", "ballpark", "coliseum", "colosseum", "speedway", "university",
        "college", "campus", "school", "academy", "institute", "hospital", "clinic", "airport", "station",
        "terminal", "mall", "museum", "library", "theater", "theatre", "hall", "center", "centre", "gym", "zoo",
        "hotel", "church", "cathedral", "building", "tower", "bowl",
    ]

    /// True when `word` (folded) is a street or venue word.
    @inline(__always) public static func isStreetOrVenue(_ word: String) -> Bool {
        streetWords.contains(word) || venueWords.contains(word)
    }

    /// Whether `text` (UTF-8 bytes) has the shape `pattern`, one character for each: "a" an ASCII letter (either
    /// case), "9" a digit, "?" either. The one reading of a code's form for the postal code readers and
    /// `skippable`.
    static func hasShape(_ text: some Collection<UInt8>, _ pattern: String) -> Bool {
        guard text.count == pattern.utf8.count else { return false }
        for (b, c) in zip(text, pattern.utf8) {
            let digit = b >= 48 && b <= 57
            let letter = b | 0x20 >= 97 && b | 0x20 <= 122
            switch c {
            case UInt8(ascii: "a"): if !letter { return false }
            case UInt8(ascii: "9"): if !digit { return false }
            default: if !letter && !digit { return false }
            }
        }
        return true
    }

    /// Which words of a query may be left out of a reading: a leading house number (the first words of the
    /// text, each digits with at most one letter after: "1060", "221b", "12 14") and postal codes anywhere:
    /// - a run of number words with one of 3 to 8 digits: US ZIP and ZIP+4 ("60613", "60613-1234"), the
    ///   common numeric forms ("75008", "10115", "400001", "01310-100", "00-950", "114 55", "100-0001");
    /// - Canadian "A1A 1A1" (or "A1A1A1", or its first three characters ending a comma part: "Montreal H2X"); UK "SW1A 1AA", "M1 1AE" (or written as one word);
    /// - Dutch "1012 AB" (four digits, two letters, then more words in the same comma part).
    /// A word marked here is still read as a name when it is one ("25 de Mayo").
    public static func skippable(_ words: [NameKey.Word]) -> [Bool] {
        let n = words.count
        var skip = [Bool](repeating: false, count: n)
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        // Every form has a digit: most queries have none and need no more.
        guard words.contains(where: { $0.text.utf8.contains(where: isDigit) }) else { return skip }
        let bytes = words.map { Array($0.text.utf8) }
        func isLetter(_ b: UInt8) -> Bool { b >= 97 && b <= 122 }
        func allDigits(_ w: [UInt8]) -> Bool { !w.isEmpty && w.allSatisfy(isDigit) }
        func sameComponent(_ i: Int, _ j: Int) -> Bool { words[i].component == words[j].component }
        func shaped(_ w: [UInt8], _ pattern: String) -> Bool { hasShape(w, pattern) }
        func ukOutward(_ w: [UInt8]) -> Bool {
            ["a9", "a99", "a9a", "aa9", "aa99", "aa9a"].contains { shaped(w, $0) }
        }
        // A leading house number.
        var i = 0
        while i < n, sameComponent(i, 0), !bytes[i].isEmpty, bytes[i].count <= 6, isDigit(bytes[i][0]),
            bytes[i].dropLast().allSatisfy(isDigit), isDigit(bytes[i].last!) || isLetter(bytes[i].last!)
        {
            skip[i] = true
            i += 1
        }
        // Runs of number words with one of 3 to 8 digits.
        i = 0
        while i < n {
            guard allDigits(bytes[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < n, allDigits(bytes[j]), sameComponent(i, j) { j += 1 }
            if bytes[i..<j].contains(where: { (3...8).contains($0.count) }) { for k in i..<j { skip[k] = true } }
            i = j
        }
        for i in 0..<n {
            let w = bytes[i]
            // Canadian and UK codes written as one word.
            if shaped(w, "a9a9a9")
                || (w.count >= 5 && shaped(Array(w.suffix(3)), "9aa") && ukOutward(Array(w.dropLast(3))))
            {
                skip[i] = true
            }
            // A Canadian code's first three characters ending a comma part ("Montreal H2X").
            if shaped(w, "a9a") && (i + 1 == n || !sameComponent(i, i + 1)) { skip[i] = true }
            guard i + 1 < n, sameComponent(i, i + 1) else { continue }
            let v = bytes[i + 1]
            if (shaped(w, "a9a") && shaped(v, "9a9")) || (ukOutward(w) && shaped(v, "9aa")) {
                skip[i] = true
                skip[i + 1] = true
            }
            if shaped(w, "9999"), shaped(v, "aa"), i + 2 < n, sameComponent(i, i + 2) {
                skip[i] = true
                skip[i + 1] = true
            }
        }
        return skip
    }

    /// Which words of a query are a city's postal district after its name: a number of 1 or 2 digits, with at
    /// most one letter after, that ends a comma part after another word of it ("Dublin 2", "Wien 2, Austria",
    /// "Paris 16e"). A search leaves them out only when the text does not read with them, as a name or a code
    /// ("Paris 16e" is an arrondissement of its own in GeoNames, "JP-13" Tokyo's ISO 3166-2 code).
    public static func postalDistricts(_ words: [NameKey.Word]) -> [Bool] {
        words.indices.map { i in
            i > 0 && words[i - 1].component == words[i].component
                && (i + 1 == words.count || words[i + 1].component != words[i].component)
                && ["9", "99", "9a", "99a"].contains { hasShape(words[i].text.utf8, $0) }
        }
    }
}
