/// How the server slows the guessing of owners' passwords (POST users/{id}/update and users/{id}/delete), and
/// whose word it takes for a client's address. `OwnerAttempts` applies them.
public struct OwnerLimits: Sendable, Equatable {
    /// Wrong passwords allowed for one post, or from one address, before attempts must wait.
    public var freeFailures = 5
    /// The first wait, once `freeFailures` failures are spent; it doubles with each further failure.
    public var firstBackoff: Duration = .seconds(1)
    /// The longest wait. A count without a failure for this long after its wait has ended starts again from zero.
    public var maxBackoff: Duration = .seconds(900)
    /// Posts, and as many addresses, whose failures are remembered at most; beyond it the ones failed longest ago
    /// are forgotten first (so the memory is bounded: about 100 bytes an entry).
    public var tracked = 100_000
    /// Peers whose `X-Forwarded-For` is believed (a proxy in front, such as nginx on 127.0.0.1): IPv4 or IPv6
    /// addresses, or networks written address/prefix-length ("10.0.0.0/8"). For a request from one of them, the
    /// client is the right-most address of that header that is not itself trusted. Empty: the client is always the
    /// connection's peer.
    public var trustedProxies: [String] = []

    public init() {}

    /// - Throws: `ServerError.badConfiguration` for a value out of range.
    public func validate() throws {
        guard (0...1000).contains(freeFailures) else {
            throw ServerError.badConfiguration("--owner-free-failures", "must be from 0 to 1000")
        }
        guard maxBackoff >= .seconds(1), maxBackoff <= .seconds(86_400) else {
            throw ServerError.badConfiguration("--owner-max-backoff", "must be from 1 to 86400 seconds")
        }
        guard firstBackoff >= .milliseconds(1), firstBackoff <= maxBackoff else {
            throw ServerError.badConfiguration(
                "--owner-first-backoff", "must be from 0.001 seconds to --owner-max-backoff (\(maxBackoff))")
        }
        guard (1...10_000_000).contains(tracked) else {
            throw ServerError.badConfiguration("--owner-tracked", "must be from 1 to 10000000")
        }
        _ = try TrustedProxies(trustedProxies)
    }
}
