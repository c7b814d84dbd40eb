import NIOCore

/// First in a connection's pipeline: tells the `ConnectionGuard` that bytes arrived, before the HTTP decoder
/// has made anything of them (a request head is only seen whole, so its first byte is noticed here).
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuard

    init(connectionGuard: ConnectionGuard) { self.connectionGuard = connectionGuard }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connectionGuard.bytesArrived(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}
