import HometownCore

/// Postal codes: US ZIP codes (section USZIP) as results of their own kind.
///
/// A ZIP code is one word of five digits, or ZIP+4 (five digits, then four: "55401-1234", read as its ZIP),
/// standing alone in its comma part of the query with no other digits beside it ("01310-100" is not one). Alone
/// (with at most a leading house number) it is the only result, scoring 1; beside a place that holds it
/// ("Chicago, IL 60614", "Minneapolis 55401") it comes right after the best place, with that place's score and
/// unread words; beside a place that does not hold it ("75007 Paris", "10115 Berlin") it is not read. A number
/// that is no ZIP code in the data gives nothing, as before.
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
        let code = zipCodes[row * GazetteerLayout.u32PerZIP]
        let scale = GazetteerLayout.zipPointScale
        let point = Coordinate(
            uncheckedLatitude: Double(zipPoints[row * GazetteerLayout.i32PerZIP]) / scale,
            longitude: Double(zipPoints[row * GazetteerLayout.i32PerZIP + 1]) / scale)
        let holder = zipHolder(row)
        let isState = kind(holder) == .state
        let digits = String(code)
        return ForwardResult(
            kind: .postalCode, name: String(repeating: "0", count: max(0, 5 - digits.count)) + digits, point: point,
            bbox: Gazetteer.box(around: point, radiusKm: Gazetteer.zipBoxRadiusKm), population: 0,
            country: unit(isState ? link(holder, 3) : holder), state: unit(isState ? holder : nil), region: nil,
            geonameID: nil, score: score, unmatched: unmatched, entry: holder)
    }

    /// The results of `search(_:limit:)`: `places` with the query's ZIP code added where it is read (see the
    /// type's documentation).
    func withPostalCode(_ text: String, places: [ForwardResult], limit: Int) -> [ForwardResult] {
        guard zipCodeCount > 0, text.utf8.contains(where: { $0 >= 48 && $0 <= 57 }) else { return places }
        let cut = String(text.prefix(Gazetteer.maxQueryCharacters))
        let words = Array(NameKey.words(cut).prefix(Gazetteer.maxQueryWords))
        guard let zip = Gazetteer.usZIP(in: words), let row = zipRow(zip.code) else { return places }
        let skip = QueryWords.skippable(words)
        // Alone: every other word is one a reading may leave out (a house number, the +4).
        if !skip.contains(false) { return Array(([zipResult(row, score: 1, unmatched: nil)] + places).prefix(limit)) }
        let holder = zipHolder(row)
        guard let top = places.first,
            top.entry == holder || containers(top.entry).contains(holder) || containers(holder).contains(top.entry)
        else {
            return places
        }
        let postal = zipResult(row, score: top.score, unmatched: top.unmatched)
        return Array(([top, postal] + places.dropFirst()).prefix(limit))
    }
}
