/// A state's row of `hometown.bin`'s STATEU32 section: `stride` `UInt32` per state, in state order. The data
/// builder writes rows with `row(...)`; `ReverseGeocoder` reads them at the offsets named here. A text is two
/// words: its offset and length in STRINGS; aliases are a run of ALIASES rows (two words each: a text).
public enum StateRecordLayout {
    /// Words per state.
    public static let stride = 8
    /// The state's name (offset, length).
    public static let name = 0
    /// Its ISO 3166-2 code (offset, length; length 0 when it has none).
    public static let iso = 2
    /// The number of its country (a CTRYU32 row).
    public static let country = 4
    /// Its first alias (an ALIASES row) and how many follow.
    public static let aliasStart = 5
    public static let aliasCount = 6
    // Word 7 is 0.

    /// A state's row.
    public static func row(
        name: (UInt32, UInt32), iso: (UInt32, UInt32), country: UInt32, aliasStart: UInt32, aliasCount: UInt32
    ) -> [UInt32] {
        [name.0, name.1, iso.0, iso.1, country, aliasStart, aliasCount, 0]
    }
}
