import HTTPTypes
import HometownBasemap
import HometownCore
import HometownProtocol
import HometownStore
import Hummingbird
import Logging
import NIOCore

/// Answers every request of the server: the protocol under `/hometown/`, the extra endpoints, and the files of
/// the public folder. Paths are matched exactly (lower case, case sensitive, as the protocol says); a path that
/// does not exist, or a method a path does not take, gets the protocol's 404 HTML page. HEAD is answered on every
/// GET path. Every answer then passes `AnswerDelivery` (304, gzip, HEAD). One log line per request (method, path
/// and query, status, milliseconds); never a body, so never a password. Security headers, CORS and the `OPTIONS`
/// preflight under `/hometown/` come from `HTTPPolicy`.
struct HometownResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: ServerState

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var request = request
        var response: Response
        do {
            response = try await route(&request)
        } catch let e as ProtocolError {
            response = Replies.refusal(e)
        } catch StoreError.busy(let seconds) {
            var r = Replies.error("the database is locked by another program (waited \(seconds) s); try again in a few seconds",
                                  code: .databaseBusy, status: .serviceUnavailable)
            r.headers[.retryAfter] = String(max(1, Int(seconds.rounded(.up))))
            response = r
        } catch let e as StoreError {
            state.logger.error("storage failed", metadata: ["error": "\(e)"])
            response = Replies.error("the server could not read or write its database; try again later", code: .storageFailed,
                                     status: .internalServerError)
        } catch let e as BasemapError {
            state.logger.error("boundary tile failed", metadata: ["error": "\(e)"])
            response = Replies.error("the server could not draw this map tile: \(e)", code: .tileFailed, status: .internalServerError)
        } catch let e as ServerBusy {
            var r = Replies.error(e.message, code: .workQueueFull, status: .serviceUnavailable)
            r.headers[.retryAfter] = "2"
            response = r
        } catch is PasswordHasher.Busy {
            var r = Replies.error("the server is busy hashing other posts' passwords; try again in a few seconds",
                                  code: .hashQueueFull, status: .serviceUnavailable)
            r.headers[.retryAfter] = "5"
            response = r
        } catch is NIOTooManyBytesError {
            response = Replies.refusal(.bodyTooLarge(limit: ProtocolLimits.maxBodyBytes))
        } catch let e as HTTPError where e.status == .contentTooLarge {
            response = Replies.refusal(.bodyTooLarge(limit: ProtocolLimits.maxBodyBytes))
        } catch {
            state.logger.error("request failed", metadata: ["error": "\(error)"])
            response = Replies.error("internal error", code: .internalError, status: .internalServerError)
        }
        do {
            response = try await state.delivery.finish(response, for: request)
        } catch {
            state.logger.error("request failed", metadata: ["error": "\(error)"])
            response = Replies.error("internal error", code: .internalError, status: .internalServerError)
        }
        if state.logger.logLevel <= .info {
            let elapsed = ContinuousClock.now - start
            let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
            let ms = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
            state.logger.info("\(request.method.rawValue) \(request.uri.path)\(request.uri.query.map { "?" + $0 } ?? "") \(response.status.code) \(ms) ms")
        }
        return HTTPPolicy.apply(to: response, path: request.uri.path)
    }

    private func route(_ request: inout Request) async throws -> Response {
        let path = request.uri.path
        let method = request.method
        if method == .options, let preflight = HTTPPolicy.preflight(path: path) { return preflight }
        if method == .post {
            guard path == "/hometown/adduser" else { return Replies.notFound(method: method, path: path) }
            return try await state.addUser(&request)
        }
        guard method == .get || method == .head else { return Replies.notFound(method: method, path: path) }
        let query = request.uri.query
        let headers = request.headers
        switch path {
        case "/hometown/countries": return try state.countries(query, headers: headers)
        case "/hometown/states": return try state.states(query, headers: headers)
        case "/hometown/nicknameexists": return try state.nicknameExists(query)
        case "/hometown/count": return try state.count(query, headers: headers)
        case "/hometown/nextid": return try state.nextID(query, headers: headers)
        case "/hometown/users": return try state.users(query, headers: headers)
        case "/hometown/clusters": return try await state.clusters(query, headers: headers)
        case "/hometown/region": return try await state.region(query, headers: headers)
        case "/hometown/reverse": return try state.reverse(query, headers: headers)
        case "/hometown/forward": return try state.forward(query, headers: headers)
        case "/hometown/boundaries": return try await state.boundaries(query)
        default: return state.publicFile(path: path) ?? Replies.notFound(method: method, path: path)
        }
    }
}
