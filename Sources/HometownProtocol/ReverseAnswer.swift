/// The answer of GET reverse: a point named in the server's vocabulary, so that a client can post the `country`
/// and `state` it gets as they are. `country` and `state` are nil when the point is in no served country (or at
/// sea beyond the coastal band); `supported` says whether a post can use them; `place` is what the bundled data
/// says. Encoded and decoded with `JSONEncoder`/`JSONDecoder` (absent values as `null`: `NullWhenAbsent`).
public struct ReverseAnswer: Hashable, Sendable, Codable {
    /// The point asked about, in degrees.
    public var latitude: Double
    /// The point asked about: longitude in degrees.
    public var longitude: Double
    /// The served country name.
    @NullWhenAbsent public var country: String?
    /// The served state name.
    @NullWhenAbsent public var state: String?
    /// The nearest city's name.
    @NullWhenAbsent public var city: String?
    /// Whether `country` and `state` are both served (a post can use them).
    public var supported: Bool
    /// What the bundled data says of the point (the shape `hometown reverse` prints).
    public var place: PlaceDescription

    /// An answer with every member given.
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
}
