/// Why a request of the Hometown protocol was refused. Every case names the field (a body key or a query
/// parameter) and the rule, so the message tells a person or a client what to change.
public enum ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body is not a JSON object (with the reader's detail, e.g. a byte offset).
    case malformedBody(String)
    /// The body is larger than `ProtocolLimits.maxBodyBytes`.
    case bodyTooLarge(limit: Int)
    /// A required key or parameter is absent.
    case missing(field: String)
    /// A key the body does not take (bodies refuse them rather than drop them silently), with the keys it takes.
    case unknownKey(String, allowed: [String])
    /// A key appears twice in one body, or a parameter twice in one query.
    case repeated(field: String)
    /// A query parameter the endpoint does not take.
    case unknownParameter(String, allowed: [String])
    /// A value of the wrong JSON type or form (`expected` says what the field takes).
    case wrongType(field: String, expected: String, got: String)
    /// A value outside its range (`rule` states the range).
    case outOfRange(field: String, rule: String)
    /// A string over `ProtocolLimits.maxStringCharacters` or `maxStringBytes`, or under its minimum.
    case length(field: String, rule: String)
    /// A string holding a character that cannot be stored (NUL or another control character), or a nickname
    /// breaking `NicknameRules` (invisible or bidirectional characters, stacked marks, no letter or digit).
    case invalidCharacter(field: String, detail: String)
    /// A country this server does not serve.
    case unsupportedCountry(given: String, supported: [String], suggestion: String? = nil)
    /// A state that is not one of the country's (nil: of any served country, for a state given without one).
    case unsupportedState(given: String, country: String?, suggestion: String?)
    /// The nickname is taken: its `NicknameKey` (case, width and look-alike letters folded) is another user's.
    case nicknameTaken(String)

    /// The key or parameter the error is about, if any.
    public var field: String? {
        switch self {
        case .malformedBody, .bodyTooLarge: return nil
        case .missing(let f), .repeated(let f), .wrongType(let f, _, _), .outOfRange(let f, _), .length(let f, _),
            .invalidCharacter(let f, _):
            return f
        case .unknownKey(let k, _): return k
        case .unknownParameter(let p, _): return p
        case .unsupportedCountry: return "country"
        case .unsupportedState: return "state"
        case .nicknameTaken: return "nickname"
        }
    }

    public var description: String {
        switch self {
        case .malformedBody(let d): return "the body must be one JSON object: \(d)"
        case .bodyTooLarge(let limit): return "the body is larger than \(limit) bytes"
        case .missing(let f): return "'\(f)' is required"
        case .unknownKey(let k, let allowed):
            return "unknown key '\(k)': this body takes only \(allowed.joined(separator: ", "))"
        case .repeated(let f): return "'\(f)' is given more than once"
        case .unknownParameter(let p, let allowed):
            return allowed.isEmpty
                ? "unknown parameter '\(p)': this endpoint takes no parameters"
                : "unknown parameter '\(p)': this endpoint takes \(allowed.joined(separator: ", "))"
        case .wrongType(let f, let expected, let got): return "'\(f)' must be \(expected), not \(got)"
        case .outOfRange(let f, let rule): return "'\(f)' must be \(rule)"
        case .length(let f, let rule): return "'\(f)' must be \(rule)"
        case .invalidCharacter(let f, let d): return "'\(f)' \(d)"
        case .unsupportedCountry(let given, let supported, let suggestion):
            return
                "country '\(given)' is not served here: GET /hometown/countries lists the \(supported.count) that are ("
                + supported.prefix(8).joined(separator: ", ") + (supported.count > 8 ? ", ..." : "") + ")"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .unsupportedState(let given, let country?, let suggestion):
            return
                "state '\(given)' is not one of \(country)'s: GET /hometown/states?country=\(QueryString.percentEncoded(country)) lists them"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .unsupportedState(let given, nil, let suggestion):
            return
                "state '\(given)' is not one of any served country's: GET /hometown/states?country=COUNTRY lists a country's states"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .nicknameTaken(let n):
            return
                "nickname '\(n)' is taken (nicknames are compared without regard to case, width or letters that look alike)"
        }
    }
}
