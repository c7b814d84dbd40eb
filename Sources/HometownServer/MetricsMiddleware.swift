import HometownCore
import Hummingbird

/// Counts every request and times it for `GET /metrics` (`MetricsRegistry`): the route is the pattern the router
/// matched (read after the inner middleware and handler ran), never the raw path. A request is counted when its
/// answer's head is ready; its duration runs until then for an answer whose body is already whole (known
/// length), and until the last byte is handed to the connection (or the body failed) for a streamed one.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

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
            timer.recordNanoseconds(DurationUnits.wholeNanoseconds(ContinuousClock.now - start))
            throw error
        }
        let timer = metrics.countRequest(
            route: MetricsRegistry.route(endpointPath: context.endpointPath), method: method,
            status: response.status.code)
        let body = response.body
        // A body already whole (its length known) is handed over at once: the time so far is the request's. A
        // streamed one (a long users list) is timed until its last byte is handed to the connection.
        guard body.contentLength == nil else {
            timer.recordNanoseconds(DurationUnits.wholeNanoseconds(ContinuousClock.now - start))
            return response
        }
        response.body = ResponseBody { writer in
            do {
                try await body.write(writer)
            } catch {
                timer.recordNanoseconds(DurationUnits.wholeNanoseconds(ContinuousClock.now - start))
                throw error
            }
            timer.recordNanoseconds(DurationUnits.wholeNanoseconds(ContinuousClock.now - start))
        }
        return response
    }
}
