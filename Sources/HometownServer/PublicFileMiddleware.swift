import Hummingbird

/// What the router does not route: a file of the public folder for GET and HEAD, else the protocol's 404 HTML
/// page (an unknown path, or a method the path does not take). The innermost middleware.
///
/// Paths are matched exactly, as the protocol says: Hummingbird's router compares path components (so it is case
/// sensitive) but skips empty ones, so `/hometown/count/` and `//hometown/count` would reach `count`; such a path
/// is answered here as unknown before routing.
struct PublicFileMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    let files: PublicFiles
    /// Entity tags and gzip, as for every answer.
    let delivery: AnswerDelivery
    /// Told when the web app's page is asked for (the map's tiles then start being prepared).
    let tiles: BoundaryTiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        if Self.isExact(path) {
            do {
                return try await next(request, context)
            } catch let e as HTTPError {
                // `notFound`: the router found no route for this path and method.
                guard e.status == .notFound else { throw e }
            }
        }
        if request.method == .get || request.method == .head, let file = files.file(path) {
            if path == "/" || path == "/index.html" { tiles.warm() }
            return try await files.response(file, path: path, for: request, delivery: delivery)
        }
        return Replies.notFound(method: request.method, path: path)
    }

    /// Whether the router may see `path`: it starts with `/`, has no empty component, and ends in `/` only if it is
    /// `/`.
    static func isExact(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = false
        for b in bytes {
            let slash = b == UInt8(ascii: "/")
            if slash && previousWasSlash { return false }
            previousWasSlash = slash
        }
        return true
    }
}
