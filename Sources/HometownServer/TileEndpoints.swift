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
        let p = try QueryParameters(request.uri.query, allowed: ["z", "x", "y"])
        let z = try p.requiredInteger("z", range: 0...BoundaryTiles.maxZoom)
        let n = 1 << z
        let rule = "from 0 to \(n - 1) at zoom \(z)"
        let x = try p.requiredInteger("x", range: 0...(n - 1), rule: rule)
        let y = try p.requiredInteger("y", range: 0...(n - 1), rule: rule)
        var r = Replies.json(try await tiles.tile(z: z, x: x, y: y))
        r.headers[.cacheControl] = "public, max-age=\(Self.maxAgeSeconds)"
        return r
    }
}
