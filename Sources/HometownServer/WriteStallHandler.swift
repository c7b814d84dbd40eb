import NIOCore

/// Closes a connection whose client stops reading: when the connection's outgoing buffer has been full (the channel
/// not writable) for `timeout` (`--read-timeout`) without draining, the connection is closed, so that an answer
/// being streamed to nobody does not hold a connection, a compression slot or a writer for ever. A slow reader
/// that keeps taking bytes is never cut: every time the buffer drains below its low mark the clock starts again.
final class WriteStallHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            timer?.cancel()
            timer = nil
        } else if timer == nil {
            let channel = context.channel
            timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }
}
