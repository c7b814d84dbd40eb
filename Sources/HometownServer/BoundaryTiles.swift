import HometownBasemap
import HometownBoundaries
import NIOCore
import NIOPosix
import Synchronization

/// The web map's base layer: the bundled boundaries as vector tiles (`GET /hometown/boundaries?z=&x=&y=`).
///
/// The prepared boundaries (`BoundaryMap`) are built on first use, not at start-up, so a server that only speaks
/// the protocol pays nothing for them; loading the web app's page starts building them in the background. A tile
/// is drawn once however many ask for it at the same time, and kept (the boundaries never change while the server
/// runs) within a budget of bytes, least recently used first out. The lakes (`WaterMap`, from `water.bin`) are read
/// at start-up (62 ms in a debug build) and drawn into every tile over the land.
final class BoundaryTiles: Sendable {
    /// Tile size in drawing units (half pixels of a 256-pixel tile).
    static let extent = 512
    /// Deepest zoom served; the bundled 1:10m boundaries hold no more detail long before that.
    static let maxZoom = 18
    /// States' borders are drawn from this zoom on; countries' always.
    static let statesFromZoom = 4

    private let geocoder: ReverseGeocoder
    private let water: WaterMap
    private let map = Mutex<BoundaryMap?>(nil)
    private let tiles: SharedCache<ByteBuffer>
    /// Where tiles are drawn (and the boundaries prepared): off the request handlers' threads.
    private let threads: NIOThreadPool

    init(geocoder: ReverseGeocoder, water: WaterMap, cacheBytes: Int, threads: NIOThreadPool) {
        self.geocoder = geocoder
        self.water = water
        tiles = SharedCache(budget: cacheBytes)
        self.threads = threads
    }

    /// The prepared boundaries, built by the first caller (others wait for it).
    func boundaryMap() throws -> BoundaryMap {
        try map.withLock { m in
            if let m { return m }
            let built = try BoundaryMap(geocoder: geocoder)
            m = built
            return built
        }
    }

    /// Starts building the prepared boundaries in the background, if nobody has.
    func warm() {
        guard map.withLock({ $0 == nil }) else { return }
        Task.detached(priority: .utility) { [self] in
            _ = try? await threads.run(nice: ThreadNice.bulk) { [self] in try boundaryMap() }
        }
    }

    /// The JSON of tile z/x/y (see `BoundaryDrawing.tileJSON`).
    func tile(z: Int, x: Int, y: Int) async throws -> ByteBuffer {
        try await tiles.value("\(z)/\(x)/\(y)", version: 0) { [self] in
            try await threads.run(nice: ThreadNice.bulk) { [self] in
                let frame = try MapFrame.tile(
                    z: z, x: x, y: y, extent: BoundaryTiles.extent, maxZoom: BoundaryTiles.maxZoom)
                var drawing = try boundaryMap().draw(frame, includeStates: z >= BoundaryTiles.statesFromZoom)
                drawing.water = water.draw(frame)
                let bytes = ByteBuffer(bytes: drawing.tileJSON(z: z, x: x, y: y, extent: BoundaryTiles.extent))
                return (bytes, bytes.readableBytes + 128)
            }
        }
    }
}
