import HometownCore

/// The postal codes of the other countries (sections WPCODES and WPCTRY, `WorldPostalCode`): each code belongs to
/// a city, whose point and country and state its result takes.
///
/// A code is one to three words of one comma part, read together ("10115", "100-0001" and "1000001",
/// "01310-100", "SW1A", "lv-1050"); written as several words, the words must have the lengths of the country's
/// usual form (so "12 10115" is no code of seven digits). After a code the data keeps shorter, the rest people
/// write is read with it ("SW1A 1AA", "1012 AB", and as one word "sw1a1aa"). As for ZIP codes, no other word with a digit may touch it in its
/// comma part. The longest reading wins, the last of equals; a code of several countries gives each of them.
extension Gazetteer {
    /// How many postal codes of other countries the data holds (0 in a file built before they were added).
    public var worldPostalCodeCount: Int { worldPostalCodes.count / GazetteerLayout.u32PerWorldPostalCode }

    /// The ISO 3166-1 codes of the countries whose postal codes WPCODES holds, in the file's order.
    public var worldPostalCodeCountries: [String] { worldPostalCountries.map(\.iso) }

    /// The WPCODES rows of normalised code `code` (every country's), a range of row numbers.
    func worldPostalRows(_ code: String) -> Range<Int> {
        let v = WorldPostalCode.packed(code)
        let hi = UInt32(v >> 16)
        let lo = UInt32(v & 0xFFFF) << 16
        let u = GazetteerLayout.u32PerWorldPostalCode
        let count = worldPostalCodeCount
        func firstRow(notBelow key: (UInt32, UInt32)) -> Int {
            var a = 0
            var b = count
            while a < b {
                let m = (a + b) / 2
                if (worldPostalCodes[m * u], worldPostalCodes[m * u + 1]) < key { a = m + 1 } else { b = m }
            }
            return a
        }
        let start = firstRow(notBelow: (hi, lo))
        var end = start
        while end < count, worldPostalCodes[end * u] == hi, worldPostalCodes[end * u + 1] & 0xFFFF_0000 == lo {
            end += 1
        }
        return start..<end
    }

    /// The country (a WPCTRY line) of row `row` and the city entry it belongs to; nil when either is missing (a
    /// damaged file read without verification: every read is checked).
    func worldPostalRow(_ row: Int) -> (country: WorldPostalCountry, city: Int)? {
        let u = GazetteerLayout.u32PerWorldPostalCode
        let n = Int(worldPostalCodes[row * u + 1] & 0xFFFF)
        let city = Int(worldPostalCodes[row * u + 2])
        guard n < worldPostalCountries.count, city < entryCount, kind(city) == .city else { return nil }
        return (worldPostalCountries[n], city)
    }

    /// One reading of another country's postal code: its WPCODES row, its country, its city and the words it takes.
    struct WorldPostalReading {
        let row: Int
        let country: WorldPostalCountry
        let city: Int
        let words: Range<Int>
    }

    /// The postal code of another country in `words`: its readings (one a country), each with the words it takes
    /// (a country that writes a tail after the code takes that too); empty when there is none.
    func worldPostalCode(in words: [NameKey.Word]) -> [WorldPostalReading] {
        guard !worldPostalCodes.isEmpty else { return [] }
        func hasDigit(_ i: Int) -> Bool { words[i].text.utf8.contains { $0 >= 48 && $0 <= 57 } }
        func same(_ i: Int, _ j: Int) -> Bool { j >= 0 && j < words.count && words[i].component == words[j].component }
        func fits(_ w: String, _ shape: String) -> Bool { QueryWords.hasShape(w.utf8, shape) }
        var best: (rows: [WorldPostalReading], length: Int, characters: Int)?
        for i in words.indices where hasDigit(i) || words[i].text.utf8.count <= 2 {
            for n in 1...3 where i + n <= words.count && same(i, i + n - 1) {
                let run = words[i..<(i + n)]
                guard var code = WorldPostalCode.normalized(Substring(run.map(\.text).joined())) else { continue }
                var found = worldPostalRows(code)
                // One word that is a code the data keeps shorter with its tail ("sw1a1aa"): the code before it.
                var tailInWord: String?
                if found.isEmpty, n == 1 {
                    for tail in Set(worldPostalCountries.map(\.tail)) where !tail.isEmpty && code.count > tail.count {
                        let cut = code.index(code.endIndex, offsetBy: -tail.count)
                        guard fits(String(code[cut...]), tail) else { continue }
                        let shorter = worldPostalRows(String(code[..<cut]))
                        guard shorter.contains(where: { worldPostalRow($0)?.country.tail == tail }) else { continue }
                        (found, code, tailInWord) = (shorter, String(code[..<cut]), tail)
                        break
                    }
                }
                guard !found.isEmpty else { continue }
                // Nothing with a digit may touch the code in its comma part.
                if same(i, i - 1) && hasDigit(i - 1) { continue }
                var rows: [WorldPostalReading] = []
                for r in found {
                    guard let (country, city) = worldPostalRow(r) else { continue }
                    if let tailInWord, country.tail != tailInWord { continue }
                    // Several words: as many, and as long, as the parts of the country's usual form.
                    if n > 1, run.map(\.text.utf8.count) != country.partLengths { continue }
                    var end = i + n
                    if !country.tail.isEmpty, i + n < words.count, same(i, i + n), fits(words[i + n].text, country.tail)
                    {
                        end += 1
                    }
                    if end < words.count, same(i, end), hasDigit(end) { continue }
                    rows.append(WorldPostalReading(row: r, country: country, city: city, words: i..<end))
                }
                guard !rows.isEmpty else { continue }
                let length = rows.map(\.words.count).max() ?? n
                if let b = best, (b.length, b.characters) > (length, code.count) { continue }
                best = (rows, length, code.count)
            }
        }
        return best?.rows ?? []
    }

    /// The result of reading `r`: named as the country writes its codes, at its city's point, in a square of
    /// half-side `zipBoxRadiusKm`, with the city's country and state.
    func worldPostalResult(_ r: WorldPostalReading, score: Double, unmatched: String?) -> ForwardResult {
        let u = GazetteerLayout.u32PerWorldPostalCode
        let packed = UInt64(worldPostalCodes[r.row * u]) << 16 | UInt64(worldPostalCodes[r.row * u + 1] >> 16)
        let text = WorldPostalCode.written(WorldPostalCode.unpacked(packed), shape: r.country.shape)
        return postalCodeResult(
            name: text, point: entryPoint(r.city), holder: r.city, score: score, unmatched: unmatched)
    }
}
