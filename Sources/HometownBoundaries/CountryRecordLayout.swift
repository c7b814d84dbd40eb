/// A country's row of `hometown.bin`'s CTRYU32 section: `stride` `UInt32` per country, in country order, texts
/// and aliases as in `StateRecordLayout`. Written by the data builder with `row(...)`, read by `ReverseGeocoder`.
public enum CountryRecordLayout {
    /// Words per country.
    public static let stride = 8
    /// The country's name (offset, length).
    public static let name = 0
    /// Its ISO 3166-1 alpha-2 and alpha-3 codes (offset, length; length 0 when it has none).
    public static let iso2 = 2
    public static let iso3 = 4
    /// Its first alias (an ALIASES row) and how many follow.
    public static let aliasStart = 6
    public static let aliasCount = 7

    /// A country's row.
    public static func row(
        name: (UInt32, UInt32), iso2: (UInt32, UInt32), iso3: (UInt32, UInt32), aliasStart: UInt32,
        aliasCount: UInt32
    ) -> [UInt32] {
        [name.0, name.1, iso2.0, iso2.1, iso3.0, iso3.1, aliasStart, aliasCount]
    }
}
