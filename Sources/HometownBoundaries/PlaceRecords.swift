/// Every state and country record and every city name of one data file, built once and shared by the `Place`
/// values of all batches (`ReverseGeocoder.places(_:)`): a place then takes its names by reference instead of
/// decoding them from the file for each point.
///
/// Built on the first batch of at least `ReverseGeocoder.sharedRecordsThreshold` points (for the bundled file
/// 13-26 ms on the 2-core development machine and about 5.5 MB: 235,915 city names, 16 bytes each in the array,
/// and 28,517 of them longer than 15 bytes on the heap, 582 KB of text) and kept for the geocoder's life: its size
/// is fixed by the data file, not by use. Immutable once built.
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
