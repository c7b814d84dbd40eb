import Hummingbird

extension Router {
    /// Routes GET and HEAD at `path` to `handler`. The handler answers both alike; `DeliveryMiddleware` turns a
    /// HEAD's answer into GET's headers with no body (Hummingbird's own `autoGenerateHeadEndpoints` would drop the
    /// body after the middleware, losing the length that HEAD must report).
    @discardableResult
    func getAndHead(
        _ path: RouterPath, use handler: @Sendable @escaping (Request, Context) async throws -> Response
    ) -> Self {
        on(path, method: .get, use: handler)
        return on(path, method: .head, use: handler)
    }
}
