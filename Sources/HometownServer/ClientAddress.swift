import Foundation
import Hummingbird
import NIOCore

/// Who sent a request, for counting failures per client (`OwnerAttempts`): the connection's peer, or, when the
/// peer is a trusted proxy (`OwnerLimits.trustedProxies`), the right-most address of `X-Forwarded-For` that is not
/// itself trusted (a client can write anything to the left of what its proxies append).
enum ClientAddress {
    /// The client's address as text ("203.0.113.7"; "unknown" when the socket has none, e.g. in router tests).
    static func of(_ request: Request, peer: SocketAddress?, trusted: [String]) -> String {
        let peerText = peer?.ipAddress ?? "unknown"
        guard !trusted.isEmpty, trusted.contains(peerText) else { return peerText }
        let hops = request.headers[values: .init("X-Forwarded-For")!].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return hops.reversed().first { !$0.isEmpty && !trusted.contains($0) } ?? peerText
    }
}
