/// What the bundled data says of a point, in the shape `hometown reverse` prints and the server's /reverse
/// answer carries as `place`: the English country name with its ISO codes, the state with its ISO 3166-2 code,
/// the nearest city, and whether the point is at sea.
public struct PlaceDescription: Hashable, Sendable, Codable {
    /// A country of the bundled data.
    public struct Country: Hashable, Sendable, Codable {
        /// The English name of the bundled data.
        public var name: String
        /// ISO 3166-1 alpha-2, when it has one.
        @NullWhenAbsent public var iso2: String?
        /// ISO 3166-1 alpha-3, when it has one.
        @NullWhenAbsent public var iso3: String?

        /// A value with every member given.
        public init(name: String, iso2: String?, iso3: String?) {
            self.name = name
            self.iso2 = iso2
            self.iso3 = iso3
        }
    }

    /// A state (first-level subdivision) of the bundled data.
    public typealias State = Subdivision

    /// The nearest city of the bundled data.
    public struct City: Hashable, Sendable, Codable {
        /// The English name of the bundled data.
        public var name: String
        /// Inhabitants, as the gazetteer counts them.
        public var population: Int
        /// Distance from the point, in kilometres (rounded to metres).
        public var distanceKm: Double

        /// A value with every member given.
        public init(name: String, population: Int, distanceKm: Double) {
            self.name = name
            self.population = population
            self.distanceKm = distanceKm
        }

        enum CodingKeys: String, CodingKey {
            case name, population
            case distanceKm = "distance_km"
        }
    }

    /// The point, in degrees.
    public var latitude: Double
    /// The point: longitude in degrees.
    public var longitude: Double
    /// The country the point lies in (or off the coast of); nil in the open sea.
    @NullWhenAbsent public var country: Country?
    /// The state the point lies in; nil in the open sea.
    @NullWhenAbsent public var state: State?
    /// The nearest city of the bundled data.
    @NullWhenAbsent public var city: City?
    /// Whether the point lies off the coast (in the 22 km band the boundaries extend to).
    public var atSea: Bool
    /// Distance from the point to the country's land, in kilometres (0 on land; rounded to metres).
    public var distanceKm: Double

    /// A value with every member given.
    public init(
        latitude: Double, longitude: Double, country: Country?, state: State?, city: City?, atSea: Bool,
        distanceKm: Double
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.state = state
        self.city = city
        self.atSea = atSea
        self.distanceKm = distanceKm
    }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, country, state, city
        case atSea = "at_sea"
        case distanceKm = "distance_km"
    }
}
