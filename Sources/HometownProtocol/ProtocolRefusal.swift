/// Every problem found in one refused request, so that a person fixes them all at once rather than one per try.
///
/// A post's fields (POST adduser, and the changed post of POST users/{id}/update) are each checked, and each
/// refused field gives one problem (its first), in the protocol's key order (`PostField`): a state is checked only
/// when its country is served, and a problem with the body as a whole (not one JSON object, too large, an unknown
/// or a repeated key) stands alone, since the fields cannot be read. The first problem is the one a client that
/// reads only `error`, `field` and `code` sees; the server writes them all as `errors` (`Replies.refusal`).
public struct ProtocolRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems, at least one, in the protocol's key order.
    public private(set) var problems: [ProtocolError]
    /// The nickname as it would be stored, when the post's nickname itself is acceptable (nil when it is refused,
    /// or when the refusal is not about a post's fields): what the server checks against its users so that a taken
    /// nickname is reported with the other problems (`addingTakenNickname()`).
    public let acceptedNickname: String?

    /// A refusal of one problem.
    public init(_ problem: ProtocolError) {
        problems = [problem]
        acceptedNickname = nil
    }

    /// A refusal of `problems` (at least one, in key order).
    init(problems: [ProtocolError], acceptedNickname: String?) {
        precondition(!problems.isEmpty, "a refusal has at least one problem")
        self.problems = problems
        self.acceptedNickname = acceptedNickname
    }

    /// The first problem: the refusal's `error`, `field` and `code`.
    public var first: ProtocolError { problems[0] }

    /// This refusal with `nicknameTaken(acceptedNickname)` in its place (first: `nickname` is the first key);
    /// unchanged when no nickname was accepted or the nickname is already refused.
    public func addingTakenNickname() -> ProtocolRefusal {
        guard let nickname = acceptedNickname, !problems.contains(where: { $0.field == PostField.nickname.rawValue })
        else { return self }
        return ProtocolRefusal(problems: [.nicknameTaken(nickname)] + problems, acceptedNickname: nickname)
    }

    /// The problems' messages, one a line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
