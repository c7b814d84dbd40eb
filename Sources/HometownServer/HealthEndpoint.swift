import HometownCore
import HometownProtocol
import Hummingbird

/// `GET /healthz` (and HEAD), for load balancers and supervisors: 200 with
/// `{"status":"ready","version":"V","users":N,"nextid":N,"store":{"nextid":N,"milliseconds":T}}` when the server
/// is ready
/// (`HealthCheck`), else 503 with the protocol's error body and the code `not_ready`. Answered from memory and one
/// cheap query; never waits for the expensive-work queue.
struct HealthEndpoint: Sendable {
    let check: HealthCheck

    /// Adds the endpoint to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/healthz") { request, _ in try await answer(request) }
    }

    /// The answer; a query parameter is refused (400, as on every endpoint).
    func answer(_ request: Request) async throws(ProtocolError) -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        var response: Response
        switch await check.check() {
        case .ready(let storeNextID, let milliseconds):
            let body: JSONValue = .object([
                "status": .string("ready"),
                "version": .string(HometownVersion.current),
                "users": .number(Double(check.view.count)),
                "nextid": .number(Double(check.view.nextID)),
                "store": .object(["nextid": .number(Double(storeNextID)), "milliseconds": .number(milliseconds)]),
            ])
            response = Replies.json(body)
        case .notReady(let reason):
            response = Replies.error("not ready: \(reason)", code: .notReady, status: .serviceUnavailable)
            response.headers[.retryAfter] = "1"
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
