import HometownBasemap
import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownVocabulary
import NIOCore
import Synchronization

/// How the web map's tiles are drawn from the bundled data, the one owner of it: the server draws with it on
/// demand (and keeps what it drew), `hometown prepare-tiles` draws the first zooms ahead into `tiles.bin`.
///
/// Boundary tiles (XYZ Web Mercator, `extent` drawing units a side) come from the prepared boundaries
/// (`BoundaryMap`, about 0.7 s of work in a release build) and the lakes; name tiles from one placement of the
/// whole world's names per zoom (`LabelPlacer`, in the served names' spelling), so that tiles agree. The prepared
/// boundaries and the catalog of names are built by the first caller that needs them (others wait for it).
/// Nothing here is cached beyond those two, and every call works on the caller's thread.
public final class TileDrawer: Sendable {
    /// Tile size in drawing units (half pixels of a 256-pixel tile).
    public static let extent = 512
    /// Deepest zoom drawn; the bundled 1:10m boundaries hold no more detail long before that.
    public static let maxZoom = 18
    /// States' borders are drawn from this zoom on; countries' always.
    public static let statesFromZoom = 4

    /// The rules names are placed by; zooms deeper than `rules.maxZoom` take that zoom's placement.
    public let rules = LabelRules()
    private let geocoder: ReverseGeocoder
    private let gazetteer: Gazetteer
    private let water: WaterMap
    private let vocabulary: Vocabulary
    private let map = Locked<BoundaryMap?>(nil)
    private let catalog = Locked<LabelCatalog?>(nil)
    /// Set by `stop()`: a build of the prepared boundaries under way ends (`BasemapError.stopped`).
    private let stopping = Atomic<Bool>(false)

    public init(geocoder: ReverseGeocoder, gazetteer: Gazetteer, water: WaterMap, vocabulary: Vocabulary) {
        self.geocoder = geocoder
        self.gazetteer = gazetteer
        self.water = water
        self.vocabulary = vocabulary
    }

    /// A drawer of `data`.
    public convenience init(_ data: BundledData) {
        self.init(geocoder: data.geocoder, gazetteer: data.gazetteer, water: data.water, vocabulary: data.vocabulary)
    }

    /// Ends a build of the prepared boundaries under way, and any later one, at its next step (a server's
    /// shutdown, which would otherwise wait a second or more for it).
    public func stop() { stopping.store(true, ordering: .relaxed) }

    /// The prepared boundaries, built by the first caller (others wait for it).
    /// - Throws: `BasemapError.stopped` after `stop()`.
    public func boundaryMap() throws -> BoundaryMap {
        try map.withLock { m in
            if let m { return m }
            let built = try BoundaryMap(geocoder: geocoder) { [self] in stopping.load(ordering: .relaxed) }
            m = built
            return built
        }
    }

    /// The JSON of boundary tile z/x/y (see `BoundaryDrawing.tileJSON`): countries' borders, states' from
    /// `statesFromZoom`, and the lakes over the land.
    /// - Throws: when `z`, `x` or `y` name no tile (`MapFrame.tile`), or `BasemapError.stopped`.
    public func boundaryTile(z: Int, x: Int, y: Int) throws -> ByteBuffer {
        let frame = try MapFrame.tile(z: z, x: x, y: y, extent: Self.extent, maxZoom: Self.maxZoom)
        var drawing = try boundaryMap().draw(frame, includeStates: z >= Self.statesFromZoom)
        drawing.water = water.draw(frame)
        return ByteBuffer(bytes: drawing.tileJSON(z: z, x: x, y: y, extent: Self.extent))
    }

    /// The names to place, in the served names' spelling (`Vocabulary.mapNames`), built by the first caller.
    public func labelCatalog() -> LabelCatalog {
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

    /// The zoom whose placement a tile of `zoom` is made from.
    public func placementZoom(_ zoom: Int) -> Int { min(zoom, rules.maxZoom) }

    /// The whole world's names placed at `placementZoom(zoom)`: seconds of work at the deepest zooms.
    public func placement(zoom: Int) -> LabelPlacement {
        LabelPlacer.place(labelCatalog(), zoom: placementZoom(zoom), rules: rules)
    }

    /// The JSON of name tile z/x/y cut from `placement`, the placement of its zoom (see
    /// `LabelPlacement.tileJSON`).
    public static func labelTile(_ placement: LabelPlacement, z: Int, x: Int, y: Int) -> ByteBuffer {
        ByteBuffer(bytes: placement.tileJSON(z: z, x: x, y: y))
    }
}
