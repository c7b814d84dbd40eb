import ArgumentParser
import HometownServer

/// How `hometown serve` slows the guessing of owners' passwords (`OwnerLimits`).
struct OwnerLimitOptions: ParsableArguments {
    @Option(help: "Wrong passwords for one post, or from one address, before further tries must wait (0-1000).")
    var ownerFreeFailures = OwnerLimits().freeFailures

    @Option(
        help: ArgumentHelp(
            "Seconds the first wait lasts once the free failures are spent; each further wrong password doubles it.",
            discussion: "A try during a wait gets 429 with Retry-After and is not checked."))
    var ownerFirstBackoff: Seconds = 1

    @Option(
        help: "Seconds of the longest wait (1-86400); a count without a failure this long after its wait starts again.")
    var ownerMaxBackoff: Seconds = 900

    @Option(
        help: "Posts, and as many client addresses, whose wrong passwords are remembered at most (oldest forgotten).")
    var ownerTracked = OwnerLimits().tracked

    @Option(
        help: ArgumentHelp(
            "A proxy's address or network (repeatable) whose X-Forwarded-For names the client, for counting wrong passwords per client.",
            discussion:
                "IPv4 or IPv6, an address or address/prefix-length (10.0.0.0/8). Behind nginx on the same machine: --trusted-proxy 127.0.0.1. Default: none (the peer is the client).",
            valueName: "ip"))
    var trustedProxy: [String] = []

    /// The options as `OwnerLimits`.
    /// - Throws: `ValidationError` for a value out of range.
    func limits() throws -> OwnerLimits {
        var l = OwnerLimits()
        l.freeFailures = ownerFreeFailures
        l.firstBackoff = ownerFirstBackoff.duration
        l.maxBackoff = ownerMaxBackoff.duration
        l.tracked = ownerTracked
        l.trustedProxies = trustedProxy
        try validating(l.validate)
        return l
    }
}
