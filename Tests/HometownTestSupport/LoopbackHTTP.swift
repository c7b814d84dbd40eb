import AsyncHTTPClient
import Foundation

/// Plain HTTP requests to a test's server on loopback, answered as status, the `Retry-After` header and the body
/// as text (AsyncHTTPClient's shared client, 30 s per request, times `TestSlowdown`).
public enum LoopbackHTTP {
    public typealias Answer = (status: Int, retryAfter: String?, body: String)

    /// GET `url`, reading at most `maxBytes` of the body.
    public static func get(_ url: String, maxBytes: Int = 1 << 24) async throws -> Answer {
        try await send(HTTPClientRequest(url: url), maxBytes: maxBytes)
    }

    /// POST `json` to `url` as application/json.
    public static func post(_ url: String, json: String) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(Data(json.utf8))
        return try await send(request, maxBytes: 1 << 20)
    }

    /// POST a valid new user named `nickname` (Austin, Texas, 2001; no point) to the protocol root `base`.
    public static func addUser(_ base: String, nickname: String) async throws -> Answer {
        try await post(
            base + "/adduser",
            json:
                #"{"nickname":"\#(nickname)","password":"secret1","country":"USA","state":"Texas","city":"Austin","year":2001}"#
        )
    }

    /// Posts users `PREFIX0`, `PREFIX1`, ... (`addUser`) until one is not accepted or `limit` were: the nicknames
    /// accepted, in order, and the first answer that was not 200 (nil when all were accepted).
    public static func addUsersUntilRefused(_ base: String, prefix: String, limit: Int) async throws -> (
        stored: [String], refused: Answer?
    ) {
        var stored: [String] = []
        for n in 0..<limit {
            let answer = try await addUser(base, nickname: "\(prefix)\(n)")
            guard answer.status == 200 else { return (stored, answer) }
            stored.append("\(prefix)\(n)")
        }
        return (stored, nil)
    }

    /// GET `url` every 100 ms until it answers 200 or `limit` (times `TestSlowdown`) has passed: the last answer.
    public static func getUntilOK(_ url: String, within limit: Duration) async throws -> Answer {
        let start = ContinuousClock.now
        var answer = try await get(url)
        while answer.status != 200, ContinuousClock.now - start < TestSlowdown.scaled(limit) {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await get(url)
        }
        return answer
    }

    private static func send(_ request: HTTPClientRequest, maxBytes: Int) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(30 * TestSlowdown.factor)))
        let body = try await response.body.collect(upTo: maxBytes)
        return (Int(response.status.code), response.headers.first(name: "Retry-After"), String(buffer: body))
    }
}
