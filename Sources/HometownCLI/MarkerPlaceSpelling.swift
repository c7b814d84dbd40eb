import HometownBoundaries
import HometownMarkers
import HometownVocabulary

/// The markers' own spelling of the country and state a filter names, so that `--country usa --state MN` finds
/// markers written "USA" and "Minnesota" (as Hometown writes them), as the server's filters would. A text some
/// marker has as it is stays; else it is read as the server reads a filter (`Vocabulary`: any name, alias or
/// code, up to case and accents), and the served name is taken when some marker has it. A text found neither
/// way stays as written, and matches nothing.
enum MarkerPlaceSpelling {
    /// `filter` with its country and state in the markers' spelling, where a marker has it.
    static func resolve(_ filter: MarkerFilter, in markers: [Marker]) -> MarkerFilter {
        func present(_ key: String, _ value: String) -> Bool { markers.contains { $0[key]?.stringValue == value } }
        let countryToFind = filter.country.map { !present("country", $0) } ?? false
        let stateToFind = filter.state.map { !present("state", $0) } ?? false
        // The data is read only when a filter's text is not in the file as it is (and a file without a
        // Hometown spelling of it matches nothing either way).
        guard countryToFind || stateToFind, let vocabulary = try? vocabulary() else { return filter }
        var out = filter
        var country: Vocabulary.Country?
        if let text = filter.country {
            country = try? vocabulary.resolveCountry(text)
            if countryToFind, let served = country?.name, present("country", served) { out.country = served }
        }
        if stateToFind, let text = filter.state {
            let names: [String]
            if let country {
                names = (try? vocabulary.resolveState(text, in: country)).map { [$0] } ?? []
            } else {
                names = (try? vocabulary.resolveStateAnywhere(text)) ?? []
            }
            if let served = names.first(where: { present("state", $0) }) { out.state = served }
        }
        return out
    }

    /// Every country of the bundled data under its served name, with its states.
    private static func vocabulary() throws -> Vocabulary {
        try Vocabulary.bundled(
            geocoder: try ReverseGeocoder(verification: .header), gazetteer: nil, selection: .all)
    }
}
