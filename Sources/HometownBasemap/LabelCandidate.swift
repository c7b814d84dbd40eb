/// A name that may be placed on the map: a country or state at its inner point, or a city at its point.
public struct LabelCandidate: Hashable, Sendable {
    /// Stable id: "country:N" and "state:N" (the `ReverseGeocoder`'s numbers), "city:N" (the gazetteer entry).
    public let id: String
    public let kind: LabelKind
    /// The name shown (for countries and states, the server's spelling: see `Vocabulary.mapNames`).
    public let name: String
    /// The label's point in degrees: a country's or state's stored point on its surface, a city's point.
    public let latitude: Double
    public let longitude: Double
    /// People: a city's population; for a country or state, the people of the places in it (for ranking).
    public let population: Int
    /// A country's or state's bounding box in Web Mercator world units (the world is 1 wide and high); 0 for a
    /// city. A name is not shown while it is wider or taller than its region's box (`LabelRules.fits`).
    public let regionWidth: Double
    public let regionHeight: Double

    public init(
        id: String, kind: LabelKind, name: String, latitude: Double, longitude: Double, population: Int,
        regionWidth: Double = 0, regionHeight: Double = 0
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.regionWidth = regionWidth
        self.regionHeight = regionHeight
    }

    /// Placement order: countries, then states, then cities (`LabelKind`); within a kind, more people first;
    /// then by id, so that the order is total and the placement deterministic.
    public static func before(_ a: LabelCandidate, _ b: LabelCandidate) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        if a.population != b.population { return a.population > b.population }
        return a.id < b.id
    }
}
