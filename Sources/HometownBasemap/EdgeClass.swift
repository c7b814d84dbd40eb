/// What a boundary edge separates, which decides how (and whether) it is drawn.
public enum EdgeClass: UInt8, Sendable, CaseIterable {
    /// Land on one side, sea (no state) on the other.
    case coast = 0
    /// Two states of different countries.
    case border = 1
    /// Two states of the same country.
    case state = 2
    /// Not a real boundary: an edge along the antimeridian (a polygon cut at 180°) or along the Mercator
    /// limit of ±85.05°, where polar land is cut off. Filled, never stroked.
    case hidden = 3
}
