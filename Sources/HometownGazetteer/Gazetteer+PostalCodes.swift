import HometownCore

/// Postal codes as results of their own kind: US ZIP codes (section USZIP), Canadian forward sortation areas and
/// Indian PIN codes (section PCODES; `otherPostalCode(in:)` says how they are written), and the codes of about 90
/// other countries (sections WPCODES and WPCTRY; `worldPostalCode(in:)`).
///
/// A ZIP code is one word of five digits, or ZIP+4 (five digits, then four: "55401-1234", read as its ZIP),
/// standing alone in its comma part of the query with no other digits beside it ("01310-100" is not one).
///
/// Alone (with at most a leading house number), a code gives every reading of it, each scoring 1, before any
/// place: the US ZIP code first, then a Canadian or Indian code, then the other countries' codes of that text,
/// larger cities first ("10115" is a ZIP code of New York and Berlin's code). A number of fewer than four digits
/// is no code alone. Beside a place ("Chicago, IL 60614", "10115 Berlin", "London SW1A 1AA", "60614, IL"), the
/// best place that holds a reading (or that a reading holds) comes first, with the best place's score, and that
/// reading right after it, with the same score and unread words: "IL 60614" is Illinois, not Israel. A place
/// ranked below another leads only where the code lies in it or near it (`postalNeighbourKm`). A code no
/// reading of which fits a place read is not read. A number that is no code in the data gives nothing, as
/// before.
extension Gazetteer {
    /// The half-side, in km, of a ZIP code's box: the data gives a point for each code and no area.
    public static let zipBoxRadiusKm = 3.0

    /// How many US ZIP codes the data holds (0 in a file built before they were added).
    public var zipCodeCount: Int { zipCodes.count / GazetteerLayout.u32PerZIP }

    /// The US ZIP code in `words`: the index of its five-digit word and its number (00501 is 501), or nil.
    static func usZIP(in words: [NameKey.Word]) -> (at: Int, code: UInt32)? {
        func isDigits(_ w: NameKey.Word, _ count: Int) -> Bool {
            w.text.utf8.count == count && w.text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        func hasDigit(_ w: NameKey.Word) -> Bool { w.text.utf8.contains { $0 >= 48 && $0 <= 57 } }
        for (i, w) in words.enumerated().reversed() where isDigits(w, 5) {
            // Its neighbours in the same comma part: nothing with digits before, at most a four-digit word after.
            let before = i > 0 && words[i - 1].component == w.component && hasDigit(words[i - 1])
            let next = i + 1 < words.count && words[i + 1].component == w.component ? words[i + 1] : nil
            let plus4 = next.map { isDigits($0, 4) } ?? false
            let after = next.map(hasDigit) ?? false
            let further = i + 2 < words.count && words[i + 2].component == w.component && hasDigit(words[i + 2])
            guard !before, !after || (plus4 && !further), let code = UInt32(w.text) else { continue }
            return (i, code)
        }
        return nil
    }

    /// The row of ZIP code `code` in USZIP, or nil.
    func zipRow(_ code: UInt32) -> Int? {
        var lo = 0
        var hi = zipCodeCount
        while lo < hi {
            let mid = (lo + hi) / 2
            let c = zipCodes[mid * GazetteerLayout.u32PerZIP]
            if c == code { return mid }
            if c < code { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The entry that holds ZIP code row `row`: its state, or the territory that is a country of its own.
    func zipHolder(_ row: Int) -> Int {
        Int(zipCodes[row * GazetteerLayout.u32PerZIP + 1])
    }

    /// The result of ZIP code row `row`: named by its five digits, at its point, in a square of half-side
    /// `zipBoxRadiusKm`, with its country and state (`entry` is the holder's).
    func zipResult(_ row: Int, score: Double, unmatched: String?) -> ForwardResult {
        let digits = String(zipCodes[row * GazetteerLayout.u32PerZIP])
        return postalCodeResult(
            name: String(repeating: "0", count: max(0, 5 - digits.count)) + digits,
            point: Gazetteer.postalPoint(
                zipPoints[row * GazetteerLayout.i32PerZIP], zipPoints[row * GazetteerLayout.i32PerZIP + 1]),
            holder: zipHolder(row), score: score, unmatched: unmatched)
    }

    /// The country and state entries of a postal code held by entry `holder`: the holder is its state, or a
    /// country of its own (a US territory, a code filed under its country).
    func postalContainers(_ holder: Int) -> (country: Int?, state: Int?) {
        switch kind(holder) {
        case .state: return (link(holder, .country), holder)
        case .city: return (link(holder, .country), link(holder, .state))
        default: return (holder, nil)
        }
    }

    /// A point of USZIPPT or PCODEPT: latitude and longitude in `GazetteerLayout.zipPointScale`ths of a degree.
    static func postalPoint(_ latitude: Int32, _ longitude: Int32) -> Coordinate {
        let scale = GazetteerLayout.zipPointScale
        return Coordinate(uncheckedLatitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
    }

    /// The result of a postal code of any family: named `name`, at `point`, in a square of half-side
    /// `zipBoxRadiusKm` (the sources give a point, not an area), with the country and state of `holder` (its
    /// `entry`).
    func postalCodeResult(
        name: String, point: Coordinate, holder: Int, score: Double, unmatched: String?
    ) -> ForwardResult {
        let (country, state) = postalContainers(holder)
        return ForwardResult(
            kind: .postalCode, name: name, point: point,
            bbox: Gazetteer.box(around: point, radiusKm: Gazetteer.zipBoxRadiusKm), population: 0,
            country: unit(country), state: unit(state), region: nil, geonameID: nil, score: score,
            unmatched: unmatched, entry: holder)
    }

    /// How many postal codes of `family` the data holds.
    public func postalCodeCount(_ family: PostalFamily) -> Int {
        (0..<(postalCodes.count / GazetteerLayout.u32PerPostalCode)).reduce(0) {
            $0 + (postalCodes[$1 * GazetteerLayout.u32PerPostalCode] == family.rawValue ? 1 : 0)
        }
    }

    /// The row of code `number` of `family` in PCODES, or nil.
    func postalRow(_ family: PostalFamily, _ number: UInt32) -> Int? {
        let u = GazetteerLayout.u32PerPostalCode
        let key = (family.rawValue, number)
        var lo = 0
        var hi = postalCodes.count / u
        while lo < hi {
            let mid = (lo + hi) / 2
            let k = (postalCodes[mid * u], postalCodes[mid * u + 1])
            if k == key { return mid }
            if k < key { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The Canadian or Indian postal code in `words`, or nil: a Canadian code as "A1A 1A1", "A1A1A1" or its
    /// first three characters alone ("M5V"); an Indian PIN as six digits ("110001") or three and three
    /// ("110 001"). As for ZIP codes, no other word with a digit may stand beside it in its comma part.
    static func otherPostalCode(in words: [NameKey.Word]) -> (family: PostalFamily, text: String, words: Range<Int>)? {
        func hasDigit(_ i: Int) -> Bool {
            i >= 0 && i < words.count && words[i].text.utf8.contains { $0 >= 48 && $0 <= 57 }
        }
        func same(_ i: Int, _ j: Int) -> Bool { j >= 0 && j < words.count && words[i].component == words[j].component }
        func shaped(_ w: String, _ p: String) -> Bool { QueryWords.hasShape(w.utf8, p) }
        for i in words.indices.reversed() {
            let w = words[i].text
            // Words `i..<end` make the code; nothing with a digit may touch them in the same comma part.
            func clear(_ end: Int) -> Bool { !(same(i, i - 1) && hasDigit(i - 1)) && !(same(i, end) && hasDigit(end)) }
            if shaped(w, "a9a9a9"), clear(i + 1) { return (.canadaFSA, String(w.prefix(3)), i..<(i + 1)) }
            if shaped(w, "a9a") {
                if same(i, i + 1), shaped(words[i + 1].text, "9a9"), clear(i + 2) {
                    return (.canadaFSA, w, i..<(i + 2))
                }
                if clear(i + 1) { return (.canadaFSA, w, i..<(i + 1)) }
            }
            if shaped(w, "999999"), clear(i + 1) { return (.indiaPIN, w, i..<(i + 1)) }
            if shaped(w, "999"), same(i, i + 1), shaped(words[i + 1].text, "999"), clear(i + 2) {
                return (.indiaPIN, w + words[i + 1].text, i..<(i + 2))
            }
        }
        return nil
    }

    /// The result of PCODES row `row`: named by its written form, at its point, in a square of half-side
    /// `zipBoxRadiusKm` (the sources give a point, not an area), with its country and state.
    func postalResult(_ row: Int, score: Double, unmatched: String?) -> ForwardResult {
        let u = GazetteerLayout.u32PerPostalCode
        let family = PostalFamily(rawValue: postalCodes[row * u]) ?? .indiaPIN
        return postalCodeResult(
            name: family.text(of: postalCodes[row * u + 1]),
            point: Gazetteer.postalPoint(postalPoints[row * 2], postalPoints[row * 2 + 1]),
            holder: Int(postalCodes[row * u + 2]), score: score, unmatched: unmatched)
    }

    /// One reading of a postal code in a query: the entry that holds it (a state, a country, or a city), the
    /// words it takes, whether it may stand alone, and its result with a score and unread words.
    private struct PostalReading {
        let holder: Int
        let words: Range<Int>
        let mayStandAlone: Bool
        let result: (Double, String?) -> ForwardResult
    }

    /// How far, in km, a city that holds a postal code may lie from the city named beside the code: a code of
    /// one city of a metropolis read beside its name ("London SW1A 1AA": SW1A is Westminster's). A city ranked
    /// below another leads with a code of its state only within this distance of the code's point.
    public static let postalNeighbourKm = 30.0

    /// Whether `place` is a city within `postalNeighbourKm` of city entry `holder`, in the same country.
    private func nearbyCities(_ place: ForwardResult, _ holder: Int) -> Bool {
        guard kind(place.entry) == .city, kind(holder) == .city, link(place.entry, .country) == link(holder, .country)
        else {
            return false
        }
        return place.point.distanceKm(to: entryPoint(holder)) <= Gazetteer.postalNeighbourKm
    }

    /// The readings of the query's postal code, in the order `withPostalCode` offers them.
    private func postalReadings(_ words: [NameKey.Word]) -> [PostalReading] {
        var readings: [PostalReading] = []
        if let zip = Gazetteer.usZIP(in: words), let row = zipRow(zip.code) {
            readings.append(
                PostalReading(
                    holder: zipHolder(row), words: zip.at..<(zip.at + 1), mayStandAlone: true,
                    result: { self.zipResult(row, score: $0, unmatched: $1) }))
        }
        if let other = Gazetteer.otherPostalCode(in: words), let n = other.family.number(of: other.text),
            let row = postalRow(other.family, n)
        {
            readings.append(
                PostalReading(
                    holder: Int(postalCodes[row * GazetteerLayout.u32PerPostalCode + 2]), words: other.words,
                    mayStandAlone: true, result: { self.postalResult(row, score: $0, unmatched: $1) }))
        }
        let world = worldPostalCode(in: words).sorted {
            let a = population($0.city)
            let b = population($1.city)
            return a != b ? a > b : $0.row < $1.row
        }
        for reading in world {
            let text = words[reading.words].map(\.text).joined()
            let digitsOnly = text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
            readings.append(
                PostalReading(
                    holder: reading.city, words: reading.words, mayStandAlone: !digitsOnly || text.utf8.count >= 4,
                    result: { self.worldPostalResult(reading, score: $0, unmatched: $1) }))
        }
        // A holder outside the entries (a damaged file read without verification) is no reading: every read
        // is checked.
        return readings.filter { $0.holder < entryCount }
    }

    /// The results of `search(_:limit:)`: `places` with the query's postal code added where it is read (see the
    /// type's documentation).
    func withPostalCode(_ text: String, places: [ForwardResult], limit: Int) throws -> [ForwardResult] {
        // A code has a digit: an ASCII one, or any other decimal digit (full-width "５５４０１") that folding
        // makes one.
        guard zipCodeCount > 0 || !postalCodes.isEmpty || !worldPostalCodes.isEmpty,
            text.utf8.contains(where: { $0 >= 48 && $0 <= 57 })
                || text.unicodeScalars.contains(where: { $0.properties.numericType == .decimal })
        else {
            return places
        }
        let cut = String(text.prefix(Gazetteer.maxQueryCharacters))
        let words = Array(NameKey.words(cut).prefix(Gazetteer.maxQueryWords))
        let readings = postalReadings(words)
        guard !readings.isEmpty else { return places }
        let skippable = QueryWords.skippable(words)
        // Alone: every other word is one a reading may leave out (a house number, the +4, the rest of a code).
        let alone = readings.filter { r in
            r.mayStandAlone && words.indices.allSatisfy { skippable[$0] || r.words.contains($0) }
        }
        if !alone.isEmpty { return Array((alone.map { $0.result(1, nil) } + places).prefix(limit)) }
        // Whether `place` is the holder of reading `r`'s code, holds it, or is a city near the city holding it.
        func holds(_ place: ForwardResult, _ r: PostalReading) -> Bool {
            place.entry == r.holder || containers(r.holder).contains(place.entry) || nearbyCities(place, r.holder)
        }
        // `holds`, or `place` lies in the code's holder (a city in a ZIP code's state).
        func fits(_ place: ForwardResult, _ r: PostalReading) -> Bool {
            holds(place, r) || containers(place.entry).contains(r.holder)
        }
        // Whether reading `r` places its code in `place` itself: `holds`, or a city of the holder near the code (a
        // ZIP code's holder is its state, and any city of the state fits that loosely).
        func closelyFits(_ place: ForwardResult, _ r: PostalReading) -> Bool {
            holds(place, r)
                || (kind(place.entry) == .city && containers(place.entry).contains(r.holder)
                    && place.point.distanceKm(to: r.result(0, nil).point) <= Gazetteer.postalNeighbourKm)
        }
        // The best place that a reading fits leads, the code right after it. A place ranked below others leads
        // only where the code lies in it or close by: "IL 60614" is Illinois and its ZIP code, though Israel
        // alone ranks before Illinois, and "Springfield 62701" the Springfield of Illinois; "Paris 10115" reads
        // no code, though a small Paris lies in New York State. A place lifted above better ones takes the best
        // one's score, so that the scores still descend. `found` is the places of `query` best first, at most
        // `limit`; when none fits, the places past the limit are looked through too.
        func led(by query: String, _ found: [ForwardResult], taken: Range<Int>?) throws -> [ForwardResult]? {
            func firstFit(_ list: [ForwardResult]) -> (Int, PostalReading)? {
                for (i, place) in list.enumerated() {
                    let fit = readings.first {
                        (taken == nil || $0.words == taken) && (i == 0 ? fits(place, $0) : closelyFits(place, $0))
                    }
                    if let fit { return (i, fit) }
                }
                return nil
            }
            var list = found
            var fit = firstFit(list)
            if fit == nil, list.count == limit, limit < Gazetteer.maxLimit {
                list = try searchPlaces(query, limit: Gazetteer.maxLimit)
                fit = firstFit(list)
            }
            guard let (i, reading) = fit, let best = list.first else { return nil }
            let place = i == 0 ? best : result(list[i].entry, score: best.score, unmatched: list[i].unmatched)
            list.remove(at: i)
            return Array(([place, reading.result(place.score, place.unmatched)] + list).prefix(limit))
        }
        if let answer = try led(by: cut, places, taken: nil) { return answer }
        // The place words read without the code ("Dublin D02", where the code's form is not one the reading of
        // places leaves out; "55401, MN", where a lone two-letter word after a number is not read as a place):
        // the first reading that fits the best place of the rest that one fits.
        for taken in Set(readings.map(\.words)).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let rest = words.indices.filter { !taken.contains($0) }
            guard !rest.isEmpty else { continue }
            var parts: [[String]] = []
            for i in rest {
                if let last = rest.last(where: { $0 < i }), words[last].component == words[i].component {
                    parts[parts.count - 1].append(words[i].text)
                } else {
                    parts.append([words[i].text])
                }
            }
            let query = parts.map { $0.joined(separator: " ") }.joined(separator: ", ")
            if let answer = try led(by: query, try searchPlaces(query, limit: limit), taken: taken) { return answer }
        }
        return places
    }
}
