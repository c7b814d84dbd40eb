/// What the protocol needs of a server's vocabulary: the served name for a spelling of a country or state.
/// `HometownVocabulary.Vocabulary` conforms (from the bundled data); the protocol itself knows no geography.
public protocol ServedNames: Sendable {
    /// The served country name for a spelling ("usa", "US", "United States of America" -> "USA").
    /// - Throws: `ProtocolError.unsupportedCountry` naming the served countries.
    func servedCountry(_ text: String) throws(ProtocolError) -> String

    /// The served state name of the served country `country` for a spelling ("MN", "US-MN" -> "Minnesota").
    /// - Throws: `ProtocolError.unsupportedState`.
    func servedState(_ text: String, inCountry country: String) throws(ProtocolError) -> String

    /// The served state names a spelling stands for in any served country (one in nearly every case; "Punjab"
    /// is two with India and Pakistan).
    /// - Throws: `ProtocolError.unsupportedState` when it names no served state.
    func servedStatesAnywhere(_ text: String) throws(ProtocolError) -> [String]
}
