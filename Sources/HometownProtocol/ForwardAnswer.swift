/// The answer of GET forward: the places a name may stand for, best first, each named in the server's
/// vocabulary. Encoded and decoded with `JSONEncoder`/`JSONDecoder` (absent names as `null`).
public struct ForwardAnswer: Hashable, Sendable, Codable {
    /// One place the name may stand for: its names in the server's vocabulary (`served`; `city` is the name, for a
    /// city) and what the gazetteer says of it (`place`, the object `hometown forward` prints), whose name, kind,
    /// point, box, score and unread words the result repeats at its top level.
    public typealias Result = ServedAnswer<ForwardPlace>

    /// The name asked about.
    public var query: String
    /// The places, best first (at most the `limit` asked for).
    public var results: [Result]

    /// An answer for `query` with its results, best first.
    public init(query: String, results: [Result]) {
        self.query = query
        self.results = results
    }
}
