import HometownBasemap
import HometownProtocol
import HometownStore
import Hummingbird
import Logging
import NIOCore

/// Turns what a handler throws into the answer a client reads: a protocol refusal (400, or 413 for an oversized
/// body), 503 with `Retry-After` when the database is locked elsewhere, its server unreachable or its disk full, or
/// the server is too busy, and 500 with a logged cause for anything else. Never lets an error reach Hummingbird,
/// whose own error pages differ.
struct ErrorReplyMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return reply(to: error)
        }
    }

    /// The answer for `error`.
    func reply(to error: any Error) -> Response {
        switch error {
        case let e as ProtocolError:
            return Replies.refusal(e)
        case let r as ProtocolRefusal:
            return Replies.refusal(r)
        case StoreError.busy(let seconds):
            var r = Replies.error(
                "the database is locked by another program (waited \(seconds) s); try again in a few seconds",
                code: .databaseBusy, status: .serviceUnavailable)
            r.headers[.retryAfter] = String(max(1, Int(seconds.rounded(.up))))
            return r
        case StoreError.unavailable(let detail):
            logger.warning("database unavailable", metadata: ["error": "\(detail)"])
            var r = Replies.error(
                "the database server cannot be reached; try again in a few seconds", code: .databaseUnavailable,
                status: .serviceUnavailable)
            r.headers[.retryAfter] = "2"
            return r
        case StoreError.storageUnavailable(let detail):
            logger.error("the database cannot take writes", metadata: ["error": "\(detail)"])
            var r = Replies.error(
                "the server's database cannot take writes now (its disk is full or failing); try again later",
                code: .storageUnavailable, status: .serviceUnavailable)
            r.headers[.retryAfter] = "10"
            return r
        case let e as StoreError:
            logger.error("storage failed", metadata: ["error": "\(e)"])
            return Replies.error(
                "the server could not read or write its database; try again later", code: .storageFailed,
                status: .internalServerError)
        case let e as BasemapError:
            logger.error("boundary tile failed", metadata: ["error": "\(e)"])
            return Replies.error(
                "the server could not draw this map tile: \(e)", code: .tileFailed,
                status: .internalServerError)
        case let e as ServerBusy:
            var r = Replies.error(e.message, code: .workQueueFull, status: .serviceUnavailable)
            r.headers[.retryAfter] = "2"
            return r
        case is PasswordHasher.Busy:
            var r = Replies.error(
                "the server is busy hashing other posts' passwords; try again in a few seconds",
                code: .hashQueueFull, status: .serviceUnavailable)
            r.headers[.retryAfter] = "5"
            return r
        case is ConnectionGuard.BodyAbandoned:
            // The connection's guard answered this request itself (its answer is the one written): nothing to log.
            return Replies.error(
                "the request's body was cut off before its end", code: .malformedRequest, status: .badRequest)
        case is NIOTooManyBytesError:
            return Replies.refusal(.bodyTooLarge(limit: ProtocolLimits.maxBodyBytes))
        case let e as HTTPError where e.status == .contentTooLarge:
            return Replies.refusal(.bodyTooLarge(limit: ProtocolLimits.maxBodyBytes))
        default:
            logger.error("request failed", metadata: ["error": "\(error)"])
            return Replies.error("internal error", code: .internalError, status: .internalServerError)
        }
    }
}
