import HometownBasemap
import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownVocabulary
import NIOCore
import NIOPosix

/// The web map's names: countries, states and cities placed per zoom (`LabelPlacer`, for the whole world at
/// once, so that tiles agree), served a tile at a time (`GET /hometown/labels?z=&x=&y=`).
///
/// The catalog of names is built on first use, in the server's spelling (`Vocabulary.mapNames`). A zoom's
/// placement is computed once however many ask for it at the same time, in a turn of the expensive-work limiter
/// on the bulk threads, and kept (names never change while the server runs) within `--label-cache-mb`, least
/// recently used first out. Zooms deeper than `LabelRules.maxZoom` are answered from that zoom's placement. Tiles
/// drawn ahead (`PreparedTiles`, from `tiles.bin`) are served first, and their zooms are never placed at start.
final class LabelTiles: Sendable {
    let rules = LabelRules()
    private let geocoder: ReverseGeocoder
    private let gazetteer: Gazetteer
    private let vocabulary: Vocabulary
    private let catalog = Locked<LabelCatalog?>(nil)
    private let placements: SharedCache<LabelPlacement>
    private let expensive: WorkLimiter
    private let threads: NIOThreadPool
    private let prepared: PreparedTiles

    init(
        geocoder: ReverseGeocoder, gazetteer: Gazetteer, vocabulary: Vocabulary, cacheBytes: Int,
        expensive: WorkLimiter, threads: NIOThreadPool, prepared: PreparedTiles = .none
    ) {
        self.prepared = prepared
        self.geocoder = geocoder
        self.gazetteer = gazetteer
        self.vocabulary = vocabulary
        placements = SharedCache(budget: cacheBytes)
        self.expensive = expensive
        self.threads = threads
    }

    /// The names to place, built by the first caller (others wait for it).
    func labelCatalog() -> LabelCatalog {
        catalog.withLock { c in
            if let c { return c }
            let names = vocabulary.mapNames(geocoder: geocoder)
            let minimum = rules.cityMinimumPopulation.compactMap { $0 }.min() ?? 0
            let built = LabelCatalog(
                geocoder: geocoder, cities: gazetteer.cities(minimumPopulation: minimum),
                countryNames: names.countries, stateNames: names.states)
            c = built
            return built
        }
    }

    /// The placement at `zoom` (at most `rules.maxZoom`).
    func placement(zoom: Int) async throws -> LabelPlacement {
        let z = min(zoom, rules.maxZoom)
        return try await placements.value("\(z)", version: 0) { [self] in
            try await expensive.run {
                try await threads.run(nice: ThreadNice.bulk) { [self] in
                    let p = LabelPlacer.place(labelCatalog(), zoom: z, rules: rules)
                    return (p, p.approximateBytes)
                }
            }
        }
    }

    /// Places the names of zooms 0 to `zooms` - 1 whose tiles were not all drawn ahead, one zoom at a time (each in
    /// a turn of the limiter), keeping the placements as any is kept.
    func prepare(zooms: Int) async throws {
        for z in 0..<min(max(zooms, 0), rules.maxZoom + 1) where !prepared.covers(.labels, zoom: z) {
            _ = try await placement(zoom: z)
        }
    }

    /// Tile z/x/y: drawn ahead (with its gzip form), or made from its zoom's placement (compressed, if at all, as
    /// any answer is: the tiles are small).
    func tile(z: Int, x: Int, y: Int) async throws -> TileAnswer {
        if let ready = prepared.tile(.labels, z: z, x: x, y: y) { return ready }
        return TileAnswer(uncompressed: try await draw(z: z, x: x, y: y))
    }

    /// The JSON of tile z/x/y made now (see `LabelPlacement.tileJSON`); what `tile` sends and `hometown
    /// prepare-tiles` stores.
    func draw(z: Int, x: Int, y: Int) async throws -> ByteBuffer {
        let p = try await placement(zoom: z)
        return ByteBuffer(bytes: p.tileJSON(z: z, x: x, y: y))
    }
}
