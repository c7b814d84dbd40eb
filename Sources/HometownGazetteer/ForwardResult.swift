import HometownCore

/// One candidate answer of a forward search.
public struct ForwardResult: Hashable, Sendable {
    /// A country, state or region in a result's hierarchy.
    public struct Unit: Hashable, Sendable {
        /// The English name of the bundled data.
        public let name: String
        /// ISO 3166-1 alpha-2 for a country, ISO 3166-2 for a state or region; nil where none exists (named as
        /// `Place.State.iso`).
        public let iso: String?
    }

    public let kind: PlaceKind
    public let name: String
    /// For a city: its GeoNames coordinates. For a country or state: a point inside its polygon (not a
    /// centroid, which can fall outside). For a region: its most populous place.
    public let point: Coordinate
    /// For a country or state: the box of its polygons (crossing 180° where that is smaller, e.g. Fiji, the
    /// USA). For a city: a square of side `2 * Gazetteer.cityBoxRadiusKm(population:)` around its point.
    /// For a region: the box of its places.
    public let bbox: BoundingBox
    /// People: GeoNames for cities and countries; for states and regions, the sum over their cities500 places.
    public let population: Int
    /// The hierarchy, each level with its code; a result's own level is itself (a country result's `country`
    /// is that country, a state's `state` that state).
    /// The country: nil only for the few areas that have none.
    public let country: Unit?
    /// The Natural Earth state (nil for countries, regions and cities outside every state).
    public let state: Unit?
    /// The GeoNames first-level region (England, Lombardy) where it is not one state; nil for most results.
    public let region: Unit?
    /// GeoNames id of a city or region, else nil.
    public let geonameID: Int?
    /// In (0, 1], in bands: [0.5, 1] the whole text matched exactly; [0.25, 0.5) the whole text through
    /// one-letter typos; [0.12, 0.24] a partial match (`unmatched` is set). Within each band larger places
    /// and better kinds of match (name > alias > code) score higher.
    public let score: Double
    /// For a partial match: the leading part of the query that was left unread, as typed ("Petco Park" of
    /// "Petco Park, San Diego, CA"; "1060 W Addison St" of "1060 W Addison St, Chicago, IL 60613"); nil when
    /// the whole text matched (a postal code or a leading house number alone does not count as unread).
    public let unmatched: String?
    /// Internal entry number (stable within one data file).
    public let entry: Int
}
