import HometownStore
import NIOCore
import PostgresNIO

/// What PostgresNIO's errors mean for the store: the `StoreError` a caller gets, and a description that names the
/// cause (PostgresNIO's own `description` hides every detail on purpose; the server's message and SQLSTATE do not
/// hold any row's data, only names of tables and constraints).
enum PostgresFailure {
    /// SQLSTATE of a unique-index violation.
    static let uniqueViolation = "23505"
    /// SQLSTATEs of a server whose storage cannot take the write: disk_full (53100, "could not extend file: No
    /// space left on device") and io_error (58030).
    static let storageStates: Set<String> = ["53100", "58030"]

    /// The SQLSTATE the server sent with `error`, if it came from the server.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Whether `error` means the server could not be reached or went away: a failed or lost connection, or the
    /// server's own "shutting down / starting up / too many connections" (SQLSTATE class 08, 57P01-57P03, 53300).
    static func isUnavailable(_ error: any Error) -> Bool {
        guard let e = error as? PSQLError else {
            return error is ChannelError || error is IOError || "\(type(of: error))" == "NIOConnectionError"
        }
        if e.code == .server {
            guard let state = e.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        }
        switch e.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed,
            .queryCancelled, .sslUnsupported, .failedToAddSSLHandler:
            return true
        default:
            return false
        }
    }

    /// `error` in words: the server's message and SQLSTATE, or the connection's failure.
    static func describe(_ error: any Error) -> String {
        if let e = error as? PSQLError {
            if let info = e.serverInfo {
                let message = info[.message] ?? "error"
                let detail = info[.detail].map { " (\($0))" } ?? ""
                return "\(message)\(detail) [SQLSTATE \(info[.sqlState] ?? "?")]"
            }
            if let underlying = e.underlying { return "\(e.code): \(describe(underlying))" }
            return "\(e.code)"
        }
        return "\(error)"
    }

    /// `error` as the `StoreError` a caller gets; `takenNickname` (for writes) names the nickname of a unique
    /// violation of the nickname index (one of another constraint, such as a repeated id, is a failure). A full or failing disk on the server is `storageUnavailable` (503 with `Retry-After`, as for
    /// SQLite), not a failure of the request.
    static func storeError(_ error: any Error, takenNickname: String? = nil) -> StoreError {
        if let e = error as? StoreError { return e }
        if let takenNickname, sqlState(error) == uniqueViolation,
            (error as? PSQLError)?.serverInfo?[.constraintName].map({ $0 == PostgresSchema.nicknameIndex }) ?? true
        {
            return .nicknameTaken(takenNickname)
        }
        if isUnavailable(error) { return .unavailable(describe(error)) }
        if let state = sqlState(error), storageStates.contains(state) { return .storageUnavailable(describe(error)) }
        return .failed(describe(error))
    }
}
