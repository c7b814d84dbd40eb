/// An entry's row of `gazetteer.bin`'s ENTRYU32 section: `GazetteerLayout.u32PerEntry` `UInt32` per entry, in entry
/// order (falling population). The gazetteer builder writes rows with `row(...)`; `Gazetteer` reads them at the
/// offsets named here. A text is two words, its offset and length in STRINGS (length 0: none); a link is an entry
/// number, or `GazetteerLayout.none`.
public enum GazetteerEntryLayout {
    /// The words of each field: the entry's `PlaceKind`; its name (a text); its ISO code (a text: ISO 3166-1
    /// alpha-2 for a country, ISO 3166-2 for a state or region); its population (`UInt32.max` at most); its
    /// GeoNames id (0: none); its box's number in BOXES (`GazetteerLayout.none` for a city, whose box follows
    /// from its population). The links are at `Link`'s words.
    public static let kind = 0, name = 1, code = 6, population = 8, geonameID = 9, box = 10

    /// The entries an entry links to, each at its word of the row.
    public enum Link: Int, CaseIterable, Sendable {
        /// Its country (a country's own entry for a country).
        case country = 3
        /// Its state (a state's own entry for a state).
        case state = 4
        /// The region that holds it.
        case region = 5
        /// The country its ISO 3166-2 code falls under, when that is another (France for Réunion and the places
        /// in it).
        case sovereign = 11
    }

    /// An entry's row.
    public static func row(
        kind: PlaceKind, name: (UInt32, UInt32), country: UInt32, state: UInt32, region: UInt32,
        code: (UInt32, UInt32), population: UInt32, geonameID: UInt32, box: UInt32, sovereign: UInt32
    ) -> [UInt32] {
        var r = [UInt32](repeating: 0, count: GazetteerLayout.u32PerEntry)
        r[Self.kind] = kind.rawValue
        (r[Self.name], r[Self.name + 1]) = name
        r[Link.country.rawValue] = country
        r[Link.state.rawValue] = state
        r[Link.region.rawValue] = region
        (r[Self.code], r[Self.code + 1]) = code
        r[Self.population] = population
        r[Self.geonameID] = geonameID
        r[Self.box] = box
        r[Link.sovereign.rawValue] = sovereign
        return r
    }
}
