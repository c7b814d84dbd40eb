import HometownCore
import HometownProtocol
import HometownStore
import Hummingbird
import NIOCore

/// The owner's endpoints: POST `/hometown/users/{id}/update` and `/hometown/users/{id}/delete`, each with the
/// post's password in a JSON body (`OwnerRequest`).
///
/// The steps: the id and the body's form (400); the back-off (`OwnerAttempts`: 429 with Retry-After, nothing
/// checked); the password, checked on the hash pool against the stored hash, or, for an id no post has, against a
/// hash of the same cost that no password matches (`PasswordHasher.unmatchableHash()`), so that both take one scrypt and get the same 403; then
/// the write, one at a time with posts (`ServerState.writes`), durable and logged in the store's change log (for an
/// update, the stored post read, changed and checked as a post, 400, in the same transaction), after which the view
/// catches up (so this process's answers show it at once, other processes' within their sync interval).
struct OwnerEndpoints: Sendable {
    let state: ServerState
    /// A hash at the server's cost that no password matches: what an unknown id is checked against.
    private let absentHash: String

    init(state: ServerState) {
        self.state = state
        absentHash = state.hasher.unmatchableHash()
    }

    /// Adds the endpoints to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.post("/hometown/users/:id/update") { request, context -> Response in
            var request = request
            return try await update(&request, context)
        }
        router.post("/hometown/users/:id/delete") { request, context -> Response in
            var request = request
            return try await delete(&request, context)
        }
    }

    func update(_ request: inout Request, _ context: HometownRequestContext) async throws -> Response {
        let (id, asked, refusal) = try await read(&request, context, OwnerRequest.update)
        if let refusal { return refusal }
        let vocabulary = state.vocabulary
        let years = state.years
        let store = state.store
        // The stored post is read, changed and checked inside the store's write transaction, so that another
        // change of the same post (here or on another server) is never undone by this one's older copy.
        let refused = Locked<ProtocolRefusal?>(nil)
        let changed: User? = try await state.writes.run {
            let changed = try await store.update(id: id) { stored in
                do throws(ProtocolRefusal) {
                    return try asked.applied(to: stored, vocabulary: vocabulary, years: years)
                } catch {
                    refused.withLock { $0 = error }
                    return nil
                }
            }
            await state.catchUpAfterWrite("changed", id: id)
            return changed
        }
        if let refusal = refused.withLock({ $0 }) { throw refusal }
        guard let changed else { return Self.wrongPassword }
        var json: [UInt8] = []
        UserJSON.append(changed, to: &json)
        return Replies.json(json)
    }

    func delete(_ request: inout Request, _ context: HometownRequestContext) async throws -> Response {
        let (id, _, refusal) = try await read(&request, context, OwnerRequest.delete)
        if let refusal { return refusal }
        let store = state.store
        let deleted: Bool = try await state.writes.run {
            let deleted = try await store.delete(id: id)
            await state.catchUpAfterWrite("deleted", id: id)
            return deleted
        }
        guard deleted else { return Self.wrongPassword }
        return Replies.json(.object(["id": .number(Double(id)), "deleted": .bool(true)]))
    }

    /// The path's id and the body as `parse` reads it (400 when either is malformed), with the answer to send
    /// instead when the body's password is not the post's (429 waiting, 403 wrong or unknown), else nil.
    private func read(
        _ request: inout Request, _ context: HometownRequestContext,
        _ parse: ([UInt8]) throws(ProtocolError) -> OwnerRequest
    ) async throws -> (id: Int, asked: OwnerRequest, refusal: Response?) {
        let id = try Self.id(context)
        _ = try QueryParameters(request.uri.query, allowed: [])
        let body = try await request.collectBody(upTo: ProtocolLimits.maxBodyBytes)
        let asked = try parse(Array(buffer: body))
        return (id, asked, try await checkPassword(asked.password, id: id, request, context))
    }

    /// nil when `password` is user `id`'s; otherwise the refusal to send (429 waiting, 403 wrong or unknown).
    private func checkPassword(
        _ password: String, id: Int, _ request: Request, _ context: HometownRequestContext
    ) async throws -> Response? {
        let attempts = state.ownerAttempts
        let address = ClientAddress.of(
            request, peer: context.remoteAddress, trusted: attempts.proxies)
        if let wait = attempts.begin(post: id, address: address) {
            let seconds = max(1, Int((DurationUnits.seconds(wait)).rounded(.up)))
            var r = Replies.error(
                "too many wrong passwords; try again in \(seconds) s", code: .tooManyAttempts, status: .tooManyRequests)
            r.headers[.retryAfter] = String(seconds)
            return r
        }
        // The try is under way until `end`, which every path below reaches once.
        let right: Bool
        do {
            let stored = try await state.store.passwordHash(id: id)
            let against: String
            if let stored { against = stored } else { against = absentHash }
            right = try await state.hasher.verify(password, against: against) && stored != nil
        } catch {
            attempts.end(post: id, address: address, .unchecked)
            throw error
        }
        guard right else {
            attempts.end(post: id, address: address, .wrong)
            state.logger.info("wrong owner password", metadata: ["id": "\(id)", "client": "\(address)"])
            return Self.wrongPassword
        }
        attempts.end(post: id, address: address, .right)
        return nil
    }

    /// 403: no post has this id and password.
    static var wrongPassword: Response {
        Replies.error("no post has this id and password", field: "password", code: .wrongPassword, status: .forbidden)
    }

    /// The `{id}` of the path: a whole number from 1 to 2^63 - 1 (an id no post has is checked, and refused 403,
    /// as any other unknown id is).
    static func id(_ context: HometownRequestContext) throws(ProtocolError) -> Int {
        let text = context.parameters.get("id") ?? ""
        guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = Int(text), id >= 1 else {
            throw .wrongType(
                field: "id", expected: "a post's id (a whole number from 1 to 2^63 - 1)", got: "'\(text.prefix(40))'")
        }
        return id
    }
}
