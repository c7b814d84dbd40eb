import ArgumentParser
import HometownMarkers

/// The marker filters of `map`, `cluster` and `region` (the `users` query's country, state, city and year, and
/// the most recent N).
struct MarkerFilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only markers with this country.",
            discussion:
                "As written in the file, or any name, alias or code of a country as Hometown names it (usa, US and United States of America find USA)."
        )) var country: String?
    @Option(
        help: ArgumentHelp(
            "Only markers with this state.",
            discussion:
                "As written in the file, or any name, alias or code of a state as Hometown names it (MN, US-MN, minnesota)."
        )) var state: String?
    @Option(help: "Only markers with this city.") var city: String?
    // Unconditional: a negative value is read as the value (and refused by its rule), not as an option.
    @Option(parsing: .unconditional, help: "Only markers with this year.") var year: Int?
    @Option(parsing: .unconditional, help: "Only the N most recent markers (highest ids).") var last: Int?

    /// These filters, with the id bounds of commands that have them.
    func filter(afterID: Int? = nil, beforeID: Int? = nil) -> MarkerFilter {
        MarkerFilter(
            country: country, state: state, city: city, year: year, afterID: afterID, beforeID: beforeID,
            mostRecent: last)
    }
}
