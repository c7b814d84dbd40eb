import Hummingbird
import NIOCore

/// The context of every request: Hummingbird's core context and the address of the peer (the client, or a
/// proxy in front), which the owner's endpoints need to slow guessing per address (`OwnerAttempts`).
struct HometownRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer, as the socket says.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
