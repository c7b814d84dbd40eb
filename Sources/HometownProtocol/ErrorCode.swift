/// The machine-readable `code` of every error body the server sends (`{"error", "field", "code"}`): stable
/// snake_case words a client branches on, where `error` is prose for a person and may change. The OpenAPI
/// document's `Error` schema lists the same values.
public enum ErrorCode: String, CaseIterable, Sendable, Codable {
    // The protocol's refusals (400; 413 for `body_too_large`), one per `ProtocolError` case.
    /// The body is not one JSON object.
    case malformedBody = "malformed_body"
    /// The body is larger than `ProtocolLimits.maxBodyBytes`.
    case bodyTooLarge = "body_too_large"
    /// A required key or parameter is absent.
    case missing
    /// A body key the protocol does not define.
    case unknownKey = "unknown_key"
    /// A key or parameter given twice.
    case repeated
    /// A query parameter the endpoint does not take.
    case unknownParameter = "unknown_parameter"
    /// A value of the wrong type or form.
    case wrongType = "wrong_type"
    /// A value outside its range.
    case outOfRange = "out_of_range"
    /// A string too long or too short.
    case length
    /// A string with a character that is not allowed there.
    case invalidCharacter = "invalid_character"
    /// A country the server does not serve.
    case unsupportedCountry = "unsupported_country"
    /// A state that is not one of the country's.
    case unsupportedState = "unsupported_state"
    /// The nickname is another user's (up to case, width and look-alike letters).
    case nicknameTaken = "nickname_taken"

    // The owner's refusals (POST users/{id}/update and users/{id}/delete).
    /// 403: no post has this id and password (a wrong password and an unknown id are not told apart).
    case wrongPassword = "wrong_password"
    /// 429: too many wrong passwords lately for the post or from the address (with Retry-After).
    case tooManyAttempts = "too_many_attempts"

    // The server's own failures.
    /// 404 from GET region: no user with a point matches the filters.
    case noRegion = "no_region"
    /// 503: the database is locked by another program (with Retry-After).
    case databaseBusy = "database_busy"
    /// 503: the database server cannot be reached or went away (PostgreSQL restarting; with Retry-After).
    case databaseUnavailable = "database_unavailable"
    /// 503: the database's storage cannot take writes (its disk is full, or writing failed; with Retry-After).
    case storageUnavailable = "storage_unavailable"
    /// 503: the queue of password hashes is full (with Retry-After).
    case hashQueueFull = "hash_queue_full"
    /// 503: the queue of expensive work is full or the wait for a turn ran out (with Retry-After).
    case workQueueFull = "work_queue_full"
    /// 503 from the connection layer: too many connections, or a request that took too long to arrive.
    case connectionLimit = "connection_limit"
    /// 408 from the connection layer: the request head or body arrived too slowly.
    case requestTimeout = "request_timeout"
    /// 431 from the connection layer: the request head is larger than the server takes.
    case headTooLarge = "head_too_large"
    /// 400 from the connection layer: the bytes are not an HTTP/1 request.
    case malformedRequest = "malformed_request"
    /// 417 or 501 from the connection layer: an expectation or transfer coding the server does not support.
    case notSupported = "not_supported"
    /// 503 from `GET /healthz`: the server is not ready (its database does not answer in time, or fails).
    case notReady = "not_ready"
    /// 500: the database could not be read or written.
    case storageFailed = "storage_failed"
    /// 500: a boundary tile could not be drawn.
    case tileFailed = "tile_failed"
    /// 500: any other failure of the server.
    case internalError = "internal_error"
}

extension ProtocolError {
    /// The machine-readable code of this refusal.
    public var code: ErrorCode {
        switch self {
        case .malformedBody: return .malformedBody
        case .bodyTooLarge: return .bodyTooLarge
        case .missing: return .missing
        case .unknownKey: return .unknownKey
        case .repeated: return .repeated
        case .unknownParameter: return .unknownParameter
        case .wrongType: return .wrongType
        case .outOfRange: return .outOfRange
        case .length: return .length
        case .invalidCharacter: return .invalidCharacter
        case .unsupportedCountry: return .unsupportedCountry
        case .unsupportedState: return .unsupportedState
        case .nicknameTaken: return .nicknameTaken
        }
    }
}
