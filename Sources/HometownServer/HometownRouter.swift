import Hummingbird

/// The server's routes and the middleware every request passes, outermost first:
///
/// 1. `PolicyHeadersMiddleware`: security headers and CORS on every answer.
/// 2. `RequestLogMiddleware`: one log line per request.
/// 3. `MetricsMiddleware` (with `--metrics on`): requests counted and timed by route and status.
/// 4. `DeliveryMiddleware`: gzip and HEAD (`AnswerDelivery`); entity tags and 304 are set by the handlers, which
///    alone know the data an answer is made from (`AnswerDelivery.tagged`).
/// 5. `ErrorReplyMiddleware`: what a handler throws becomes a JSON error body.
/// 6. `PreflightMiddleware`: `OPTIONS` under `/hometown/`.
/// 7. `PublicFileMiddleware`: paths must be exact; unrouted GET and HEAD get a public file, anything else the
///    protocol's 404 HTML page.
///
/// The routes: the protocol (`ProtocolEndpoints`), the owner's changes (`OwnerEndpoints`), the web map (`MapEndpoints`, `TileEndpoints`) and geocoding
/// (`PlaceEndpoints`), each path exactly as written (lower case, case sensitive), GET paths also taking HEAD; and
/// the operators' `/healthz` (`HealthEndpoint`) and `/metrics` (`MetricsEndpoint`).
enum HometownRouter {
    /// What operators read: readiness, and the metrics (nil: `/metrics` off).
    struct Operations: Sendable {
        let health: HealthCheck
        let metrics: MetricsRegistry?
    }

    /// The router of a server sharing `state`.
    static func make(state: ServerState, work: WorkLimits, operations: Operations) -> Router<HometownRequestContext> {
        let router = Router(context: HometownRequestContext.self)
        router.add(middleware: PolicyHeadersMiddleware())
        router.add(middleware: RequestLogMiddleware(logger: state.logger))
        if let metrics = operations.metrics { router.add(middleware: MetricsMiddleware(metrics: metrics)) }
        router.add(middleware: DeliveryMiddleware(delivery: state.delivery, logger: state.logger))
        router.add(middleware: ErrorReplyMiddleware(logger: state.logger))
        router.add(middleware: PreflightMiddleware())
        router.add(
            middleware: PublicFileMiddleware(files: state.publicFiles, delivery: state.delivery, tiles: state.tiles))
        ProtocolEndpoints(state: state).register(on: router)
        OwnerEndpoints(state: state).register(on: router)
        MapEndpoints(
            state: state, indexCacheBytes: work.clusterCacheBytes, answerCacheBytes: work.clusterAnswerCacheBytes
        ).register(on: router)
        PlaceEndpoints(state: state).register(on: router)
        TileEndpoints(tiles: state.tiles, labels: state.labels, delivery: state.delivery).register(on: router)
        HealthEndpoint(check: operations.health).register(on: router)
        if let metrics = operations.metrics { MetricsEndpoint(metrics: metrics).register(on: router) }
        return router
    }
}
