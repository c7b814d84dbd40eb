import ArgumentParser
import HometownServer

/// How `hometown serve` slows the guessing of owners' passwords (`OwnerLimits`).
struct OwnerLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("owner-free-failures"),
        help: "Wrong passwords for one post, or from one address, before further tries must wait (0-1000).")
    var freeFailures = OwnerLimits().freeFailures

    @Option(
        name: .customLong("owner-max-backoff"),
        help: ArgumentHelp(
            "Seconds of the longest wait between tries once the free failures are spent (1-86400).",
            discussion:
                "The wait starts at 1 s and doubles with each further wrong password; a try during it gets 429 with Retry-After. A post or address without a failure this long starts again from zero."
        ))
    var maxBackoff = 900

    @Option(
        name: .customLong("owner-tracked"),
        help: "Posts, and as many client addresses, whose wrong passwords are remembered at most (oldest forgotten).")
    var tracked = OwnerLimits().tracked

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy's address (repeatable) whose X-Forwarded-For names the client, for counting wrong passwords per client.",
            discussion:
                "Behind nginx on the same machine: --trusted-proxy 127.0.0.1. Default: none (the peer is the client).",
            valueName: "ip"))
    var trustedProxies: [String] = []

    /// The options as `OwnerLimits`.
    /// - Throws: `ValidationError` for a value out of range.
    func limits() throws -> OwnerLimits {
        var l = OwnerLimits()
        l.freeFailures = freeFailures
        l.maxBackoff = .seconds(maxBackoff)
        l.tracked = tracked
        l.trustedProxies = trustedProxies
        do { try l.validate() } catch { throw ValidationError("\(error)") }
        return l
    }
}
