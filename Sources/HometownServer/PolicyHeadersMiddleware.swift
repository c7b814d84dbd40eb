import Hummingbird

/// Sets `HTTPPolicy`'s headers (security headers, CORS) on every answer that leaves, whatever made it: the
/// outermost middleware.
struct PolicyHeadersMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        HTTPPolicy.apply(to: try await next(request, context), path: request.uri.path)
    }
}
