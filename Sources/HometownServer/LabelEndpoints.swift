import HometownProtocol
import Hummingbird

/// The web map's names: `labels?z=&x=&y=`, the country, state and city names whose boxes meet one XYZ Web
/// Mercator tile (see `LabelTiles`). The parameters are those of `boundaries` and are checked the same way.
/// Names change only with the server's data, so browsers may keep an answer as long as a boundary tile.
struct LabelEndpoints: Sendable {
    let labels: LabelTiles

    /// Adds the endpoint to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/labels") { request, _ in try await tile(request) }
    }

    func tile(_ request: Request) async throws -> Response {
        let t = try TileAddress(query: request.uri.query)
        var r = Replies.json(try await labels.tile(z: t.z, x: t.x, y: t.y))
        r.headers[.cacheControl] = "public, max-age=\(TileEndpoints.maxAgeSeconds)"
        return r
    }
}
