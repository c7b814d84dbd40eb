/// A name placed on the map at one zoom by `LabelPlacer`. Its boxes are in CSS pixels relative to its point,
/// so they hold at that zoom and at every deeper one (where points only move apart).
public struct MapLabel: Hashable, Sendable {
    /// The candidate's id ("country:N", "state:N", "city:N").
    public let id: String
    public let kind: LabelKind
    public let name: String
    /// The point in degrees.
    public let latitude: Double
    public let longitude: Double
    /// Order of placement at its zoom (0 first): a label never gives way to one of a higher rank.
    public let rank: Int
    /// Font size in pixels, and weight.
    public let fontSize: Double
    public let bold: Bool
    public let anchor: LabelAnchor
    /// Where the text goes (its estimated extent), relative to the point.
    public let text: PixelBox
    /// The point in pixels from the world's top-left corner at the placement's zoom (256-pixel tiles).
    public let x: Double
    public let y: Double

    public init(
        id: String, kind: LabelKind, name: String, latitude: Double, longitude: Double, rank: Int,
        fontSize: Double, bold: Bool, anchor: LabelAnchor, text: PixelBox, x: Double, y: Double
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.rank = rank
        self.fontSize = fontSize
        self.bold = bold
        self.anchor = anchor
        self.text = text
        self.x = x
        self.y = y
    }

    /// Whether a dot marks the point (cities).
    public var hasDot: Bool { kind == .city }

    /// Everything the label covers, relative to its point: the text and, for a city, its dot of `dotRadius`.
    public func footprint(dotRadius: Double) -> PixelBox {
        guard hasDot else { return text }
        return text.union(PixelBox(minX: -dotRadius, minY: -dotRadius, maxX: dotRadius, maxY: dotRadius))
    }
}
