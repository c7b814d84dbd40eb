import HometownClustering
import HometownCore
import HometownProtocol
import HometownStore
import HometownViewport
import Hummingbird
import NIOCore

/// The web map's endpoints over the users with a point: `clusters` (GeoJSON clusters and single users in a box at
/// a zoom) and `region` (the view that fits the matching users), both filtered like GET users.
///
/// Both are answered from a cluster index of the matching users, kept per filter and data version within
/// `--cluster-cache-mb`, built once however many ask at the same time, and only in a turn of the expensive-work
/// limiter, on the bulk threads. A `clusters` answer is a range search of one zoom level of the index (about a
/// millisecond for a few thousand features); its bytes are kept per filter, box, level and data version within
/// `--cluster-answer-cache-mb` and shared by the requests that ask for the same view. An answer of more than
/// `largeAnswerItems` features is written in a turn of the limiter too. A build or an answer being written stops
/// once no client waits for it any more (each has gone, or the server closed its connection at the shutdown
/// deadline).
struct MapEndpoints: Sendable {
    let state: ServerState
    /// Cluster indexes per filter and data version, bounded in bytes, each built once.
    let clusterIndexes: SharedCache<MarkerViews.Indexed>
    /// `clusters` answers per filter, box, level and data version, bounded in bytes, each written once.
    let clusterAnswers: SharedCache<ByteBuffer>

    /// The box `clusters` shows without `bbox`: the whole world, in degrees, poles included (a user beyond
    /// Web Mercator's ±85.0511 is drawn on the map's edge, and counted as every other).
    static let world = BoundingBox(uncheckedWest: -180, south: -90, east: 180, north: 90)
    /// The pixel range of `region`'s `width`, `height` and `padding`.
    static let pixels = 0.0...100_000
    /// Answers of more features than this are written on the bulk threads, in a turn of the expensive-work
    /// limiter; smaller ones (well under a millisecond) at once.
    static let largeAnswerItems = 2_000

    init(state: ServerState, indexCacheBytes: Int, answerCacheBytes: Int) {
        self.state = state
        clusterIndexes = SharedCache(budget: indexCacheBytes)
        clusterAnswers = SharedCache(budget: answerCacheBytes)
    }

    /// Adds the endpoints to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/clusters") { request, context in
            try await clusters(request, wanted: context.clientIsThere)
        }
        router.getAndHead("/hometown/region") { request, context in
            try await region(request, wanted: context.clientIsThere)
        }
    }

    func clusters(_ request: Request, wanted: @escaping @Sendable () -> Bool) async throws -> Response {
        let p = try QueryParameters(request.uri.query, allowed: UsersQuery.filterParameters + ["zoom", "bbox"])
        let filters = try UsersQuery.parse(
            p.items(named: UsersQuery.filterParameters), vocabulary: state.vocabulary,
            paging: false)
        let zoom = try p.requiredNumber("zoom", range: 0...24)
        let bbox = try p.bbox() ?? Self.world
        let snapshot = state.view.snapshot
        return try await state.delivery.tagged(version: snapshot.version, request) {
            let indexed = try await clusterIndex(filters, at: snapshot, wanted: wanted)
            let level = indexed.index.levelIndex(zoom)
            let key = "\(filters)|\(bbox.west),\(bbox.south),\(bbox.east),\(bbox.north)|\(level)"
            let answer = try await clusterAnswers.value(key, version: snapshot.version, wanted: wanted) { unwanted in
                let items = try indexed.items(in: bbox, zoom: zoom)
                let buffer =
                    items.count <= Self.largeAnswerItems
                    ? try indexed.features(items, shouldStop: unwanted)
                    : try await expensiveWork { try indexed.features(items, shouldStop: unwanted) }
                // The bytes written: the buffer's capacity is rounded up to a power of two, but the pages
                // past what was written are never touched, so they take no memory.
                return (buffer, buffer.readableBytes + 256)
            }
            return Replies.json(answer)
        }
    }

    func region(_ request: Request, wanted: @escaping @Sendable () -> Bool) async throws -> Response {
        let viewKeys = ["width", "height", "padding"]
        let p = try QueryParameters(request.uri.query, allowed: UsersQuery.filterParameters + viewKeys)
        let filters = try UsersQuery.parse(
            p.items(named: UsersQuery.filterParameters), vocabulary: state.vocabulary,
            paging: false)
        // One rule for a side, whether it is refused for its range or for being 0.
        let side = "more than 0 and at most 100000 pixels"
        let width = try p.requiredNumber("width", range: Self.pixels, rule: side)
        let height = try p.requiredNumber("height", range: Self.pixels, rule: side)
        let padding = try p.number("padding", range: Self.pixels, rule: "from 0 to 100000 pixels") ?? 0
        guard width > 2 * padding, height > 2 * padding else {
            // Without padding the side that is 0 is at fault; with it, the padding.
            if padding > 0 {
                throw ProtocolError.outOfRange(field: "padding", rule: "less than half the width and the height")
            }
            throw ProtocolError.outOfRange(field: width > 0 ? "height" : "width", rule: side)
        }
        let snapshot = state.view.snapshot
        return try await state.delivery.tagged(version: snapshot.version, request) {
            let indexed = try await clusterIndex(filters, at: snapshot, wanted: wanted)
            guard !indexed.coordinates.isEmpty else {
                return Replies.error(
                    "no user with a point matches these filters, so there is no region to fit",
                    code: .noRegion, status: .notFound)
            }
            let region = try await expensiveWork {
                try RegionFitter.fit(indexed.coordinates, in: Viewport(width: width, height: height, padding: padding))
            }
            return try Replies.json(encoding: region)
        }
    }

    /// The cluster index of the users matching `filters` as of `snapshot` (see the type's description).
    private func clusterIndex(
        _ filters: UsersQuery, at snapshot: UserView.Snapshot, wanted: @escaping @Sendable () -> Bool
    ) async throws -> MarkerViews.Indexed {
        let view = state.view
        return try await clusterIndexes.value("\(filters)", version: snapshot.version, wanted: wanted) { unwanted in
            try await expensiveWork {
                if unwanted() { throw CancellationError() }
                let indexed = try MarkerViews.Indexed(
                    points: view.points(filters, at: snapshot), view: view, shouldStop: unwanted)
                return (indexed, indexed.approximateBytes)
            }
        }
    }

    /// `body` in a turn of the expensive-work limiter, on the bulk threads.
    private func expensiveWork<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let bulk = state.bulk
        return try await state.expensive.run { try await bulk.run(nice: ThreadNice.bulk, body) }
    }
}
