import HometownProtocol

/// Why a request to a Hometown server failed, in words a person can act on. A refusal carries the server's
/// machine-readable `ErrorCode`; callers branch on that, never on the message.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The base URL is not an http(s) URL.
    case invalidURL(String)
    /// A limit given to the client is out of range (what, and its range).
    case invalidLimit(String)
    /// Nothing listens at the address (connection refused).
    case connectionRefused(url: String)
    /// The host name does not resolve.
    case hostNotFound(host: String)
    /// No answer within the time limit, `seconds` to each of `tries` tries (a GET is tried again, a POST is not).
    case timedOut(url: String, seconds: Double, tries: Int = 1)
    /// The TLS handshake failed (certificate, protocol).
    case tls(url: String, detail: String)
    /// The file of certificate authorities to trust cannot be used.
    case certificateFile(path: String, detail: String)
    /// The server closed the connection before answering, or another network failure.
    case connectionLost(url: String, detail: String)
    /// The server refused the request (4xx) with its JSON message, field and code (nil when the server sent no
    /// code this client knows): its first problem. `others` holds the rest of the problems the server listed in
    /// `errors`, in its order (empty when it found one, or sent no list).
    case refused(status: Int, code: ErrorCode?, message: String, field: String?, others: [Refusal] = [])
    /// The nickname is taken (the server's `nickname_taken`, or `nicknameexists` said so).
    case nicknameTaken(String)
    /// No post has this id with this password (the server's `wrong_password`, 403, to POST users/{id}/update or
    /// users/{id}/delete): the password is wrong or the id is no post's (never was, or deleted); the server does
    /// not tell the two apart.
    case wrongPassword(id: Int)
    /// Too many wrong passwords lately for this post or from this address (the server's `too_many_attempts`,
    /// 429): the attempt was not checked. `retryAfter` is the server's Retry-After, in seconds (nil when it sent
    /// none that reads as a whole number).
    case tooManyAttempts(retryAfter: Int?)
    /// The URL answers, but not as a Hometown server: a 404 page (wrong URL or path prefix) or HTML.
    case notAHometownServer(url: String, status: Int)
    /// The URL answers with a redirect (3xx) to `location` (nil when the answer named none). It is not followed:
    /// a post's password would go on to wherever it points, over plain http perhaps.
    case redirected(url: String, status: Int, location: String?)
    /// The answer is larger than the client reads (`HometownClient.maxAnswerBytes`).
    case answerTooLarge(url: String, maxBytes: Int)
    /// The server failed (5xx), with what it said and its code, if any.
    case serverFailed(status: Int, code: ErrorCode?, message: String)
    /// The answer is not what the protocol says (broken JSON, wrong shape).
    case malformedResponse(url: String, detail: String)

    public var description: String {
        switch self {
        case .invalidURL(let u): return "'\(u)' is not a server URL: give one like http://127.0.0.1:8080"
        case .invalidLimit(let what): return what
        case .connectionRefused(let u):
            return "nothing answers at \(u) (connection refused): is `hometown serve` running there, on that port?"
        case .hostNotFound(let h): return "the host '\(h)' is not known (DNS): check the server URL"
        case .timedOut(let u, let s, let tries):
            let waited = tries > 1 ? " to any of \(tries) tries" : ""
            return
                "no answer from \(u) within \(s.formatted1) s\(waited): the server is down or overloaded; try again, or raise --timeout"
        case .tls(let u, let d): return "secure connection to \(u) failed (TLS): \(d)"
        case .certificateFile(let path, let d): return "cannot trust the certificates in '\(path)': \(d)"
        case .connectionLost(let u, let d): return "the connection to \(u) broke before an answer: \(d)"
        case .refused(let status, let code, let message, let field, let others):
            if others.isEmpty {
                return "the server refused it (HTTP \(status))" + (field.map { " at '\($0)'" } ?? "") + ": \(message)"
            }
            let all = [Refusal(code: code, message: message, field: field)] + others
            return "the server refused it (HTTP \(status)) for \(all.count) reasons:"
                + all.map { "\n  " + ($0.field.map { "at '\($0)'" } ?? "the request") + ": \($0.message)" }.joined()
        case .nicknameTaken(let n):
            return
                "the nickname '\(n)' is taken on this server (compared without regard to case, width or letters that look alike): choose another"
        case .wrongPassword(let id):
            return
                "no post has id \(id) with this password (a wrong password and an unknown id are not told apart): check both"
        case .tooManyAttempts(let seconds):
            return "too many wrong passwords lately for this post or from this address: try again "
                + (seconds.map { "in \($0) s" } ?? "later")
        case .notAHometownServer(let u, let status):
            return
                "\(u) is not a Hometown server (HTTP \(status) with a web page): check the URL; give the base, e.g. http://host:8080, without /hometown"
        case .redirected(let u, let status, let location):
            return "\(u) answers with a redirect (HTTP \(status)) to "
                + (location.map { "\($0): give the server's URL as it is there" } ?? "an address it does not name")
                + " (redirects are not followed, so that a password never goes on to another address)"
        case .answerTooLarge(let u, let maxBytes):
            return
                "the answer from \(u) is larger than \(maxBytes.formattedBytes) (--max-answer-mib): ask for less at a time, e.g. with --page and --page-size"
        case .serverFailed(let status, _, let message): return "the server failed (HTTP \(status)): \(message)"
        case .malformedResponse(let u, let d):
            return "the answer from \(u) is not what the Hometown protocol says: \(d)"
        }
    }

    /// Every problem of a refusal (`.refused`), the first included; empty for any other error.
    public var refusals: [Refusal] {
        guard case .refused(_, let code, let message, let field, let others) = self else { return [] }
        return [Refusal(code: code, message: message, field: field)] + others
    }

    /// Whether repeating the same idempotent request may succeed.
    var isTransient: Bool {
        switch self {
        case .connectionRefused, .timedOut, .connectionLost: return true
        case .serverFailed(let status, _, _): return status == 502 || status == 503 || status == 504
        default: return false
        }
    }
}

extension Int {
    /// "64 MiB" for a whole number of MiB, else "N bytes".
    var formattedBytes: String { self % (1 << 20) == 0 ? "\(self >> 20) MiB" : "\(self) bytes" }
}

extension Double {
    var formatted1: String { self == rounded() ? String(Int(self)) : String((self * 10).rounded() / 10) }
}
