import HometownCore

/// What reverse geocoding says about a point.
public struct Place: Hashable, Sendable {
    /// A country: English name, ISO 3166-1 alpha-2 and alpha-3 (nil for areas without one, e.g. Somaliland).
    public struct Country: Hashable, Sendable {
        public let name: String
        public let iso2: String?
        public let iso3: String?
        public let aliases: [String]
    }
    /// A state or province: current name, ISO 3166-2 code (nil where none), other names (outdated NE names...).
    public struct State: Hashable, Sendable {
        public let name: String
        public let iso: String?
        public let aliases: [String]
    }
    /// The city named for the point (see `ReverseGeocoder` for the rule), with its distance in kilometres.
    public struct City: Hashable, Sendable {
        public let name: String
        public let population: Int
        public let geonameID: Int
        public let latitude: Double
        public let longitude: Double
        public let distanceKm: Double
    }

    /// The point asked about.
    public let coordinate: Coordinate
    public let country: Country?
    public let state: State?
    public let city: City?
    /// True when the point is in no state polygon. With `state` set it is within the at-sea radius of that state.
    public let atSea: Bool
    /// Kilometres from the point to the nearest state polygon: 0 on land.
    public let distanceKm: Double
}
