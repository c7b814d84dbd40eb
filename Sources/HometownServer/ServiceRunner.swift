import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the server until SIGTERM or SIGINT, then shuts it down gracefully within `limits.shutdownTimeout`: the
/// listener closes, each connection's `ConnectionGuard` closes it once its answer is written or at the deadline,
/// then the database closes and this returns (the process exits 0). As a backstop, a shutdown still running
/// 5 s after the deadline is escalated to task cancellation, and one that does not end 5 s later stops the
/// process (a crash rather than a hang). `stopSignals`, made when the process started, carries a stop asked for
/// while the server was starting over to this shutdown.
public func runService(_ app: any ApplicationProtocol, limits: ServerLimits, stopSignals: StopSignals? = nil)
    async throws
{
    var configuration = ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint],
        logger: app.logger)
    configuration.maximumGracefulShutdownDuration = limits.shutdownTimeout + .seconds(5)
    configuration.maximumCancellationDuration = .seconds(5)
    let group = ServiceGroup(configuration: configuration)
    await stopSignals?.attach(group)
    do {
        try await group.run()
    } catch let e as IOError where [EADDRINUSE, EADDRNOTAVAIL, EACCES].contains(e.errnoCode) {
        // The listener's bind failed: said in words, with what to do (the database is closed by then).
        switch e.errnoCode {
        case EADDRINUSE: throw ServerError.cannotListen("the port is in use by another program; choose another --port")
        case EACCES: throw ServerError.cannotListen("a port below 1024 needs privileges; choose --port 1024 or above")
        default: throw ServerError.cannotListen("no network interface of this machine has that --host address")
        }
    } catch let e where e is SocketAddressError || e is SocketAddressError.UnknownHost {
        // A --host name the resolver does not know.
        throw ServerError.cannotListen("the --host name is no address this machine can resolve (\(e))")
    }
}
