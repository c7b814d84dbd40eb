import ArgumentParser
import HometownServer

/// `hometown serve`'s limits on expensive work, caches and compression (`WorkLimits`).
struct WorkLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("max-expensive-work"),
        help: ArgumentHelp(
            "Cluster indexes built (and map regions fitted) at once (default: one per core).",
            discussion:
                "Other requests (users pages, countries, count, nicknameexists, the web app) never wait for these."))
    var maxExpensiveWork: Int?

    @Option(
        name: .customLong("max-queued-work"),
        help: "Requests that may wait for a turn of expensive work; more get 503 with Retry-After.")
    var maxQueuedWork = WorkLimits().maxQueuedWork

    @Option(
        name: .customLong("queue-timeout"),
        help:
            "Seconds a request waits for a turn of expensive work (or a post for its turn to write) before 503 with Retry-After."
    )
    var queueTimeout = 10.0

    @Option(
        name: .customLong("cluster-cache-mb"),
        help: "MiB of cluster indexes kept for the map (about 850 bytes per user with a point, per filter).")
    var clusterCacheMB = WorkLimits().clusterCacheBytes >> 20

    @Option(name: .customLong("tile-cache-mb"), help: "MiB of the web map's boundary tiles kept once drawn.")
    var tileCacheMB = WorkLimits().tileCacheBytes >> 20

    @Option(
        name: .customLong("max-compressing"),
        help: "Answers gzip-compressed at once (default: one per core); more go uncompressed. 0 turns gzip off.")
    var maxCompressing: Int?

    /// The limits these options give.
    func limits() throws -> WorkLimits {
        var w = WorkLimits()
        if let maxExpensiveWork {
            guard maxExpensiveWork >= 1 else { throw ValidationError("--max-expensive-work must be 1 or more") }
            w.maxExpensiveWork = maxExpensiveWork
        }
        guard maxQueuedWork >= 0 else { throw ValidationError("--max-queued-work must be 0 or more") }
        w.maxQueuedWork = maxQueuedWork
        w.queueTimeout = try SecondsOption.duration(queueTimeout, "--queue-timeout", allowZero: false, atMost: 3600)
        guard clusterCacheMB >= 0, clusterCacheMB <= 1 << 20 else {
            throw ValidationError("--cluster-cache-mb must be from 0 to 1048576")
        }
        w.clusterCacheBytes = clusterCacheMB << 20
        guard tileCacheMB >= 0, tileCacheMB <= 1 << 20 else {
            throw ValidationError("--tile-cache-mb must be from 0 to 1048576")
        }
        w.tileCacheBytes = tileCacheMB << 20
        if let maxCompressing {
            guard maxCompressing >= 0 else { throw ValidationError("--max-compressing must be 0 or more") }
            w.maxCompressing = maxCompressing
        }
        return w
    }
}
