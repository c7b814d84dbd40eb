import HometownProtocol
import Hummingbird

/// The web map's tiles, each one XYZ Web Mercator tile (`TileAddress`): `boundaries?z=&x=&y=`, the bundled
/// boundaries and lakes (see `BoundaryTiles`), and `labels?z=&x=&y=`, the country, state and city names whose
/// boxes meet the tile (see `LabelTiles`). Both change only with the server's data, so browsers may keep them
/// for a day. A tile kept with its gzip form (`TileAnswer`) goes out in it to a client that accepts gzip, without
/// compressing anything per request (unless `--max-compressing 0` turned compression off).
struct TileEndpoints: Sendable {
    let tiles: BoundaryTiles
    let labels: LabelTiles
    let delivery: AnswerDelivery

    /// How long a browser may keep a tile, in seconds.
    static let maxAgeSeconds = 86_400

    /// Adds the endpoints to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/boundaries") { request, _ in
            try await answer(request) { try await tiles.tile(z: $0.z, x: $0.x, y: $0.y) }
        }
        router.getAndHead("/hometown/labels") { request, _ in
            try await answer(request) { try await labels.tile(z: $0.z, x: $0.x, y: $0.y) }
        }
    }

    /// The tile the request names, with the cache header every tile answer carries: its gzip form when it has one
    /// and the client takes it; else its JSON (which `AnswerDelivery.finish` may still compress).
    private func answer(_ request: Request, _ body: (TileAddress) async throws -> TileAnswer) async throws -> Response {
        let tile = try await body(TileAddress(query: request.uri.query))
        var r = Replies.json(tile.plain)
        if let gzip = tile.gzip, delivery.sendsKeptGzip(request.headers) {
            r.body = ResponseBody(byteBuffer: gzip)
            r.headers[.contentEncoding] = "gzip"
        }
        r.headers[.cacheControl] = "public, max-age=\(Self.maxAgeSeconds)"
        return r
    }
}
