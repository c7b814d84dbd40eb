import Hummingbird
import Logging
import ServiceLifecycle

/// Runs the server until SIGTERM or SIGINT, then shuts it down gracefully within `limits.shutdownTimeout`: the
/// listener closes, each connection's `ConnectionGuard` closes it once its answer is written or at the deadline,
/// then the database closes and this returns (the process exits 0). As a backstop, a shutdown still running
/// 5 s after the deadline is escalated to task cancellation, and one that does not end 5 s later stops the
/// process (a crash rather than a hang).
public func runService(_ app: any ApplicationProtocol, limits: ServerLimits) async throws {
    var configuration = ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint],
        logger: app.logger)
    configuration.maximumGracefulShutdownDuration = limits.shutdownTimeout + .seconds(5)
    configuration.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: configuration).run()
}
