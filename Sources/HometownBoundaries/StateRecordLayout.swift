/// A state's row of `hometown.bin`'s STATEU32 section: `stride` `UInt32` per state, in state order. The data
/// builder writes rows with `row(...)`; `ReverseGeocoder` reads them at the offsets named here. A text is two
/// words, its offset and length in STRINGS (length 0: none); aliases are a run of ALIASES rows (a text each).
public enum StateRecordLayout {
    /// Words per state (the last one is 0).
    public static let stride = 8
    /// The words of each field: the name (a text), the ISO 3166-2 code (a text), the number of its country (a
    /// CTRYU32 row), its first alias (an ALIASES row) and how many aliases follow it.
    public static let name = 0, iso = 2, country = 4, aliasStart = 5, aliasCount = 6

    /// A state's row.
    public static func row(
        name: (UInt32, UInt32), iso: (UInt32, UInt32), country: UInt32, aliasStart: UInt32, aliasCount: UInt32
    ) -> [UInt32] {
        [name.0, name.1, iso.0, iso.1, country, aliasStart, aliasCount, 0]
    }
}
