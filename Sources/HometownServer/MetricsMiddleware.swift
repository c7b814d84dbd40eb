import Hummingbird

/// Counts every request and times it for `GET /metrics` (`MetricsRegistry`): the route is the pattern the router
/// matched (read after the inner middleware and handler ran), never the raw path. A request is counted when its
/// answer's head is ready; its duration runs until the last byte of the body is handed to the connection (a
/// streamed list included), or until the body failed.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let metrics: MetricsRegistry

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Errors become answers inside (ErrorReplyMiddleware); one that escapes is answered 500 by Hummingbird.
            let timer = metrics.countRequest(
                route: MetricsRegistry.route(endpointPath: context.endpointPath), method: method, status: 500)
            timer.recordNanoseconds(Self.nanoseconds(ContinuousClock.now - start))
            throw error
        }
        let timer = metrics.countRequest(
            route: MetricsRegistry.route(endpointPath: context.endpointPath), method: method,
            status: response.status.code)
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await body.write(writer)
            } catch {
                timer.recordNanoseconds(Self.nanoseconds(ContinuousClock.now - start))
                throw error
            }
            timer.recordNanoseconds(Self.nanoseconds(ContinuousClock.now - start))
        }
        return response
    }

    /// A duration in whole nanoseconds.
    static func nanoseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000
    }
}
