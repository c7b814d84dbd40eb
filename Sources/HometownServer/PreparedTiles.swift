import HometownTiles

/// The web map's tiles drawn ahead (`tiles.bin`, see `PreparedTilesFile`), held in memory with their gzip forms
/// and served before any tile is drawn: the boundary tiles only when drawn from the same `hometown.bin` and
/// `water.bin` as the server's, the name tiles only when drawn from the same boundaries, gazetteer and names
/// (`TileSources`). Immutable; about 0.9 MB for zooms 0-2.
final class PreparedTiles: Sendable {
    struct Key: Hashable, Sendable {
        let kind: TileKind
        let z: Int
        let x: Int
        let y: Int
    }

    private let tiles: [Key: TileAnswer]
    /// Per kind: zooms 0 to this - 1 are all here (0: none).
    private let zooms: [TileKind: Int]

    /// No tile drawn ahead.
    static let none = PreparedTiles(tiles: [:], zooms: [:])

    private init(tiles: [Key: TileAnswer], zooms: [TileKind: Int]) {
        self.tiles = tiles
        self.zooms = zooms
    }

    /// The tile `kind` z/x/y, if drawn ahead.
    func tile(_ kind: TileKind, z: Int, x: Int, y: Int) -> TileAnswer? { tiles[Key(kind: kind, z: z, x: x, y: y)] }

    /// Whether every tile of `kind` at `zoom` is here.
    func covers(_ kind: TileKind, zoom: Int) -> Bool { zoom < zooms[kind, default: 0] }

    /// Tiles held, and the bytes of their JSON and gzip forms.
    var usage: (tiles: Int, bytes: Int) { (tiles.count, tiles.values.reduce(0) { $0 + $1.bytes }) }

    /// The tiles of the file at `path` that were drawn from `sources`, and why any kind was left out.
    /// - Throws: `BoundariesError` when the file cannot be read or is damaged (see `PreparedTilesFile.read`).
    static func load(path: String, sources: TileSources) throws -> (tiles: PreparedTiles, leftOut: [String]) {
        let (metadata, entries) = try PreparedTilesFile.read(path: path)
        var usable: [TileKind: Bool] = [:]
        var leftOut: [String] = []
        usable[.boundaries] = metadata.sources.sameBoundaries(as: sources)
        if usable[.boundaries] == false {
            leftOut.append("its boundary tiles were drawn from another hometown.bin or water.bin")
        }
        usable[.labels] = metadata.sources.sameNames(as: sources)
        if usable[.labels] == false {
            leftOut.append("its name tiles were drawn from other data or other names (another --countries?)")
        }
        var tiles: [Key: TileAnswer] = [:]
        var zooms: [TileKind: Int] = [:]
        for e in entries where usable[e.kind] == true {
            tiles[Key(kind: e.kind, z: e.z, x: e.x, y: e.y)] = TileAnswer(plain: e.plain, storedGzip: e.gzip)
        }
        for kind in TileKind.allCases where usable[kind] == true {
            var z = 0
            while z <= TileDrawer.maxZoom,
                (0..<(1 << z)).allSatisfy({ x in
                    (0..<(1 << z)).allSatisfy { tiles[Key(kind: kind, z: z, x: x, y: $0)] != nil }
                })
            {
                z += 1
            }
            zooms[kind] = z
        }
        return (PreparedTiles(tiles: tiles, zooms: zooms), leftOut)
    }
}
