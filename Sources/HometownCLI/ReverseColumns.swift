import HometownBoundaries
import HometownCore

/// The columns a batch adds to each row (`country, country_iso2, state, state_iso, city, error`), read from
/// compact matches: the names of every state and country are made once per run, not once per row.
struct ReverseColumns {
    static let names = ["country", "country_iso2", "state", "state_iso", "city", "error"]

    let geocoder: ReverseGeocoder
    private let states: [(name: String, iso: String, country: Int)]
    private let countries: [(name: String, iso2: String)]

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
}
