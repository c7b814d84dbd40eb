import HometownBoundaries
import HometownCore
import HometownGazetteer

/// The columns a batch adds to each row (`country, country_iso2, state, state_iso, city, error`), read from
/// compact matches: the names of every state and country are made once per run, not once per row.
struct ReverseColumns {
    static let names = ["country", "country_iso2", "state", "state_iso", "city", "error"]

    let geocoder: ReverseGeocoder
    private let states: [(name: String, iso: String, country: Int)]
    private let countries: [(name: String, iso2: String)]
    /// For `appendRows`: per state, `,country,country_iso2,state,state_iso,` escaped, one after the other (state
    /// `s` is `stateText[stateStarts[s]..<stateStarts[s + 1]]`), made once and read by every thread. A city's name
    /// is copied from the data file's bytes (`cityNameBytes`), escaped only when it must be.
    private let stateText: [UInt8]
    private let stateStarts: [Int]
    /// With `--language`: the names of the cities the gazetteer has in that language, by city index.
    private let localCities: [Int: String]

    /// The columns of `geocoder`'s places, named in `language` where `gazetteer` has names in it (countries by
    /// ISO alpha-2, states by ISO 3166-2, cities by GeoNames id; all looked up once, here).
    init(geocoder: ReverseGeocoder, gazetteer: Gazetteer? = nil, language: PlaceLanguage? = nil) {
        self.geocoder = geocoder
        func local(_ code: String?) -> String? {
            guard let gazetteer, let language, let code, let e = gazetteer.entry(code: code) else { return nil }
            return gazetteer.localName(ofEntry: e, in: language)
        }
        states = (0..<geocoder.stateCount).map { i in
            let s = geocoder.stateNameAndISO(i)
            return (local(s.iso) ?? s.name, s.iso ?? "", geocoder.countryIndex(ofState: i))
        }
        let countries = (0..<geocoder.countryCount).map { i in
            let c = geocoder.countryNameAndISO2(i)
            return (name: local(c.iso2) ?? c.name, iso2: c.iso2 ?? "")
        }
        var cities: [Int: String] = [:]
        if let gazetteer, let language, language.hasNames {
            for i in 0..<geocoder.cityCount {
                if let e = gazetteer.entry(geonameID: geocoder.cityGeonameID(i)),
                    let n = gazetteer.localName(ofEntry: e, in: language)
                {
                    cities[i] = n
                }
            }
        }
        localCities = cities
        self.countries = countries
        var text: [UInt8] = []
        var starts = [0]
        let countryText = countries.map { Array(",\(CSVRecords.escape($0.name)),\(CSVRecords.escape($0.iso2)),".utf8) }
        for s in states {
            text += countryText[s.country]
            text += CSVRecords.escape(s.name).utf8
            text.append(UInt8(ascii: ","))
            text += CSVRecords.escape(s.iso).utf8
            text.append(UInt8(ascii: ","))
            starts.append(text.count)
        }
        stateText = text
        stateStarts = starts
    }

    /// The six added values for one row: empty strings where there is no answer (or no point).
    func values(_ m: PlaceMatch?, error: String?) -> [String] {
        guard let m, m.state >= 0, Int(m.state) < states.count else { return ["", "", "", "", "", error ?? ""] }
        let s = states[Int(m.state)]
        let c = countries[s.country]
        let city =
            m.city >= 0 && Int(m.city) < geocoder.cityCount
            ? localCities[Int(m.city)] ?? geocoder.cityName(Int(m.city)) : ""
        return [c.name, c.iso2, s.name, s.iso, city, error ?? ""]
    }

    /// Each of `rows` (ranges of `bytes`, without their line feeds) followed by `values(matches[k], error: nil)`
    /// as the end of a CSV row: a comma before each added value, then the line feed. The same bytes
    /// `CSVRecords.appendRow` writes for them, copied from bytes made once per state and from the data file's city
    /// names, with no reference counting per row.
    func appendRows(_ rows: [Range<Int>], of bytes: ArraySlice<UInt8>, matches: [PlaceMatch], to out: inout [UInt8]) {
        let base = bytes.startIndex
        let cityCount = geocoder.cityCount
        let (noPlace, noError) = (Self.noPlace, Self.noError)  // read once, not once a row
        bytes.withUnsafeBufferPointer { b in
            stateText.withUnsafeBufferPointer { text in
                stateStarts.withUnsafeBufferPointer { starts in
                    for (k, r) in rows.enumerated() {
                        // The names a few rows ahead are scattered over the data file: ask for them early.
                        if k + 16 < matches.count { geocoder.prefetchCityName(Int(matches[k + 16].city), .record) }
                        if k + 8 < matches.count { geocoder.prefetchCityName(Int(matches[k + 8].city), .name) }
                        out.append(
                            contentsOf: UnsafeBufferPointer(rebasing: b[(r.lowerBound - base)..<(r.upperBound - base)]))
                        let m = matches[k]
                        let s = Int(m.state)
                        guard s >= 0, s < starts.count - 1 else {
                            out.append(contentsOf: noPlace)
                            continue
                        }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[starts[s]..<starts[s + 1]]))
                        let city = Int(m.city)
                        if let local = localCities.isEmpty ? nil : localCities[city] {
                            out.append(contentsOf: CSVRecords.escape(local).utf8)
                        } else if city >= 0 && city < cityCount {
                            let name = geocoder.cityNameBytes(city)
                            if CSVRecords.needsQuotes(name) {
                                out.append(contentsOf: CSVRecords.escape(String(decoding: name, as: UTF8.self)).utf8)
                            } else {
                                out.append(contentsOf: name)
                            }
                        }
                        out.append(contentsOf: noError)
                    }
                }
            }
        }
    }

    /// The added columns of a point far at sea (all empty), and the end of a row without an error.
    private static let noPlace = Array(",,,,,,\n".utf8)
    private static let noError = Array(",\n".utf8)
}
