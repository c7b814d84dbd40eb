import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with the server's limits around it: each accepted connection is counted
/// against `--max-connections` (one beyond it is answered 503 by `RefusalHandler` and closed), and an admitted
/// one gets a `ByteArrivalHandler` first in its pipeline and a `ConnectionGuard` right after NIO's HTTP decoder.
/// Hummingbird's own idle timeout is not used (the guard's covers it and more); its decoder limits carry
/// `--max-header-bytes`.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let counter: ConnectionCounter
    let settings: ConnectionGuard.Settings
    /// Seconds a refused client is told to wait (`Retry-After`).
    let retryAfter = 1

    /// Builds the server of an `Application` (`server:` argument), counting connections in `counter` (whose limit
    /// is `--max-connections`).
    static func builder(limits: ServerLimits, counter: ConnectionCounter) -> HTTPServerBuilder {
        let settings = ConnectionGuard.Settings(limits)
        var configuration = HTTP1Channel.Configuration(
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderBytes))
        configuration.idleTimeout = nil
        let channelConfiguration = configuration
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                inner: HTTP1Channel(responder: responder, configuration: channelConfiguration),
                counter: counter, settings: settings)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (admitted, count) = counter.admit()
        let counter = self.counter
        channel.closeFuture.whenComplete { _ in counter.release() }
        guard admitted else {
            let limit = counter.limit
            let retryAfter = self.retryAfter
            // Beyond the limit by more than 64 (a flood): no lingering, so that refused connections do not
            // hold files of their own.
            let linger: TimeAmount = count > limit + 64 ? .zero : .seconds(1)
            return channel.eventLoop.makeCompletedFuture {
                let reply = LimitReplies.bytes(
                    .serviceUnavailable,
                    "the server has as many connections open as it takes (\(limit)); try again later",
                    retryAfter: retryAfter)
                try channel.pipeline.syncOperations.addHandler(RefusalHandler(reply: reply, linger: linger))
                return try Value(
                    wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            }
        }
        let settings = self.settings
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let connectionGuard = ConnectionGuard(settings: settings)
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(connectionGuard, position: .after(decoder))
            try pipeline.addHandler(ByteArrivalHandler(connectionGuard: connectionGuard), position: .first)
            try pipeline.addHandler(WriteStallHandler(timeout: settings.readTimeout), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
