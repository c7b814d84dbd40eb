import Hummingbird
import Logging

/// One log line per request at level info: method, path and query, status, milliseconds (two decimals). Never a
/// body, so never a password. Costs nothing when the log level is above info.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard logger.logLevel <= .info else { return try await next(request, context) }
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let ms = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        let query = request.uri.query.map { "?" + $0 } ?? ""
        logger.info("\(request.method.rawValue) \(request.uri.path)\(query) \(response.status.code) \(ms) ms")
        return response
    }
}
