/// What a map label names. The cases are in priority order: every country placed at a zoom comes before every
/// state, and every state before every city but the capitals, which go before the states
/// (`LabelCandidate.before`).
public enum LabelKind: Int, Sendable, Hashable, Comparable, CaseIterable {
    case country = 0
    case state = 1
    case city = 2

    /// The JSON and CSS name: "country", "state", "city".
    public var name: String {
        switch self {
        case .country: return "country"
        case .state: return "state"
        case .city: return "city"
        }
    }

    public static func < (a: LabelKind, b: LabelKind) -> Bool { a.rawValue < b.rawValue }
}
