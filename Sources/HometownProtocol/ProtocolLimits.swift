/// The limits the server enforces and the client checks before sending.
public enum ProtocolLimits {
    /// Largest accepted request body, in bytes.
    public static let maxBodyBytes = 16 * 1024
    /// Longest accepted string value (nickname, password, country, state, city), in characters.
    public static let maxStringCharacters = 100
    /// Longest accepted string value in bytes of UTF-8. 400 = 100 characters of 4 bytes, the longest one code
    /// point takes, so no string of ordinary characters within `maxStringCharacters` reaches it; it stops what
    /// a count of characters lets through (one "character" of thousands of stacked combining marks) and bounds the
    /// work and storage per value.
    public static let maxStringBytes = 400
    /// Most combining marks (general categories Mn, Mc, Me) on one character of a nickname, counted in canonical
    /// decomposition. Vietnamese needs 2 (ệ), pointed Hebrew and Indic conjuncts 3 or 4; more is stacking
    /// ("Zalgo" text) that draws over its neighbours.
    public static let maxNicknameMarksPerCharacter = 4
    /// Shortest accepted password, in characters.
    public static let minPasswordCharacters = 3
    /// Page size when `page` is given without `pagesize`.
    public static let defaultPageSize = 25
    /// Largest accepted `pagesize`.
    public static let maxPageSize = 1000
    /// The keys of a POST adduser body, in the protocol's order.
    public static let postKeys = PostField.allCases.map(\.rawValue)
    /// The earliest start year the original server accepted, and this one's default.
    public static let defaultMinYear = 1970
}
