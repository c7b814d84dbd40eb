/// The answer of GET reverse: a point named in the server's vocabulary, so that a client can post the `country`
/// and `state` it gets as they are. `country` and `state` are nil when the point is in no served country (or at
/// sea beyond the coastal band); `supported` says whether a post can use them; `place` is what the bundled data
/// says. Encoded and decoded with `JSONEncoder`/`JSONDecoder` (absent values as `null`).
public struct ReverseAnswer: Hashable, Sendable, Codable {
    /// The point asked about, in degrees.
    public var latitude: Double
    public var longitude: Double
    /// The served country name.
    public var country: String?
    /// The served state name.
    public var state: String?
    /// The nearest city's name.
    public var city: String?
    /// Whether `country` and `state` are both served (a post can use them).
    public var supported: Bool
    public var place: PlaceDescription

    public init(
        latitude: Double, longitude: Double, country: String?, state: String?, city: String?, supported: Bool,
        place: PlaceDescription
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.state = state
        self.city = city
        self.supported = supported
        self.place = place
    }

    enum CodingKeys: String, CodingKey { case latitude, longitude, country, state, city, supported, place }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(country, forKey: .country)
        try c.encode(state, forKey: .state)
        try c.encode(city, forKey: .city)
        try c.encode(supported, forKey: .supported)
        try c.encode(place, forKey: .place)
    }
}
