import HometownBasemap
import HometownTiles
import NIOCore
import NIOPosix

/// The web map's names: countries, states and cities placed per zoom (`LabelPlacer`, for the whole world at
/// once, so that tiles agree), served a tile at a time (`GET /hometown/labels?z=&x=&y=`).
///
/// The catalog of names is built on first use, in the server's spelling (`TileDrawer.labelCatalog`). A zoom's
/// placement is computed once however many ask for it at the same time, in a turn of the expensive-work limiter
/// on the bulk threads, and kept (names never change while the server runs) within `--label-cache-mb`, least
/// recently used first out. Zooms deeper than `LabelRules.maxZoom` are answered from that zoom's placement. Tiles
/// drawn ahead (`PreparedTiles`, from `tiles.bin`) are served first, and their zooms are never placed at start.
final class LabelTiles: Sendable {
    private let drawer: TileDrawer
    private let placements: SharedCache<LabelPlacement>
    private let expensive: WorkLimiter
    private let threads: NIOThreadPool
    private let prepared: PreparedTiles

    init(
        drawer: TileDrawer, cacheBytes: Int, expensive: WorkLimiter, threads: NIOThreadPool,
        prepared: PreparedTiles = .none
    ) {
        self.prepared = prepared
        self.drawer = drawer
        placements = SharedCache(budget: cacheBytes)
        self.expensive = expensive
        self.threads = threads
    }

    /// The placement at `zoom` (that of `TileDrawer.placementZoom(zoom)`).
    func placement(zoom: Int) async throws -> LabelPlacement {
        let z = drawer.placementZoom(zoom)
        return try await placements.value("\(z)", version: 0) { [self] in
            try await expensive.run {
                try await threads.run(nice: ThreadNice.bulk) { [drawer] in
                    let p = drawer.placement(zoom: z)
                    return (p, p.approximateBytes)
                }
            }
        }
    }

    /// Places the names of zooms 0 to `zooms` - 1 whose tiles were not all drawn ahead, one zoom at a time (each in
    /// a turn of the limiter), keeping the placements as any is kept.
    func prepare(zooms: Int) async throws {
        for z in 0..<min(max(zooms, 0), drawer.rules.maxZoom + 1) where !prepared.covers(.labels, zoom: z) {
            _ = try await placement(zoom: z)
        }
    }

    /// Tile z/x/y: drawn ahead (with its gzip form), or made from its zoom's placement (compressed, if at all, as
    /// any answer is: the tiles are small).
    func tile(z: Int, x: Int, y: Int) async throws -> TileAnswer {
        if let ready = prepared.tile(.labels, z: z, x: x, y: y) { return ready }
        return TileAnswer(uncompressed: TileDrawer.labelTile(try await placement(zoom: z), z: z, x: x, y: y))
    }
}
