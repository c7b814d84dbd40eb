/// The web map's two kinds of tile: boundaries and lakes (`GET /hometown/boundaries`), and names
/// (`GET /hometown/labels`). The raw value is the kind's number in `tiles.bin` (`PreparedTilesFile`).
public enum TileKind: UInt32, Sendable, CaseIterable {
    case boundaries = 0
    case labels = 1
}
