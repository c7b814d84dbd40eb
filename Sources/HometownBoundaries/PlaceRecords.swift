/// Every state and country record and every city name of one data file, built once and shared by the `Place`
/// values of all batches (`ReverseGeocoder.places(_:)`): a place then takes its names by reference instead of
/// decoding them from the file for each point.
///
/// Built on the first batch of at least `ReverseGeocoder.sharedRecordsThreshold` points (about 20 ms and 4 MB for
/// the bundled file, mostly the 200,000 city names) and kept for the geocoder's life: its size is fixed by the
/// data file, not by use. Immutable once built.
final class PlaceRecords: Sendable {
    let states: [Place.State]
    let countries: [Place.Country]
    let cityNames: [String]

    init(_ g: ReverseGeocoder) {
        states = (0..<g.stateCount).map(g.stateInfo)
        countries = (0..<g.countryCount).map(g.countryInfo)
        cityNames = (0..<g.cityCount).map(g.cityName)
    }
}
