/// A place named in the server's vocabulary (`served`) and described by the bundled data (`place`): the answer of
/// GET reverse (`ReverseAnswer`) and each result of GET forward (`ForwardAnswer.Result`). A client can post the
/// `country` and `state` it gets as they are, when `supported`. Encoded and decoded with `JSONEncoder` and
/// `JSONDecoder` as one object: the facts of `place` the protocol repeats at the top (`PlaceSummary`), the members
/// of `served` (absent names as `null`), and `place` itself.
public struct ServedAnswer<Place: PlaceSummary>: Hashable, Sendable, Codable {
    /// The place's names in the server's vocabulary.
    public var served: ServedPlace
    /// What the bundled data says of the place (the object `hometown reverse` or `hometown forward` prints).
    public var place: Place

    /// An answer with every member given.
    public init(served: ServedPlace, place: Place) {
        self.served = served
        self.place = place
    }

    /// The place's point, in degrees (`place`'s).
    public var latitude: Double { place.latitude }
    /// The place's point: longitude in degrees (`place`'s).
    public var longitude: Double { place.longitude }
    /// The served country name; nil where not served.
    public var country: String? {
        get { served.country }
        set { served.country = newValue }
    }
    /// The served state name; nil where not served.
    public var state: String? {
        get { served.state }
        set { served.state = newValue }
    }
    /// The city's name (the nearest one for GET reverse; the place itself, for a city of GET forward).
    public var city: String? {
        get { served.city }
        set { served.city = newValue }
    }
    /// Whether a post can use `country` and `state` as they are.
    public var supported: Bool {
        get { served.supported }
        set { served.supported = newValue }
    }

    enum CodingKeys: String, CodingKey { case place }

    public init(from decoder: any Decoder) throws {
        served = try ServedPlace(from: decoder)
        place = try decoder.container(keyedBy: CodingKeys.self).decode(Place.self, forKey: .place)
    }

    public func encode(to encoder: any Encoder) throws {
        try place.encodeSummary(to: encoder)
        try served.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(place, forKey: .place)
    }
}

/// The answer of GET reverse: the point's served names and what the bundled data says of it. Its `latitude` and
/// `longitude` are the point asked about.
public typealias ReverseAnswer = ServedAnswer<PlaceDescription>

/// A description of a place that a `ServedAnswer` carries, some of whose facts the answer repeats at its top level.
public protocol PlaceSummary: Codable, Hashable, Sendable {
    /// The place's point, in degrees.
    var latitude: Double { get }
    /// The place's point: longitude in degrees.
    var longitude: Double { get }
    /// Writes the facts the answer's own object repeats, beside the served names and the place itself.
    func encodeSummary(to encoder: any Encoder) throws
}

extension PlaceDescription: PlaceSummary {
    enum SummaryKeys: String, CodingKey { case latitude, longitude }

    /// Writes `latitude` and `longitude`.
    public func encodeSummary(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SummaryKeys.self)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
    }
}

extension ForwardPlace: PlaceSummary {
    enum SummaryKeys: String, CodingKey { case name, kind, latitude, longitude, bbox, score, unmatched }

    /// Writes `name`, `kind`, `latitude`, `longitude`, `bbox`, `score` and `unmatched` (`null` for a full match).
    public func encodeSummary(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SummaryKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(bbox, forKey: .bbox)
        try c.encode(score, forKey: .score)
        try c.encode(unmatched, forKey: .unmatched)
    }
}

extension ServedAnswer where Place == ForwardPlace {
    /// The gazetteer's name of the place.
    public var name: String { place.name }
    /// "country", "state", "region" or "city".
    public var kind: String { place.kind }
    /// [west, south, east, north] in degrees (rounded to 6 decimals).
    public var bbox: [Double] { place.bbox }
    /// The gazetteer's score, 0 to 1 (rounded to 4 decimals).
    public var score: Double { place.score }
    /// The words of a partial match that were not read (nil for a full match).
    public var unmatched: String? { place.unmatched }
}
