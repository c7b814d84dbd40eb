import HometownBoundaries
import HometownCore

/// The columns a batch adds to each row (`country, country_iso2, state, state_iso, city, error`), read from
/// compact matches: the names of every state and country are made once per run, not once per row.
struct ReverseColumns {
    static let names = ["country", "country_iso2", "state", "state_iso", "city", "error"]

    let geocoder: ReverseGeocoder
    private let states: [(name: String, iso: String, country: Int)]
    private let countries: [(name: String, iso2: String)]
    /// For `appendBytes`: per state, `,country,country_iso2,state,state_iso,` escaped (made on first use). A city's
    /// name is copied from the data file's bytes (`cityNameBytes`), escaped only when it must be.
    private var stateBytes: [[UInt8]] = []

    init(geocoder: ReverseGeocoder) {
        self.geocoder = geocoder
        states = (0..<geocoder.stateCount).map { i in
            let s = geocoder.stateInfo(i)
            return (s.name, s.iso ?? "", geocoder.countryIndex(ofState: i))
        }
        countries = (0..<geocoder.countryCount).map { i in
            let c = geocoder.countryInfo(i)
            return (c.name, c.iso2 ?? "")
        }
    }

    /// The six added values for one row: empty strings where there is no answer (or no point).
    func values(_ m: PlaceMatch?, error: String?) -> [String] {
        guard let m, m.state >= 0, Int(m.state) < states.count else { return ["", "", "", "", "", error ?? ""] }
        let s = states[Int(m.state)]
        let c = countries[s.country]
        let city = m.city >= 0 && Int(m.city) < geocoder.cityCount ? geocoder.cityName(Int(m.city)) : ""
        return [c.name, c.iso2, s.name, s.iso, city, error ?? ""]
    }

    /// `values(m, error: nil)` as the end of a CSV row: a comma before each added value, then the line feed.
    /// The same bytes `CSVRecords.appendRow` writes for them, from bytes made once per state and city.
    mutating func appendBytes(_ m: PlaceMatch, to out: inout [UInt8]) {
        guard m.state >= 0, Int(m.state) < states.count else {
            out.append(contentsOf: ",,,,,,\n".utf8)
            return
        }
        if stateBytes.isEmpty {
            stateBytes = states.map { s in
                let c = countries[s.country]
                return Array(
                    ([""] + [c.name, c.iso2, s.name, s.iso].map(CSVRecords.escape) + [""]).joined(separator: ",").utf8)
            }
        }
        out.append(contentsOf: stateBytes[Int(m.state)])
        let city = Int(m.city)
        if city >= 0 && city < geocoder.cityCount {
            let name = geocoder.cityNameBytes(city)
            if CSVRecords.needsQuotes(name) {
                out.append(contentsOf: CSVRecords.escape(String(decoding: name, as: UTF8.self)).utf8)
            } else {
                out.append(contentsOf: name)
            }
        }
        out.append(contentsOf: ",\n".utf8)
    }
}
