/// A reverse-geocoding answer as indices into the geocoder's tables: what `ReverseGeocoder.place(at:)`
/// says, without building any string. A batch of these costs no allocation per point and no reference
/// counting, so it is the form for large jobs; `ReverseGeocoder.place(_:at:)` turns one into a `Place`, and
/// `stateInfo(_:)`, `countryInfo(_:)`, `cityRecord(_:)` read the records it points to.
public struct PlaceMatch: Hashable, Sendable {
    /// The state index (0..<stateCount), or -1 when the point is farther than the at-sea radius from land.
    public let state: Int32
    /// The city index (0..<cityCount), or -1 when the state has no place within the search reach.
    public let city: Int32
    /// True when the point is in no state polygon (with `state >= 0`, it is within the at-sea radius of it).
    public let atSea: Bool
    /// Kilometres from the point to the nearest state polygon: 0 on land, and 0 when `state` is -1.
    public let distanceKm: Double
    /// Great-circle kilometres from the point to the city (0 when there is no city).
    public let cityKm: Double

    /// The answer for a point far out at sea: no state, no city.
    public static let openSea = PlaceMatch(state: -1, city: -1, atSea: true, distanceKm: 0, cityKm: 0)

    public init(state: Int32, city: Int32, atSea: Bool, distanceKm: Double, cityKm: Double) {
        self.state = state
        self.city = city
        self.atSea = atSea
        self.distanceKm = distanceKm
        self.cityKm = cityKm
    }
}
