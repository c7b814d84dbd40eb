import Hummingbird

/// Answers `OPTIONS` on any path under `/hometown/` with `HTTPPolicy`'s CORS preflight, before routing (the router
/// knows only the methods each path takes). Elsewhere `OPTIONS` goes on, to the 404 page like any other method a
/// path does not take.
struct PreflightMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.method == .options, let preflight = HTTPPolicy.preflight(path: request.uri.path) { return preflight }
        return try await next(request, context)
    }
}
