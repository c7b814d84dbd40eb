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
    /// True for a city that is its country's capital (`GazetteerCity.isCapital`).
    public let isCapital: Bool
    /// The people the name is ranked and shown by (`before`, `LabelRules.shows`): its `population`; for a
    /// capital, the people of its country's largest city when that is more, so that the capital is named from
    /// the zoom its country's first city is named at, and before it.
    public let rankPopulation: Int

    /// - Parameter rankPopulation: nil = `population`.
    public init(
        id: String, kind: LabelKind, name: String, latitude: Double, longitude: Double, population: Int,
        regionWidth: Double = 0, regionHeight: Double = 0, isCapital: Bool = false, rankPopulation: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.regionWidth = regionWidth
        self.regionHeight = regionHeight
        self.isCapital = isCapital
        self.rankPopulation = rankPopulation ?? population
    }

    /// Placement order: countries, then capitals (cities with `isCapital`), then states, then the other cities;
    /// within each, more people first (`rankPopulation`: a capital ranks with its country's largest city), then
    /// more people of its own; then by id, so that the order is total and the placement deterministic. Capitals
    /// go before states because a state's name, centred on its point, so often lies on the capital (Washington
    /// under Maryland, Ankara under its own province, Brasília under Brazil's Distrito Federal) that it would
    /// otherwise be left out at the zooms its country's first cities are named at.
    public static func before(_ a: LabelCandidate, _ b: LabelCandidate) -> Bool {
        if a.tier != b.tier { return a.tier < b.tier }
        if a.rankPopulation != b.rankPopulation { return a.rankPopulation > b.rankPopulation }
        if a.population != b.population { return a.population > b.population }
        return a.id < b.id
    }

    /// 0 country, 1 capital, 2 state, 3 other city (see `before`).
    var tier: Int {
        switch kind {
        case .country: return 0
        case .state: return 2
        case .city: return isCapital ? 1 : 3
        }
    }
}
