/// A country's row of `hometown.bin`'s CTRYU32 section: `stride` `UInt32` per country, in country order, texts
/// and aliases as in `StateRecordLayout`. Written by the data builder with `row(...)`, read by `ReverseGeocoder`.
public enum CountryRecordLayout {
    /// Words per country.
    public static let stride = 8
    /// The words of each field: the name, the ISO 3166-1 alpha-2 and alpha-3 codes (texts), the first alias (an
    /// ALIASES row) and how many aliases follow it.
    public static let name = 0, iso2 = 2, iso3 = 4, aliasStart = 6, aliasCount = 7

    /// A country's row.
    public static func row(
        name: (UInt32, UInt32), iso2: (UInt32, UInt32), iso3: (UInt32, UInt32), aliasStart: UInt32,
        aliasCount: UInt32
    ) -> [UInt32] {
        [name.0, name.1, iso2.0, iso2.1, iso3.0, iso3.1, aliasStart, aliasCount]
    }
}
