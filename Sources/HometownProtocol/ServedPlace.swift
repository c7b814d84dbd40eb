/// A place named in the server's vocabulary: what a client may post as it is. Part of GET reverse's answer and of
/// each GET forward result, written there as four members of the answer's own object (not nested).
public struct ServedPlace: Hashable, Sendable {
    /// The served country name; nil where the place is in no served country.
    public var country: String?
    /// The served state name; nil where not served (or for a country).
    public var state: String?
    /// The city's name, when the place is or has one.
    public var city: String?
    /// Whether a post can use `country` and `state` as they are.
    public var supported: Bool

    /// A place with every member given.
    public init(country: String?, state: String?, city: String?, supported: Bool) {
        self.country = country
        self.state = state
        self.city = city
        self.supported = supported
    }

    enum CodingKeys: String, CodingKey { case country, state, city, supported }

    /// Reads the four members from the answer's object (an absent or null name as no value).
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        country = try c.decodeIfPresent(String.self, forKey: .country)
        state = try c.decodeIfPresent(String.self, forKey: .state)
        city = try c.decodeIfPresent(String.self, forKey: .city)
        supported = try c.decode(Bool.self, forKey: .supported)
    }

    /// Writes the four members into the answer's object, a missing name as `null`.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(country, forKey: .country)
        try c.encode(state, forKey: .state)
        try c.encode(city, forKey: .city)
        try c.encode(supported, forKey: .supported)
    }
}
