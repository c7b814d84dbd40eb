import ArgumentParser
import HometownMarkers

/// The marker filters of `map`, `cluster` and `region` (the `users` query's country, state, city and year, and
/// the most recent N).
struct MarkerFilterOptions: ParsableArguments {
    @Option(help: "Only markers with this country.") var country: String?
    @Option(help: "Only markers with this state.") var state: String?
    @Option(help: "Only markers with this city.") var city: String?
    @Option(help: "Only markers with this year.") var year: Int?
    @Option(help: "Only the N most recent markers (highest ids).") var last: Int?

    /// These filters, with the id bounds of commands that have them.
    func filter(afterID: Int? = nil, beforeID: Int? = nil) -> MarkerFilter {
        MarkerFilter(
            country: country, state: state, city: city, year: year, afterID: afterID, beforeID: beforeID,
            mostRecent: last)
    }
}
