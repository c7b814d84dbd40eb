import HometownProtocol

/// A small vocabulary for the post-body target (the real one needs the bundled data): countries and their
/// states, found by exact name or, for countries, by a code; anything else is refused as the protocol refuses it.
struct FixedNames: ServedNames {
    static let states = ["USA": ["Minnesota", "Texas"], "Canada": ["Ontario"], "India": ["Punjab"]]
    static let codes = ["US": "USA", "CA": "Canada", "IN": "India"]

    func servedCountry(_ text: String) throws(ProtocolError) -> String {
        if FixedNames.states[text] != nil { return text }
        if let c = FixedNames.codes[text] { return c }
        throw .unsupportedCountry(given: text, supported: FixedNames.states.keys.sorted())
    }

    func servedState(_ text: String, inCountry country: String) throws(ProtocolError) -> String {
        guard FixedNames.states[country]?.contains(text) == true else {
            throw .unsupportedState(given: text, country: country, suggestion: nil)
        }
        return text
    }

    func servedStatesAnywhere(_ text: String) throws(ProtocolError) -> [String] {
        let found = FixedNames.states.values.filter { $0.contains(text) }.map { _ in text }
        guard !found.isEmpty else { throw .unsupportedState(given: text, country: "", suggestion: nil) }
        return found
    }
}
