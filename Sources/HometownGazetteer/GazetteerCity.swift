/// A city of the gazetteer as a map draws it: its name, its people and its point (see `Gazetteer.cities`).
public struct GazetteerCity: Hashable, Sendable {
    /// The gazetteer entry (a stable id within one `gazetteer.bin`).
    public let entry: Int
    /// The GeoNames name, as forward search answers it.
    public let name: String
    /// GeoNames population (0 when unknown).
    public let population: Int
    /// Degrees.
    public let latitude: Double
    public let longitude: Double
    /// The gazetteer entry of its country (GeoNames'), or nil when it has none.
    public let country: Int?
    /// True for a national capital (GeoNames feature code PPLC: Canberra, Ottawa, Washington, D.C.).
    public let isCapital: Bool

    public init(
        entry: Int, name: String, population: Int, latitude: Double, longitude: Double, country: Int? = nil,
        isCapital: Bool = false
    ) {
        self.entry = entry
        self.name = name
        self.population = population
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.isCapital = isCapital
    }
}
