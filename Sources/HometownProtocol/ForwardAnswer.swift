/// The answer of GET forward: the places a name may stand for, best first, each named in the server's
/// vocabulary. Encoded and decoded with `JSONEncoder`/`JSONDecoder` (absent values as `null`: `NullWhenAbsent`).
public struct ForwardAnswer: Hashable, Sendable, Codable {
    /// One place the name may stand for.
    public struct Result: Hashable, Sendable, Codable {
        /// The gazetteer's name of the place.
        public var name: String
        /// "country", "state", "region" or "city".
        public var kind: String
        /// The place's point, in degrees.
        public var latitude: Double
        /// The place's point: longitude in degrees.
        public var longitude: Double
        /// [west, south, east, north] in degrees.
        public var bbox: [Double]
        /// The served country name (nil where not served).
        @NullWhenAbsent public var country: String?
        /// The served state name (nil where not served, or for a country).
        @NullWhenAbsent public var state: String?
        /// The city's name, for a city.
        @NullWhenAbsent public var city: String?
        /// Whether a post can use `country` and `state`.
        public var supported: Bool
        /// The gazetteer's score, 0 to 1 (rounded to 4 decimals).
        public var score: Double
        /// The words of a partial match that were not read (nil for a full match).
        @NullWhenAbsent public var unmatched: String?
        /// What the gazetteer says of the place: the same object `hometown forward` prints.
        public var place: ForwardPlace

        /// A result with every member given.
        public init(
            name: String, kind: String, latitude: Double, longitude: Double, bbox: [Double], country: String?,
            state: String?, city: String?, supported: Bool, score: Double, unmatched: String?,
            place: ForwardPlace
        ) {
            self.name = name
            self.kind = kind
            self.latitude = latitude
            self.longitude = longitude
            self.bbox = bbox
            self.country = country
            self.state = state
            self.city = city
            self.supported = supported
            self.score = score
            self.unmatched = unmatched
            self.place = place
        }

        enum CodingKeys: String, CodingKey {
            case name, kind, latitude, longitude, bbox, country, state, city, supported, score, unmatched, place
        }
    }

    /// The name asked about.
    public var query: String
    /// The places, best first (at most the `limit` asked for).
    public var results: [Result]

    /// An answer for `query` with its results, best first.
    public init(query: String, results: [Result]) {
        self.query = query
        self.results = results
    }
}
