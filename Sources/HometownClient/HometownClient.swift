import AsyncHTTPClient
import Foundation
import HometownCore
import HometownProtocol
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A typed client of the Hometown protocol and the server's extra endpoints, on AsyncHTTPClient.
///
/// - Every call has a time limit (`timeout`, whole request).
/// - GETs are idempotent: on a refused or broken connection, a timeout or a 502/503/504 they are tried again
///   (`retries` times, waiting 0.2 s, 0.4 s, 0.8 s, ... and at most `maxRetryWait`). The POSTs (adduser, and
///   the owner's update and delete) are sent once: a post that timed out may have been stored, and the caller
///   decides (`nicknameExists` tells); a repeated wrong password would count twice towards the server's back-off.
///   A call whose task is cancelled throws `CancellationError`.
/// - The adduser body is the protocol's `NewUser.json()`, the owner's bodies `UserChange.body(password:)` and
///   `OwnerRequest.deleteBody(password:)`; answers are decoded into the protocol's types.
/// - Redirects are not followed (a POST's password would go on to another address): a 3xx answer is
///   `ClientError.redirected`, naming where it points. An answer is read up to `maxAnswerBytes`.
/// - A refusal becomes `ClientError.refused` with the server's `ErrorCode` (`nickname_taken` becomes
///   `.nicknameTaken`, `wrong_password` `.wrongPassword`, `too_many_attempts` `.tooManyAttempts`): the client
///   reads codes, never the words of a message.
/// Sendable: share one client between tasks.
public struct HometownClient: Sendable {
    /// The service's base URL ("http://127.0.0.1:8080"); paths are added as `/hometown/...`.
    public let baseURL: String
    /// Whole-request time limit, in seconds.
    public let timeout: Double
    /// Extra tries for idempotent GETs.
    public let retries: Int
    /// The largest answer body read, in bytes; a larger one is `ClientError.answerTooLarge`.
    public let maxAnswerBytes: Int
    /// The longest `timeout` taken, in seconds (a day).
    public static let maxTimeout = 86_400.0
    /// The default of `maxAnswerBytes`: 64 MiB, about 350,000 users in one answer.
    public static let defaultMaxAnswerBytes = 64 << 20
    private let http: HTTPClient

    /// - Parameters:
    ///   - timeout: seconds, more than 0 and at most `maxTimeout`.
    ///   - maxAnswerBytes: the largest answer read, at least 1.
    ///   - httpClient: nil: one that follows no redirect and trusts the system's certificate authorities
    ///     (`TrustedHTTPClients`). A client given here should not follow redirects either.
    /// - Throws: `ClientError.invalidURL` unless `baseURL` is an http or https URL with a host;
    ///   `ClientError.invalidLimit` for a `timeout` or `maxAnswerBytes` out of range.
    public init(
        baseURL: String, timeout: Double = 10, retries: Int = 2, maxAnswerBytes: Int = defaultMaxAnswerBytes,
        httpClient: HTTPClient? = nil
    ) throws {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw ClientError.invalidURL(baseURL) }
        guard timeout > 0, timeout <= Self.maxTimeout else {
            throw ClientError.invalidLimit("the time limit must be more than 0 and at most \(Int(Self.maxTimeout)) s")
        }
        guard maxAnswerBytes >= 1 else { throw ClientError.invalidLimit("the largest answer must be at least 1 byte") }
        self.baseURL = base
        self.timeout = timeout
        self.retries = max(0, retries)
        self.maxAnswerBytes = maxAnswerBytes
        http = httpClient ?? TrustedHTTPClients.systemOnly
    }

    /// A client that trusts, besides the system's certificate authorities, the PEM certificates in `caFile` (a
    /// self-signed server certificate, or a private authority's; nil: none). An https server, or any with
    /// `caFile`, is reached through `TrustedHTTPClients.client(caFile:)` (an untrusted certificate fails at once,
    /// not after `timeout`); plain http through `TrustedHTTPClients.systemOnly`. No redirect is followed.
    /// - Throws: `ClientError.invalidURL`, `ClientError.invalidLimit` (as the other initializer);
    ///   `ClientError.certificateFile` when the file cannot be read or holds no PEM certificate.
    public init(
        baseURL: String, timeout: Double = 10, retries: Int = 2, maxAnswerBytes: Int = defaultMaxAnswerBytes,
        caFile: String?
    ) throws {
        try self.init(
            baseURL: baseURL, timeout: timeout, retries: retries, maxAnswerBytes: maxAnswerBytes,
            httpClient: caFile != nil || baseURL.lowercased().hasPrefix("https:")
                ? TrustedHTTPClients.client(caFile: caFile) : TrustedHTTPClients.systemOnly)
    }

    // MARK: The protocol

    /// GET countries: the served country names.
    public func countries() async throws -> [String] { try await getStrings("countries", []) }

    /// GET states: the served state names of a country.
    public func states(country: String) async throws -> [String] {
        try await getStrings("states", [("country", country)])
    }

    /// GET nicknameexists: whether the nickname is taken (case-insensitively).
    public func nicknameExists(_ name: String) async throws -> Bool {
        let (url, bytes) = try await get("nicknameexists", [("name", name)])
        guard case .bool(let b) = try parse(bytes, url) else {
            throw ClientError.malformedResponse(url: url, detail: "expected true or false")
        }
        return b
    }

    /// GET count.
    public func count() async throws -> Int { try await getInteger("count") }

    /// GET nextid.
    public func nextID() async throws -> Int { try await getInteger("nextid") }

    /// GET users with filters and paging.
    public func users(_ query: UsersQuery = UsersQuery()) async throws -> [User] {
        let (url, bytes) = try await get("users", query.parameters)
        do { return try UserJSON.decode(bytes) } catch {
            throw ClientError.malformedResponse(url: url, detail: error.description)
        }
    }

    /// Every user matching the filters of `query`, `pageSize` users a request. Each request asks for the first
    /// page past the last user read (`afterid`, or `beforeid` for a reversed list), not for the next page number,
    /// so a user deleted or moved out of the filters meanwhile does not shift a user the list has not reached
    /// onto a page already read. A reversed list starts below `nextid`, so users posted meanwhile do not come in
    /// either.
    /// - Throws: the errors of `users(_:)`; `ClientError.malformedResponse` when a page does not move past the
    ///   last user read (a server that does not keep the order would otherwise be asked forever).
    public func allUsers(_ query: UsersQuery = UsersQuery(), pageSize: Int = ProtocolLimits.maxPageSize) async throws
        -> [User]
    {
        var q = query
        q.pageSize = pageSize
        q.page = 0
        if q.reverse, q.beforeID == nil { q.beforeID = try await nextID() }
        var out: [User] = []
        while true {
            let batch = try await users(q)
            out += batch
            guard batch.count >= pageSize, let last = batch.last?.id else { return out }
            let bound = q.reverse ? q.beforeID : q.afterID
            if let bound, q.reverse ? last >= bound : last <= bound {
                throw ClientError.malformedResponse(
                    url: url("users", q.parameters),
                    detail: "the page's last id \(last) is not past \(bound), the last id read")
            }
            if q.reverse { q.beforeID = last } else { q.afterID = last }
        }
    }

    /// POST adduser. Sent once (never retried). The server validates the post (year range, vocabulary, nickname).
    /// - Throws: `ClientError.nicknameTaken` for the code `nickname_taken`, `.refused` with the server's code,
    ///   message and field, and the network errors.
    public func addUser(_ user: NewUser) async throws {
        let url = baseURL + "/hometown/adduser"
        let answer = try await post(url, body: user.json())
        guard answer.status == 200 else {
            let error = failure(answer, url: url)
            // A taken nickname alone is its own error; with other problems it stays one of the refusals.
            if case .refused(_, .nicknameTaken?, _, _, let others) = error, others.isEmpty {
                throw ClientError.nicknameTaken(user.nickname)
            }
            throw error
        }
    }

    // MARK: The owner's requests

    /// POST users/{id}/update: changes the post with this id, given its password. Sent once (never retried).
    /// The server checks the changed post exactly as adduser checks a new one (the client checks nothing).
    /// - Returns: the user as changed, as GET users lists it (same id, nickname and time-stamp).
    /// - Throws: `ClientError.wrongPassword` for the code `wrong_password` (a wrong password or an id no post
    ///   has: not told apart), `.tooManyAttempts` with the Retry-After seconds for `too_many_attempts`,
    ///   `.refused` with the server's code, message and field for any other refusal (e.g. `unsupported_state` at
    ///   "state"), `.malformedResponse` when the 200 body is not one user object, and the network errors.
    public func update(id: Int, password: String, change: UserChange) async throws -> User {
        let (url, bytes) = try await owner(id: id, action: "update", body: change.body(password: password))
        do { return try UserJSON.decodeUser(bytes) } catch {
            throw ClientError.malformedResponse(url: url, detail: error.description)
        }
    }

    /// POST users/{id}/delete: deletes the post with this id, given its password; its nickname becomes free,
    /// its id is never given again. Sent once (never retried).
    /// - Throws: as `update(id:password:change:)`; `.malformedResponse` unless the 200 body is
    ///   `{"id": id, "deleted": true}`.
    public func delete(id: Int, password: String) async throws {
        let (url, bytes) = try await owner(id: id, action: "delete", body: OwnerRequest.deleteBody(password: password))
        let v = try parse(bytes, url)
        guard v["deleted"] == .bool(true), let n = v["id"]?.doubleValue, n == Double(id) else {
            throw ClientError.malformedResponse(url: url, detail: "expected {\"id\": \(id), \"deleted\": true}")
        }
    }

    /// POST users/{id}/ACTION with `body`, once; returns the URL and the 200 JSON body, or throws the refusal
    /// with the owner's codes mapped to their own cases.
    private func owner(id: Int, action: String, body: [UInt8]) async throws -> (String, [UInt8]) {
        let url = baseURL + "/hometown/users/\(id)/" + action
        let answer = try await post(url, body: body)
        guard answer.status == 200 else {
            let error = failure(answer, url: url)
            switch error {
            case .refused(_, .wrongPassword?, _, _, _): throw ClientError.wrongPassword(id: id)
            case .refused(_, .tooManyAttempts?, _, _, _):
                throw ClientError.tooManyAttempts(retryAfter: answer.retryAfter)
            default: throw error
            }
        }
        try requireJSON(answer, url: url)
        return (url, answer.body)
    }

    // MARK: Beyond the original

    /// GET region: the map region that fits the users matching the filters.
    public func region(width: Int, height: Int, padding: Int = 0, filters: UsersQuery = UsersQuery()) async throws
        -> FittedRegion
    {
        let p =
            filters.filtersOnly.parameters
            + [("width", String(width)), ("height", String(height)), ("padding", String(padding))]
        return try await getDecoded("region", p)
    }

    /// GET clusters at a zoom: clusters and single users as GeoJSON points.
    public func clusters(zoom: Double, bbox: BoundingBox? = nil, filters: UsersQuery = UsersQuery()) async throws
        -> GeoJSONFeatureCollection
    {
        var p = filters.filtersOnly.parameters + [("zoom", JSONWriter.number(zoom))]
        if let b = bbox { p.append(("bbox", b.array.map { JSONWriter.number($0) }.joined(separator: ","))) }
        return try await getDecoded("clusters", p)
    }

    /// GET reverse: a point in the server's vocabulary.
    public func reverse(_ c: Coordinate) async throws -> ReverseAnswer {
        try await getDecoded(
            "reverse",
            [
                ("lat", JSONWriter.number(c.latitude)),
                ("lon", JSONWriter.number(c.longitude)),
            ])
    }

    /// GET forward: a place name as points in the server's vocabulary.
    public func forward(_ q: String, limit: Int = 5) async throws -> ForwardAnswer {
        try await getDecoded("forward", [("q", q), ("limit", String(limit))])
    }

    // MARK: Transport

    private func getStrings(_ path: String, _ p: [(name: String, value: String)]) async throws -> [String] {
        let (url, bytes) = try await get(path, p)
        guard case .array(let items) = try parse(bytes, url) else {
            throw ClientError.malformedResponse(url: url, detail: "expected an array of names")
        }
        return try items.map { v in
            guard let s = v.stringValue else {
                throw ClientError.malformedResponse(url: url, detail: "expected an array of names")
            }
            return s
        }
    }

    private func getInteger(_ path: String) async throws -> Int {
        let (url, bytes) = try await get(path, [])
        guard let d = try parse(bytes, url).doubleValue, d.rounded() == d, abs(d) < 9e15 else {
            throw ClientError.malformedResponse(url: url, detail: "expected an integer")
        }
        return Int(d)
    }

    /// A GET whose answer is decoded into `T` by the protocol's `AnswerCoding`.
    private func getDecoded<T: Decodable>(_ path: String, _ p: [(name: String, value: String)]) async throws -> T {
        let (url, bytes) = try await get(path, p)
        do { return try AnswerCoding.decode(T.self, from: bytes) } catch {
            throw ClientError.malformedResponse(url: url, detail: "not the protocol's \(T.self) (\(error))")
        }
    }

    /// Sends a JSON body by POST, once.
    private func post(_ url: String, body: [UInt8]) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        return try await send(request, url: url)
    }

    /// Throws unless a 200 answer is JSON: a web page is not a Hometown server; anything else is malformed.
    private func requireJSON(_ answer: Answer, url: String) throws {
        guard answer.contentType.hasPrefix("application/json") else {
            throw answer.contentType.hasPrefix("text/html")
                ? ClientError.notAHometownServer(url: url, status: answer.status)
                : ClientError.malformedResponse(
                    url: url,
                    detail: "expected JSON, got \(answer.contentType.isEmpty ? "no content type" : answer.contentType)")
        }
    }

    private func parse(_ bytes: [UInt8], _ url: String) throws -> JSONValue {
        do { return try JSONValue.parse(bytes) } catch {
            throw ClientError.malformedResponse(url: url, detail: "broken JSON (\(error.description))")
        }
    }

    /// The URL of a GET of `path` with `parameters`.
    private func url(_ path: String, _ parameters: [(name: String, value: String)]) -> String {
        baseURL + "/hometown/" + path + (parameters.isEmpty ? "" : "?" + QueryString.encode(parameters))
    }

    /// The longest wait between two tries of a GET.
    public static let maxRetryWait: Duration = .seconds(5)

    /// The wait before try `attempt` + 1 of a GET (1: the first retry): 0.2 s, doubling, at most `maxRetryWait`.
    static func retryWait(beforeTry attempt: Int) -> Duration {
        min(.milliseconds(100 << min(max(attempt, 0), 16)), maxRetryWait)
    }

    /// A GET with retries; returns the URL and the 200 body.
    private func get(_ path: String, _ parameters: [(name: String, value: String)]) async throws -> (String, [UInt8]) {
        let url = url(path, parameters)
        var attempt = 0
        // The server's own word on an earlier try (a 502/503/504), reported rather than a later try's broken
        // connection: it says more about what went wrong.
        var answered: ClientError?
        while true {
            do {
                let answer = try await send(HTTPClientRequest(url: url), url: url)
                guard answer.status == 200 else { throw failure(answer, url: url) }
                try requireJSON(answer, url: url)
                return (url, answer.body)
            } catch let e as ClientError where e.isTransient {
                if case .serverFailed = e { answered = e }
                guard attempt < retries else {
                    if answered == nil, case .timedOut(let u, let s, _) = e {
                        throw ClientError.timedOut(url: u, seconds: s, tries: attempt + 1)
                    }
                    throw answered ?? e
                }
                attempt += 1
                try await Task.sleep(for: Self.retryWait(beforeTry: attempt))
            }
        }
    }

    /// The error a non-200 answer stands for: the protocol's JSON error (`error`, `field`, `code`) when there is
    /// one; else a web page (not a Hometown server) or a malformed answer.
    private func failure(_ answer: Answer, url: String) -> ClientError {
        let (status, type, bytes) = (answer.status, answer.contentType, answer.body)
        if type.hasPrefix("application/json"), let v = try? JSONValue.parse(bytes),
            let message = v["error"]?.stringValue
        {
            let code = v["code"]?.stringValue.flatMap(ErrorCode.init(rawValue:))
            if status >= 500 { return .serverFailed(status: status, code: code, message: message) }
            // `errors` lists every problem, the first being the one at the top: the rest are the others.
            var listed: [JSONValue] = []
            if case .array(let a)? = v["errors"] { listed = a }
            let others = listed.dropFirst().compactMap { e -> ClientError.Refusal? in
                guard let m = e["error"]?.stringValue else { return nil }
                return ClientError.Refusal(
                    code: e["code"]?.stringValue.flatMap(ErrorCode.init(rawValue:)), message: m,
                    field: e["field"]?.stringValue)
            }
            return .refused(
                status: status, code: code, message: message, field: v["field"]?.stringValue, others: Array(others))
        }
        if status >= 500 {
            return .serverFailed(status: status, code: nil, message: String(decoding: bytes.prefix(200), as: UTF8.self))
        }
        if (300..<400).contains(status) { return .redirected(url: url, status: status, location: answer.location) }
        if status == 404 || type.hasPrefix("text/html") { return .notAHometownServer(url: url, status: status) }
        return .malformedResponse(url: url, detail: "HTTP \(status) without the protocol's JSON error")
    }

    /// An answer as read: status, content type (lower case, "" when absent), body and Retry-After.
    private struct Answer: Sendable {
        let status: Int
        let contentType: String
        let body: [UInt8]
        /// The Retry-After header as whole seconds (nil when absent or not a whole number of seconds).
        let retryAfter: Int?
        /// The Location header (where a redirect points), nil when absent.
        let location: String?
    }

    /// Sends a request and reads the whole answer (at most `maxAnswerBytes`) within `timeout`, mapping transport
    /// failures to `ClientError`. The time limit covers connecting, the head and the body; on expiry the request is cancelled.
    private func send(_ request: HTTPClientRequest, url: String) async throws -> Answer {
        let http = self.http
        let limit = timeout
        let maxBytes = maxAnswerBytes
        do {
            return try await withThrowingTaskGroup(of: Answer?.self) { group in
                group.addTask {
                    let response = try await http.execute(
                        request, deadline: .now() + .milliseconds(Int64(limit * 1000)))
                    let body: ByteBuffer
                    do { body = try await response.body.collect(upTo: maxBytes) } catch is NIOTooManyBytesError {
                        throw ClientError.answerTooLarge(url: url, maxBytes: maxBytes)
                    }
                    let retryAfter = response.headers.first(name: "Retry-After").flatMap {
                        Int($0.trimmingCharacters(in: .whitespaces))
                    }
                    return Answer(
                        status: Int(response.status.code),
                        contentType: response.headers.first(name: "Content-Type")?.lowercased() ?? "",
                        body: Array(buffer: body), retryAfter: retryAfter.flatMap { $0 >= 0 ? $0 : nil },
                        location: response.headers.first(name: "Location"))
                }
                group.addTask {
                    // A little after AsyncHTTPClient's own deadline, so that a connection that kept failing is
                    // reported with its cause (refused, DNS) rather than as a plain timeout.
                    try await Task.sleep(for: .milliseconds(Int64(limit * 1000) + 500))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answer = first else {
                    throw ClientError.timedOut(url: url, seconds: limit)
                }
                return answer
            }
        } catch let e as ClientError {
            if case .timedOut = e { throw await probe(url) ?? e }
            throw e
        } catch {
            // The caller gave up: that is not a network failure to report or to try again.
            if Task.isCancelled || error is CancellationError || (error as? HTTPClientError) == .cancelled {
                throw CancellationError()
            }
            let e = classify(error, url: url)
            if case .timedOut = e { throw await probe(url) ?? e }
            throw e
        }
    }

    /// After a timeout: over plain http AsyncHTTPClient keeps retrying a refused connection until the deadline, so one plain TCP
    /// connection attempt tells a refused port or an unknown host from a server that is slow to answer.
    private func probe(_ url: String) async -> ClientError? {
        guard let u = URL(string: url), let host = u.host else { return nil }
        let port = u.port ?? (u.scheme == "https" ? 443 : 80)
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(2)).connect(host: host, port: port).get()
            try? await channel.close()
            return nil
        } catch {
            let e = classify(error, url: url)
            switch e {
            case .connectionRefused, .hostNotFound: return e
            default: return nil
            }
        }
    }

    private func classify(_ error: Error, url: String) -> ClientError {
        let host = URL(string: url)?.host ?? url
        if let e = error as? HTTPClientError {
            switch e {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .getConnectionFromPoolTimeout, .writeTimeout:
                return .timedOut(url: url, seconds: timeout)
            case .tlsHandshakeTimeout: return .tls(url: url, detail: "the TLS handshake timed out")
            case .remoteConnectionClosed: return .connectionLost(url: url, detail: "the server closed the connection")
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidURL(url)
            default: return .connectionLost(url: url, detail: "\(e)")
            }
        }
        if let e = error as? NIOConnectionError {
            if e.dnsAError != nil || e.dnsAAAAError != nil { return .hostNotFound(host: host) }
            if e.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                return .connectionRefused(url: url)
            }
            return .connectionLost(url: url, detail: "\(e)")
        }
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            let text = "\(error)"
            // NIOSSL keeps BoringSSL's reason code private: its description is the only place the reason is
            // given, so this one check reads it.
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                return .tls(
                    url: url,
                    detail:
                        "the server's certificate is not trusted: it is self-signed or signed by an authority this machine does not trust (\(text))"
                )
            }
            if (error as? NIOSSLExtraError) == .failedToValidateHostname {
                return .tls(url: url, detail: "the server's certificate is not for this host name (\(text))")
            }
            return .tls(url: url, detail: text)
        }
        if let e = error as? IOError, e.errnoCode == ECONNREFUSED { return .connectionRefused(url: url) }
        // getaddrinfo found no address for the host.
        if error is SocketAddressError { return .hostNotFound(host: host) }
        if let e = error as? ChannelError, case .connectTimeout = e { return .timedOut(url: url, seconds: timeout) }
        return .connectionLost(url: url, detail: "\(error)")
    }
}
