import NIOCore

/// Answers a connection accepted beyond `--max-connections` with 503 (`Retry-After`, JSON body) and closes it.
/// The answer is sent as soon as the connection is active, then the sending side is shut (the client reads the
/// answer, then end of file) and what the client sends is read and dropped until it closes, for at most
/// `linger`, so that its request does not make the kernel reset the connection before the answer is read.
final class RefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let reply: ByteBuffer
    private let linger: TimeAmount
    private var sent = false
    private var closer: Scheduled<Void>?

    /// - Parameters:
    ///   - reply: the whole HTTP answer, as bytes.
    ///   - linger: how long to keep reading and dropping before closing (0: close at once after the answer).
    init(reply: ByteBuffer, linger: TimeAmount) {
        self.reply = reply
        self.linger = linger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { answer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        answer(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let e = event as? ChannelEvent, e == .inputClosed { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }

    func channelInactive(context: ChannelHandlerContext) {
        closer?.cancel()
        closer = nil
        context.fireChannelInactive()
    }

    private func answer(_ context: ChannelHandlerContext) {
        guard !sent else { return }
        sent = true
        let linger = self.linger
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(reply), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in
            if linger > .zero {
                context.close(mode: .output, promise: nil)
            } else {
                context.close(promise: nil)
            }
        }
        context.read()
        closer = context.eventLoop.assumeIsolated().scheduleTask(in: linger > .zero ? linger : .seconds(1)) {
            context.close(promise: nil)
        }
    }
}
