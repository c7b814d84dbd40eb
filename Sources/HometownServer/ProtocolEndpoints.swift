import HometownCore
import HometownProtocol
import HometownStore
import Hummingbird
import NIOCore

/// The protocol's endpoints under `/hometown/`: `countries`, `states`, `nicknameexists`, `count`, `nextid`,
/// `users` (GET and HEAD) and `adduser` (POST).
///
/// Reads never touch SQL: they are answered from the in-memory view (`ServerState.view`). A post is inserted
/// (durably), one at a time in this process (`ServerState.writes`), and the view then catches up with the store
/// (`ServerState.follower`), which brings in the new user and any other process stored before it, in id order.
struct ProtocolEndpoints: Sendable {
    let state: ServerState
    /// The answer of `countries`, written once.
    private let countriesBody: ByteBuffer
    /// The answer of `states` per served country name, written once.
    private let statesBodies: [String: ByteBuffer]

    init(state: ServerState) {
        self.state = state
        let vocabulary = state.vocabulary
        countriesBody = ByteBuffer(string: JSONValue.array(vocabulary.countryNames.map { .string($0) }).compactText)
        var states: [String: ByteBuffer] = [:]
        for c in vocabulary.countries {
            states[c.name] = ByteBuffer(string: JSONValue.array(c.states.map { .string($0) }).compactText)
        }
        statesBodies = states
    }

    /// Adds the endpoints to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/countries") { request, _ in try await countries(request) }
        router.getAndHead("/hometown/states") { request, _ in try await states(request) }
        router.getAndHead("/hometown/nicknameexists") { request, _ in try nicknameExists(request) }
        router.getAndHead("/hometown/count") { request, _ in try await count(request) }
        router.getAndHead("/hometown/nextid") { request, _ in try await nextID(request) }
        router.getAndHead("/hometown/users") { request, _ in try await users(request) }
        router.post("/hometown/adduser") { request, _ -> Response in
            var request = request
            return try await addUser(&request)
        }
    }

    /// The served countries; with `country`, only the one that spelling stands for (400 when none).
    func countries(_ request: Request) async throws(ProtocolError) -> Response {
        let p = try QueryParameters(request.uri.query, allowed: ["country"])
        if let spelling = p.string("country") {
            let country = try state.vocabulary.resolveCountry(spelling)
            return await state.delivery.tagged(version: nil, request) {
                Replies.json(.array([.string(country.name)]))
            }
        }
        return await state.delivery.tagged(version: nil, request) { Replies.json(countriesBody) }
    }

    /// A served country's states; with `state`, only the one that spelling stands for (400 when none).
    func states(_ request: Request) async throws(ProtocolError) -> Response {
        let p = try QueryParameters(request.uri.query, allowed: ["country", "state"])
        let country = try state.vocabulary.resolveCountry(try p.requiredString("country"))
        if let spelling = p.string("state") {
            let name = try state.vocabulary.resolveState(spelling, in: country)
            return await state.delivery.tagged(version: nil, request) { Replies.json(.array([.string(name)])) }
        }
        return await state.delivery.tagged(version: nil, request) {
            Replies.json(statesBodies[country.name] ?? ByteBuffer(string: "[]"))
        }
    }

    func nicknameExists(_ request: Request) throws(ProtocolError) -> Response {
        let name = try QueryParameters(request.uri.query, allowed: ["name"]).requiredString("name")
        try NewUser.checkString(name, field: "name")
        // The rules of POST adduser's nickname: a name that could not be posted is refused, not called free.
        let nickname = try NicknameRules.validated(name, field: "name")
        return Replies.json(.bool(state.view.containsNicknameKey(NicknameKey.key(nickname))))
    }

    func count(_ request: Request) async throws(ProtocolError) -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        let snapshot = state.view.snapshot
        return await state.delivery.tagged(version: snapshot.version, request) {
            Replies.json(.number(Double(snapshot.userCount)))
        }
    }

    func nextID(_ request: Request) async throws(ProtocolError) -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        // The version is read first, so the answer is never older than its tag.
        let version = state.view.snapshot.version
        return await state.delivery.tagged(version: version, request) {
            Replies.json(.number(Double(state.view.nextID)))
        }
    }

    /// GET users from the view: the first step of the answer at once, a larger answer streamed a step at a time
    /// (about 100 KiB each, made on the `streaming` threads), so a whole list never sits in memory and never holds
    /// the view's lock for long.
    func users(_ request: Request) async throws(ProtocolError) -> Response {
        let q = try UsersQuery.parse(QueryString.parse(request.uri.query), vocabulary: state.vocabulary)
        let view = state.view
        let streaming = state.streaming
        let snapshot = view.snapshot
        return await state.delivery.tagged(version: snapshot.version, request) {
            var answer = view.answer(q, at: snapshot)
            var first: [UInt8] = []
            answer.writeJSON(view: view, to: &first)
            if answer.isFinished { return Replies.json(first) }
            let rest = answer
            // Handed to the connection once and then let go: a client that reads slowly holds the step being
            // sent, not the first one as well (the body is written once per answer).
            let head = Locked<ByteBuffer?>(ByteBuffer(bytes: first))
            return Response(
                status: .ok, headers: [.contentType: Replies.jsonType],
                body: ResponseBody { writer in
                    do {
                        let opening = head.withLock { h in
                            defer { h = nil }
                            return h
                        }
                        if let opening { try await writer.write(opening) }
                    }
                    var answer = rest
                    while !answer.isFinished {
                        let step = answer
                        let part: ByteBuffer
                        // The step's bytes are copied into the buffer on the streaming thread and freed there, so
                        // a connection waiting to write holds one copy of them.
                        (answer, part) = try await streaming.run(nice: ThreadNice.bulk) {
                            var a = step
                            var bytes: [UInt8] = []
                            bytes.reserveCapacity(128 << 10)
                            a.writeJSON(view: view, to: &bytes)
                            return (a, ByteBuffer(bytes: bytes))
                        }
                        try await writer.write(part)
                    }
                    try await writer.finish(nil)
                })
        }
    }

    func addUser(_ request: inout Request) async throws -> Response {
        _ = try QueryParameters(request.uri.query, allowed: [])
        let body = try await request.collectBody(upTo: ProtocolLimits.maxBodyBytes)
        let user: NewUser
        do {
            user = try NewUser.validateAll(body: Array(buffer: body), vocabulary: state.vocabulary, years: state.years)
        } catch {
            // A nickname that is free-form-valid but taken is one more problem to fix: told with the others.
            guard let n = error.acceptedNickname, state.view.containsNicknameKey(NicknameKey.key(n)) else {
                throw error
            }
            throw error.addingTakenNickname()
        }
        let store = state.store
        let logger = state.logger
        // A cheap early answer for a taken nickname; the unique index decides races.
        if state.view.containsNicknameKey(user.nicknameKey) { throw ProtocolError.nicknameTaken(user.nickname) }
        let hash = try await state.hasher.hash(user.password)
        do {
            try await state.writes.run {
                let stored = try await store.insert(user, passwordHash: hash, now: Timestamp.nowMilliseconds())
                // The view reads the new user back, with any that other processes stored before it, in id order.
                await state.catchUpAfterWrite("stored", id: stored.id)
                logger.debug("stored user", metadata: ["id": "\(stored.id)"])
            }
        } catch StoreError.nicknameTaken {
            throw ProtocolError.nicknameTaken(user.nickname)
        }
        return Replies.text("ok")
    }
}
