import HometownTiles
import NIOCore
import NIOPosix
import Synchronization

/// The web map's base layer: the bundled boundaries as vector tiles (`GET /hometown/boundaries?z=&x=&y=`).
///
/// Tiles are drawn by `TileDrawer`. Its prepared boundaries (`BoundaryMap`) are built in the background once the
/// server listens, with the tiles of the first zooms (`prepare(zooms:)`, `--prepare-map-zooms`), so that the web
/// app's first tiles are ready; with `--prepare-map-zooms 0` they are built on first use (loading the web app's
/// page starts that too). A tile is drawn once however many ask for it at the same time, and kept (the boundaries
/// never change while the server runs) within a budget of bytes, least recently used first out. A tile is kept
/// with its gzip form (`TileAnswer`), made once when it is drawn. Tiles drawn ahead (`PreparedTiles`, from
/// `tiles.bin`) are served before any of this: the web app's first view needs no drawing at all.
final class BoundaryTiles: Sendable {
    private let drawer: TileDrawer
    /// Whether building the prepared boundaries has been started by `warm()` or `prepare(zooms:)` (read without
    /// waiting for the build, which holds the drawer's lock).
    private let started = Atomic<Bool>(false)
    private let tiles: SharedCache<TileAnswer>
    private let prepared: PreparedTiles
    /// Where tiles are drawn (and the boundaries prepared): off the request handlers' threads.
    private let threads: NIOThreadPool

    init(drawer: TileDrawer, cacheBytes: Int, threads: NIOThreadPool, prepared: PreparedTiles = .none) {
        self.drawer = drawer
        self.prepared = prepared
        tiles = SharedCache(budget: cacheBytes)
        self.threads = threads
    }

    /// Ends a build of the prepared boundaries under way, and any later one, at its next step (shutdown), instead
    /// of keeping the bulk threads, which shutdown waits for, busy for a second or more.
    func stop() { drawer.stop() }

    /// Starts building the prepared boundaries in the background, if nobody has; returns at once.
    func warm() {
        guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        Task.detached(priority: .utility) { [self] in
            _ = try? await threads.run(nice: ThreadNice.bulk) { [drawer] in try drawer.boundaryMap() }
        }
    }

    /// Builds the prepared boundaries and draws every tile of zooms 0 to `zooms` - 1 (1 + 4 + 16 tiles for 3) not
    /// drawn ahead, one at a time on the bulk threads, keeping them as any drawn tile is kept.
    func prepare(zooms: Int) async throws {
        guard zooms > 0 else { return }
        started.store(true, ordering: .relaxed)
        _ = try await threads.run(nice: ThreadNice.bulk) { [drawer] in try drawer.boundaryMap() }
        for z in 0..<min(zooms, TileDrawer.maxZoom + 1) {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) { _ = try await tile(z: z, x: x, y: y) }
            }
        }
    }

    /// Tile z/x/y: drawn ahead, kept, or drawn now on the bulk threads (see the type's description).
    func tile(z: Int, x: Int, y: Int) async throws -> TileAnswer {
        if let ready = prepared.tile(.boundaries, z: z, x: x, y: y) { return ready }
        return try await tiles.value("\(z)/\(x)/\(y)", version: 0) { [self] in
            try await threads.run(nice: ThreadNice.bulk) { [drawer] in
                let answer = try TileAnswer(plain: drawer.boundaryTile(z: z, x: x, y: y))
                return (answer, answer.bytes)
            }
        }
    }
}
