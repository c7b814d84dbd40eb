import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import HometownServer

/// Whose failures an owner's wrong password counts against (`ClientAddress`): the peer, unless the peer is a
/// trusted proxy, whose `X-Forwarded-For` then names the client by its right-most untrusted address.
@Suite struct ClientAddressTests {
    static func request(forwardedFor: [String]) -> Request {
        var fields = HTTPFields()
        for v in forwardedFor { fields.append(HTTPField(name: HTTPField.Name("X-Forwarded-For")!, value: v)) }
        let head = HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/", headerFields: fields)
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func thePeerUnlessItIsATrustedProxy() throws {
        let proxy = try SocketAddress(ipAddress: "127.0.0.1", port: 5000)
        let stranger = try SocketAddress(ipAddress: "198.51.100.9", port: 5000)
        let forged = Self.request(forwardedFor: ["203.0.113.66, 203.0.113.7"])
        let loopback = try TrustedProxies(["127.0.0.1"])
        // Not trusted: the header is ignored, whatever it says.
        #expect(ClientAddress.of(forged, peer: stranger, trusted: .none) == "198.51.100.9")
        #expect(ClientAddress.of(forged, peer: stranger, trusted: loopback) == "198.51.100.9")
        // Trusted: the right-most address, the one the proxy appended; what the client wrote to its left is not
        // believed.
        #expect(ClientAddress.of(forged, peer: proxy, trusted: loopback) == "203.0.113.7")
        // Several proxies: trusted hops are passed over; two header lines are one list.
        let chained = Self.request(forwardedFor: ["203.0.113.66", "203.0.113.8, 10.0.0.2"])
        #expect(
            ClientAddress.of(chained, peer: proxy, trusted: try TrustedProxies(["127.0.0.1", "10.0.0.2"]))
                == "203.0.113.8")
        // A trusted peer without the header is the client itself.
        #expect(ClientAddress.of(Self.request(forwardedFor: []), peer: proxy, trusted: loopback) == "127.0.0.1")
        #expect(ClientAddress.of(forged, peer: nil, trusted: loopback) == "unknown")
    }

    /// Entries are addresses and networks, compared as addresses: another spelling of the same address, an IPv4
    /// peer seen through an IPv6 socket, and a member of a trusted network are all trusted.
    @Test func proxiesAreAddressesAndNetworksNotText() throws {
        let proxies = try TrustedProxies(["0:0:0:0:0:0:0:1", "127.0.0.1", "10.1.0.0/16", "fd00::/8", "192.0.2.77/32"])
        for trusted in ["::1", "::ffff:127.0.0.1", "10.1.255.3", "fd12:3456::9", "192.0.2.77"] {
            #expect(proxies.contains(trusted), "\(trusted)")
        }
        for untrusted in ["10.2.0.1", "fe80::1", "192.0.2.78", "127.0.0.2", "localhost", "", "10.1.0.1 "] {
            #expect(!proxies.contains(untrusted), "\(untrusted)")
        }
        #expect(try TrustedProxies(["0.0.0.0/0"]).contains("203.0.113.5"))
        #expect(try !TrustedProxies(["0.0.0.0/0"]).contains("2001:db8::1"))
        #expect(try TrustedProxies(["::/0"]).contains("2001:db8::1"))
        let proxy = try SocketAddress(ipAddress: "10.1.2.3", port: 5000)
        let forwarded = Self.request(forwardedFor: ["203.0.113.7, 10.1.9.9"])
        #expect(ClientAddress.of(forwarded, peer: proxy, trusted: proxies) == "203.0.113.7")
    }

    @Test(arguments: [
        "notanip", "127.0.0.1/33", "::1/129", "10.0.0.0/", "10.0.0.0/x", "127.0.0.1 ", "fe80::1%eth0", "",
    ])
    func anEntryThatIsNotAnAddressIsRefusedByName(_ entry: String) {
        var limits = OwnerLimits()
        limits.trustedProxies = ["127.0.0.1", entry]
        #expect(throws: ServerError.self) { try limits.validate() }
        do { try limits.validate() } catch {
            #expect("\(error)".contains("--trusted-proxy") && "\(error)".contains("'\(entry)'"), "\(error)")
        }
    }
}
