import HometownCore

/// A JSON object read strictly (RFC 8259, by `JSONValue.parseMembers`) with each member's value kept in the
/// form it was written, so that a year of `1985.0`, `1e3` or `"1985"` can be told from `1985`. Nested arrays and
/// objects are kept only by kind: no protocol field takes them.
public struct BodyObject: Sendable {
    /// A member's value.
    public enum Value: Equatable, Sendable {
        case string(String)
        /// The number exactly as written (e.g. "1985", "-93.29", "1e3").
        case number(String)
        case bool(Bool)
        case null
        case array
        case object

        /// The JSON kind, for messages ("a string", "a number", ...).
        public var kindDescription: String {
            switch self {
            case .string: return "a string"
            case .number(let t): return "the number \(t)"
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// Members in the order written (a repeated key appears twice).
    public let members: [(key: String, value: Value)]

    /// Reads `bytes` as one JSON object; white space may surround it, nothing else.
    /// - Throws: `ProtocolError.malformedBody` with the byte offset of the problem.
    public init(parsing bytes: [UInt8]) throws(ProtocolError) {
        let parsed: [JSONMember]
        do { parsed = try JSONValue.parseMembers(bytes) } catch { throw .malformedBody(error.description) }
        members = parsed.map { m in
            let v: Value
            switch m.value {
            case .string(let s): v = .string(s)
            case .number: v = .number(m.text)
            case .bool(let b): v = .bool(b)
            case .null: v = .null
            case .array: v = .array
            case .object: v = .object
            }
            return (m.key, v)
        }
    }
}
