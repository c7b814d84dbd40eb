/// What the gazetteer says of one place a name may stand for, in the shape `hometown forward` prints and each
/// result of the server's /forward answer carries as `place`: the gazetteer's names with their ISO codes, the
/// place's point, box and population, its score, and the words a partial match left unread.
/// Encoded and decoded with `JSONEncoder`/`JSONDecoder`: `country` and `state` are `null` when absent; `region`,
/// `geonameid` and `unmatched` are left out.
public struct ForwardPlace: Hashable, Sendable, Codable {
    /// A country of the gazetteer.
    public struct Country: Hashable, Sendable, Codable {
        /// The English name.
        public var name: String
        /// ISO 3166-1 alpha-2, when it has one.
        @NullWhenAbsent public var iso2: String?

        /// A country with every member given.
        public init(name: String, iso2: String?) {
            self.name = name
            self.iso2 = iso2
        }
    }

    /// A state or region of the gazetteer.
    public typealias Subdivision = HometownProtocol.Subdivision

    /// The gazetteer's name of the place.
    public var name: String
    /// "country", "state", "region", "city" or "postal_code" (a US ZIP code, a Canadian forward sortation
    /// area, an Indian PIN code).
    public var kind: String
    /// The place's point: latitude in degrees.
    public var latitude: Double
    /// The place's point: longitude in degrees.
    public var longitude: Double
    /// [west, south, east, north] in degrees, rounded to 6 decimals (west > east across 180°).
    public var bbox: [Double]
    /// People living there, as the gazetteer counts them.
    public var population: Int
    /// The country the place is in (itself, for a country).
    @NullWhenAbsent public var country: Country?
    /// The state the place is in (itself, for a state).
    @NullWhenAbsent public var state: Subdivision?
    /// The region the place is in, when the gazetteer has one.
    public var region: Subdivision?
    /// The GeoNames id, for a city or country.
    public var geonameid: Int?
    /// The gazetteer's score, 0 to 1, rounded to 4 decimals.
    public var score: Double
    /// For a partial match, the words of the query that were not read; absent for a full match.
    public var unmatched: String?

    /// A place with every member given.
    public init(
        name: String, kind: String, latitude: Double, longitude: Double, bbox: [Double], population: Int,
        country: Country?, state: Subdivision?, region: Subdivision?, geonameid: Int?, score: Double,
        unmatched: String?
    ) {
        self.name = name
        self.kind = kind
        self.latitude = latitude
        self.longitude = longitude
        self.bbox = bbox
        self.population = population
        self.country = country
        self.state = state
        self.region = region
        self.geonameid = geonameid
        self.score = score
        self.unmatched = unmatched
    }
}
