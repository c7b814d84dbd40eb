import HometownCore

/// Builds the CLI's JSON text with keys in the documented order; strings and numbers by Core's `JSONWriter`.
struct JSONText {
    private(set) var text = ""

    /// A JSON string literal (Core's `JSONWriter`).
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }

    /// A number as JSON (Core's `JSONWriter.number`): whole values without a fraction, others with up to `digits`
    /// decimals when given.
    static func number(_ v: Double, digits: Int? = nil) -> String { JSONWriter.number(v, digits: digits) }

    /// `{"k": v, ...}` from already-encoded values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quote($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
