#if canImport(Glibc)
    import Glibc
#endif

/// The peers whose `X-Forwarded-For` is believed (`OwnerLimits.trustedProxies`): IPv4 and IPv6 addresses and
/// networks ("127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8"), compared as addresses rather than as text, so that
/// "0:0:0:0:0:0:0:1" is "::1" and an IPv4 peer of a server listening on an IPv6 socket ("::ffff:10.0.0.2") is
/// 10.0.0.2.
struct TrustedProxies: Sendable {
    /// An address (16 bytes, an IPv4 one as its IPv4-mapped IPv6 form) and how many of its leading bits count.
    private struct Network: Sendable {
        let bytes: [UInt8]
        let bits: Int

        func contains(_ address: [UInt8]) -> Bool {
            let whole = bits / 8
            guard address[..<whole] == bytes[..<whole] else { return false }
            let rest = bits % 8
            guard rest > 0 else { return true }
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - rest))
            return address[whole] & mask == bytes[whole] & mask
        }
    }

    private let networks: [Network]

    /// No proxy: every peer is the client.
    static let none = TrustedProxies(networks: [])

    private init(networks: [Network]) { self.networks = networks }

    /// - Parameter entries: addresses, or networks written address/prefix-length.
    /// - Throws: `ServerError.badConfiguration` naming the first entry that is neither.
    init(_ entries: [String]) throws {
        networks = try entries.map { entry in
            func bad() -> ServerError {
                .badConfiguration(
                    "--trusted-proxy",
                    "'\(entry)' is not an IP address or network (examples: 127.0.0.1, ::1, 10.0.0.0/8, fd00::/8)")
            }
            let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let (bytes, isIPv4) = Self.parse(String(parts[0])) else { throw bad() }
            let width = isIPv4 ? 32 : 128
            guard parts.count == 2 else { return Network(bytes: bytes, bits: 128) }
            guard parts[1].allSatisfy(\.isASCII), let length = Int(parts[1]), (0...width).contains(length) else {
                throw bad()
            }
            return Network(bytes: bytes, bits: 128 - width + length)
        }
    }

    var isEmpty: Bool { networks.isEmpty }

    /// Whether `text` is an address inside one of the networks (false for anything that is not an address).
    func contains(_ text: String) -> Bool {
        guard !networks.isEmpty, let (address, _) = Self.parse(text) else { return false }
        return networks.contains { $0.contains(address) }
    }

    /// The 16 bytes of an IPv4 or IPv6 address written as text, an IPv4 one mapped (::ffff:a.b.c.d), and
    /// whether it was written as IPv4; nil for anything else (a name, a zone suffix, spaces).
    private static func parse(_ text: String) -> ([UInt8], Bool)? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return ([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] + withUnsafeBytes(of: &v4) { Array($0) }, true)
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        return (withUnsafeBytes(of: &v6) { Array($0) }, false)
    }
}
