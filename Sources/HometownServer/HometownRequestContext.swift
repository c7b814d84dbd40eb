import Hummingbird
import NIOCore

/// The context of every request: Hummingbird's core context, the address of the peer (the client, or a
/// proxy in front), which the owner's endpoints need to slow guessing per address (`OwnerAttempts`), and whether
/// the client is still there, which long computations ask so as to stop when nobody waits for them.
struct HometownRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer, as the socket says.
    let remoteAddress: SocketAddress?
    /// The connection the request came on.
    private let channel: any Channel
    /// Whether the connection was open when the request arrived (a router test's channel never is).
    private let wasActive: Bool

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
        wasActive = source.channel.isActive
    }

    /// A check, callable from any thread, that is true while the request's connection is open: it turns false
    /// once the client has gone or the server closed the connection (at the shutdown deadline, for one).
    var clientIsThere: @Sendable () -> Bool {
        guard wasActive else { return { true } }
        let channel = channel
        return { channel.isActive }
    }
}
