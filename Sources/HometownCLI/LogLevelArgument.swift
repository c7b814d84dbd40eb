import ArgumentParser
import Logging

/// `serve --log-level`: one of swift-log's level names, exactly as written. ArgumentParser lists the values in
/// the help and in the message for any other text.
enum LogLevelArgument: String, CaseIterable, ExpressibleByArgument, Sendable {
    case trace, debug, info, notice, warning, error, critical

    /// The swift-log level of the same name.
    var level: Logger.Level {
        switch self {
        case .trace: return .trace
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        case .critical: return .critical
        }
    }
}
