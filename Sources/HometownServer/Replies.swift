import Foundation
import HTTPTypes
import HometownCore
import HometownProtocol
import Hummingbird
import NIOCore

/// The responses the server sends, in one place so that every endpoint answers alike.
enum Replies {
    static let jsonType = "application/json; charset=utf-8"

    /// 200 with JSON bytes.
    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        json(ByteBuffer(bytes: bytes), status: status)
    }

    /// 200 with JSON bytes already in a buffer (shared, not copied: cached answers are sent as they are).
    static func json(_ buffer: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: jsonType], body: ResponseBody(byteBuffer: buffer))
    }

    /// 200 with a JSON value written compactly (keys sorted).
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json(Array(value.compactText.utf8), status: status)
    }

    /// 200 with a `Codable` value as JSON (keys sorted).
    static func json<T: Encodable>(encoding value: T) throws -> Response {
        json(try encoded(value))
    }

    /// A `Codable` answer as the protocol writes it (`AnswerCoding`).
    static func encoded<T: Encodable>(_ value: T) throws -> [UInt8] { try AnswerCoding.encode(value) }

    /// A JSON error body `{"error": message, "field": field, "code": code}` (field only when the error has one).
    static func error(_ message: String, field: String? = nil, code: ErrorCode, status: HTTPResponse.Status) -> Response
    {
        json(.object(errorMembers(message, field: field, code: code)), status: status)
    }

    /// The members of one error: `error`, `code`, and `field` when there is one.
    private static func errorMembers(_ message: String, field: String?, code: ErrorCode) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["error": .string(message), "code": .string(code.rawValue)]
        if let field { o["field"] = .string(field) }
        return o
    }

    /// The protocol's refusal: 400 (413 for an oversized body) with the error's message, field and code.
    static func refusal(_ e: ProtocolError) -> Response { refusal(ProtocolRefusal(e)) }

    /// The protocol's refusal of every problem found: 400 (413 for an oversized body) with the first problem's
    /// `error`, `field` and `code`, as a client reading only those expects, and `errors`, every problem as such an
    /// object in the protocol's key order (the first is the one at the top).
    static func refusal(_ r: ProtocolRefusal) -> Response {
        let first = r.first
        var o = errorMembers(first.description, field: first.field, code: first.code)
        o["errors"] = .array(r.problems.map { .object(errorMembers($0.description, field: $0.field, code: $0.code)) })
        if case .bodyTooLarge = first { return json(.object(o), status: .contentTooLarge) }
        return json(.object(o), status: .badRequest)
    }

    /// 404 with an HTML page, for paths that do not exist (as the protocol says).
    static func notFound(method: HTTPRequest.Method, path: String) -> Response {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Cannot \(escapeHTML(method.rawValue)) \(escapeHTML(path)). The Hometown protocol lives under
            <code>/hometown/</code>; its description is at <a href="/openapi.yaml">/openapi.yaml</a>.</p></body></html>

            """
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// 200 with plain text.
    static func text(_ s: String, type: String = "text/plain; charset=utf-8") -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: s)))
    }

    /// At most 200 characters of `s`, escaped for HTML.
    static func escapeHTML(_ s: String) -> String { MarkupText.escape(String(s.prefix(200))) }
}
