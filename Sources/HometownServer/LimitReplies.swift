import HometownCore
import HometownProtocol
import NIOCore
import NIOHTTP1

/// The answers the connection layer gives by itself (below the responder), each with a JSON body
/// `{"error": "...", "code": "..."}`, `Connection: close` and `HTTPPolicy.connectionLayerFields`.
enum LimitReplies {
    /// The response head and JSON body for `status` and `message`; `retryAfter` in whole seconds.
    static func parts(
        _ status: HTTPResponseStatus, _ message: String, version: HTTPVersion = .http1_1,
        retryAfter: Int? = nil
    ) -> (HTTPResponseHead, ByteBuffer) {
        let o: JSONValue = .object(["error": .string(message), "code": .string(code(for: status).rawValue)])
        let body = ByteBuffer(string: o.compactText)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "connection", value: "close")
        for (name, value) in HTTPPolicy.connectionLayerFields { headers.add(name: name, value: value) }
        if let retryAfter { headers.add(name: "retry-after", value: String(retryAfter)) }
        if status == .methodNotAllowed { headers.add(name: "allow", value: allowedMethods) }
        let v: HTTPVersion = version.major == 1 && version.minor == 0 ? .http1_0 : .http1_1
        return (HTTPResponseHead(version: v, status: status, headers: headers), body)
    }

    /// The methods the server answers (what a 405 lists in `Allow`).
    static let allowedMethods = "GET, HEAD, POST, OPTIONS"

    /// The error code of an answer of the connection layer, by its status (each status has one cause there).
    static func code(for status: HTTPResponseStatus) -> ErrorCode {
        switch status {
        case .payloadTooLarge: return .bodyTooLarge
        case .requestTimeout: return .requestTimeout
        case .requestHeaderFieldsTooLarge: return .headTooLarge
        case .serviceUnavailable: return .connectionLimit
        case .notImplemented, .expectationFailed, .methodNotAllowed, .unsupportedMediaType: return .notSupported
        case .internalServerError: return .internalError
        default: return .malformedRequest
        }
    }

    /// The same answer as raw bytes, for a connection that has no HTTP encoder (one refused at the limit).
    static func bytes(_ status: HTTPResponseStatus, _ message: String, retryAfter: Int? = nil) -> ByteBuffer {
        let (head, body) = parts(status, message, retryAfter: retryAfter)
        var out = ByteBuffer(string: "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in head.headers { out.writeString("\(name): \(value)\r\n") }
        out.writeString("\r\n")
        out.writeImmutableBuffer(body)
        return out
    }
}
