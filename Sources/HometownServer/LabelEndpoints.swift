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
        let p = try QueryParameters(request.uri.query, allowed: ["z", "x", "y"])
        let z = try p.requiredInteger("z", range: 0...BoundaryTiles.maxZoom)
        let n = 1 << z
        let rule = "from 0 to \(n - 1) at zoom \(z)"
        let x = try p.requiredInteger("x", range: 0...(n - 1), rule: rule)
        let y = try p.requiredInteger("y", range: 0...(n - 1), rule: rule)
        var r = Replies.json(try await labels.tile(z: z, x: x, y: y))
        r.headers[.cacheControl] = "public, max-age=\(TileEndpoints.maxAgeSeconds)"
        return r
    }
}
