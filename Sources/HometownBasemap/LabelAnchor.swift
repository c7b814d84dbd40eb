/// Where a label's text sits relative to its point. Countries and states are centred on their point; a city's
/// name goes beside its dot, on the first side (in this order) where it meets no label placed before it.
public enum LabelAnchor: Int, Sendable, Hashable, CaseIterable {
    /// Centred on the point (countries, states).
    case center = 0
    /// To the right of the dot, vertically centred.
    case right
    /// To the left of the dot, vertically centred.
    case left
    /// Above the dot, horizontally centred.
    case above
    /// Below the dot, horizontally centred.
    case below

    /// The JSON name: "center", "right", "left", "above", "below".
    public var name: String {
        switch self {
        case .center: return "center"
        case .right: return "right"
        case .left: return "left"
        case .above: return "above"
        case .below: return "below"
        }
    }

    /// The sides tried for a city's name, in order.
    public static let citySides: [LabelAnchor] = [.right, .left, .above, .below]
}
