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

    private static func send(_ request: HTTPClientRequest, maxBytes: Int) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(30 * TestSlowdown.factor)))
        let body = try await response.body.collect(upTo: maxBytes)
        return (Int(response.status.code), response.headers.first(name: "Retry-After"), String(buffer: body))
    }
}
