import HometownProtocol
import Hummingbird

/// The web map's base layer: `boundaries?z=&x=&y=`, one XYZ Web Mercator tile of the bundled boundaries (see
/// `BoundaryTiles`). Tiles change only with the server's data, so browsers may keep them for a day.
struct TileEndpoints: Sendable {
    let tiles: BoundaryTiles

    /// How long a browser may keep a tile, in seconds.
    static let maxAgeSeconds = 86_400

    /// Adds the endpoint to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/boundaries") { request, _ in try await boundaries(request) }
    }

    func boundaries(_ request: Request) async throws -> Response {
        let t = try TileAddress(query: request.uri.query)
        var r = Replies.json(try await tiles.tile(z: t.z, x: t.x, y: t.y))
        r.headers[.cacheControl] = "public, max-age=\(Self.maxAgeSeconds)"
        return r
    }
}
