/// Where a server takes the web map's tiles drawn ahead from (`ServerConfiguration.preparedTiles`,
/// `--prepared-tiles`).
public enum PreparedTilesChoice: Sendable, Equatable {
    /// `tiles.bin` beside `hometown.bin`, when it is there (a server without it draws its first tiles after start).
    case beside
    /// This file, which must be readable (the server does not start otherwise).
    case file(String)
    /// None: every tile is drawn by the server.
    case none
}
