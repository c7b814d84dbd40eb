import HometownProtocol
import Hummingbird
import NIOCore

/// `GET /metrics` (and HEAD): the `MetricsRegistry` in Prometheus' text format. Registered only with
/// `--metrics on` (the default); the server listens on loopback by default, and a public deployment keeps the
/// path internal (docs/deploy/nginx.conf answers it 404 from outside).
struct MetricsEndpoint: Sendable {
    /// Prometheus' text exposition format, version 0.0.4.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    let metrics: MetricsRegistry

    /// Adds the endpoint to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/metrics") { request, _ in try answer(request) }
    }

    /// The exposition; a query parameter is refused (400, as on every endpoint).
    func answer(_ request: Request) throws(ProtocolError) -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        return Response(
            status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
