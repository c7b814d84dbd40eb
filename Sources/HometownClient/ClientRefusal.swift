import HometownProtocol

extension ClientError {
    /// One problem of a refusal, as the server's error body gives it (`error`, `field`, `code`; each element of
    /// its `errors`).
    public struct Refusal: Equatable, Sendable {
        /// The server's code; nil when it sent none this client knows.
        public let code: ErrorCode?
        /// What is wrong, in the server's words.
        public let message: String
        /// The body key or query parameter it is about, if any.
        public let field: String?

        public init(code: ErrorCode?, message: String, field: String?) {
            self.code = code
            self.message = message
            self.field = field
        }
    }
}
