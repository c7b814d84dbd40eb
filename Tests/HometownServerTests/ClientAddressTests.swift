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
        // Not trusted: the header is ignored, whatever it says.
        #expect(ClientAddress.of(forged, peer: stranger, trusted: []) == "198.51.100.9")
        #expect(ClientAddress.of(forged, peer: stranger, trusted: ["127.0.0.1"]) == "198.51.100.9")
        // Trusted: the right-most address, the one the proxy appended; what the client wrote to its left is not
        // believed.
        #expect(ClientAddress.of(forged, peer: proxy, trusted: ["127.0.0.1"]) == "203.0.113.7")
        // Several proxies: trusted hops are passed over; two header lines are one list.
        let chained = Self.request(forwardedFor: ["203.0.113.66", "203.0.113.8, 10.0.0.2"])
        #expect(ClientAddress.of(chained, peer: proxy, trusted: ["127.0.0.1", "10.0.0.2"]) == "203.0.113.8")
        // A trusted peer without the header is the client itself.
        #expect(ClientAddress.of(Self.request(forwardedFor: []), peer: proxy, trusted: ["127.0.0.1"]) == "127.0.0.1")
        #expect(ClientAddress.of(forged, peer: nil, trusted: ["127.0.0.1"]) == "unknown")
    }
}
