import HometownClient
import HometownProtocol

/// The CLI's exit statuses, each number in one place: those of every command (1, 2), of the batch commands (3),
/// and of the commands that talk to a server (documented in `hometown post --help`), the one mapping from a
/// `ClientError` (and the server's `ErrorCode`) to a number.
enum ExitStatus {
    /// A failure of the system or the data rather than of the input (PROJ not installed, output not written).
    static let failure: Int32 = 1
    /// Invalid input: a field breaks the protocol's rules, the place is not served, or the name matches nothing.
    static let invalidInput: Int32 = 2
    /// A batch run finished, but some rows carry an error or the input was cut short.
    static let rowErrors: Int32 = 3

    /// The lines of `--help` for statuses 3 to 7 (the network), indented for a command's discussion: `hometown
    /// post`, `delete` and `update` show them.
    static let networkHelp = """
          3  connection refused (no server at that address and port)
          4  host not found (DNS)
          5  timed out
          6  TLS failure
          7  the connection broke before an answer
        """

    /// The lines of `--help` for statuses 10 to 12 (the server's answers), as `networkHelp`.
    static let answerHelp = """
         10  not a Hometown server at that URL (a 404 page: wrong URL or path prefix),
             or a redirect to another (not followed)
         11  the server failed (HTTP 5xx)
         12  the server's answer is malformed (broken JSON, HTML where JSON belongs),
             or larger than --max-answer-mib
        """

    /// The status for a client error.
    static func of(_ e: ClientError) -> Int32 {
        switch e {
        case .invalidURL, .invalidLimit, .certificateFile: return invalidInput
        case .connectionRefused: return 3
        case .hostNotFound: return 4
        case .timedOut: return 5
        case .tls: return 6
        case .connectionLost: return 7
        case .refused(_, let code, _, _, let others): return code == .nicknameTaken && others.isEmpty ? 9 : 8
        // The owner's refusals are refusals by the server, as any other (`hometown delete --help`).
        case .wrongPassword, .tooManyAttempts: return 8
        case .nicknameTaken: return 9
        case .notAHometownServer, .redirected: return 10
        case .serverFailed: return 11
        case .malformedResponse, .answerTooLarge: return 12
        }
    }
}
