import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Who sent a request, for counting failures per client (`OwnerAttempts`): the connection's peer, or, when the
/// peer is a trusted proxy (`OwnerLimits.trustedProxies`), the right-most address of `X-Forwarded-For` that is not
/// itself trusted (a client can write anything to the left of what its proxies append).
enum ClientAddress {
    /// The client's address as text ("203.0.113.7"; "unknown" when the socket has none, e.g. in router tests).
    static func of(_ request: Request, peer: SocketAddress?, trusted: TrustedProxies) -> String {
        let peerText = peer?.ipAddress ?? "unknown"
        guard trusted.contains(peerText) else { return peerText }
        let hops = request.headers[values: .init("X-Forwarded-For")!].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return hops.reversed().first { !$0.isEmpty && !trusted.contains($0) } ?? peerText
    }

    /// The key failures are counted under for the address `text`: an IPv4 address as it is; an IPv6 address by
    /// its /64 prefix ("2001:db8:1:2::/64"), the block one subscriber is given, so that rotating addresses inside
    /// it counts as one client; an IPv4-mapped IPv6 address as its IPv4 address. Anything else (a name, an address
    /// with a zone) as it is.
    static func key(_ text: String) -> String {
        guard text.contains(":") else { return text }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return text }
        let b = withUnsafeBytes(of: &address) { Array($0) }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff {
            return "\(b[12]).\(b[13]).\(b[14]).\(b[15])"
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
