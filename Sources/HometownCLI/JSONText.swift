import HometownCore

/// Builds JSON text by hand, so keys keep the documented order and start-up needs no encoder.
struct JSONText {
    private(set) var text = ""

    static func quote(_ s: String) -> String { JSONValue.quoted(s) }

    /// A number as JSON: whole values without a fraction, others with up to `digits` decimals.
    static func number(_ v: Double, digits: Int? = nil) -> String {
        guard v.isFinite else { return "null" }
        var x = v
        if let d = digits {
            var scale = 1.0
            for _ in 0..<d { scale *= 10 }
            x = (v * scale).rounded() / scale
        }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// `{"k": v, ...}` from already-encoded values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quote($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
