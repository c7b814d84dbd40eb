import Hummingbird
import Logging

/// Passes every answer through `AnswerDelivery.finish` (gzip, HEAD), errors included. An answer that cannot be
/// finished (a HEAD whose streamed body fails while it is counted) becomes 500.
struct DeliveryMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    let delivery: AnswerDelivery
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let response = try await next(request, context)
        do {
            return try await delivery.finish(response, for: request)
        } catch {
            logger.error("request failed", metadata: ["error": "\(error)"])
            return Replies.error("internal error", code: .internalError, status: .internalServerError)
        }
    }
}
