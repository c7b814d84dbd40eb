import ArgumentParser
import HometownServer

/// `hometown serve`'s limits on expensive work, caches and compression (`WorkLimits`).
struct WorkLimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Cluster indexes built (and map regions fitted) at once (default: one per core).",
            discussion:
                "Other requests (users pages, countries, count, nicknameexists, the web app) never wait for these."))
    var maxExpensiveWork: Int?

    @Option(help: "Requests that may wait for a turn of expensive work; more get 503 with Retry-After.")
    var maxQueuedWork = WorkLimits().maxQueuedWork

    @Option(
        help:
            "Seconds a request waits for a turn of expensive work (or a post for its turn to write) before 503 with Retry-After."
    )
    var queueTimeout: Seconds = 10

    @Option(help: "MiB of cluster indexes kept for the map (about 1,300 bytes per user with a point, per filter).")
    var clusterCacheMB = WorkLimits().clusterCacheBytes >> 20

    @Option(help: "MiB of the map's cluster answers kept, shared by the clients that ask for the same view.")
    var clusterAnswerCacheMB = WorkLimits().clusterAnswerCacheBytes >> 20

    @Option(help: "MiB of the web map's boundary tiles kept once drawn.")
    var tileCacheMB = WorkLimits().tileCacheBytes >> 20

    @Option(help: "MiB of the web map's name placements kept (one per zoom; about 70 MiB hold them all).")
    var labelCacheMB = WorkLimits().labelCacheBytes >> 20

    @Option(help: "MiB of the web app's files kept gzipped once compressed (Leaflet's .gz files are not counted).")
    var fileGzipCacheMB = WorkLimits().fileGzipCacheBytes >> 20

    @Option(help: "Answers gzip-compressed at once (default: one per core); more go uncompressed. 0 turns gzip off.")
    var maxCompressing: Int?

    @Option(
        help: ArgumentHelp(
            "Zooms of the web map prepared in the background at start (0-\(WorkLimits.maxPreparedZooms); 0: on first use).",
            discussion:
                "3 (the default) builds the boundaries and draws the tiles and names of zooms 0-2, the web app's world view, so that its first tiles come from memory."
        ))
    var prepareMapZooms = WorkLimits().prepareMapZooms

    @Option(
        help: ArgumentHelp(
            "Seconds between returns of freed memory to the system, once connections have closed (0: never).",
            discussion:
                "After a burst of large answers (many clients reading whole lists) the C library would otherwise keep the freed memory, and the resident size would stay at its peak."
        ))
    var memoryTrimInterval: Seconds = 10

    /// The limits these options give.
    /// - Throws: `ValidationError` for a value out of range (`WorkLimits.validate()`).
    func limits() throws -> WorkLimits {
        var w = WorkLimits()
        if let maxExpensiveWork { w.maxExpensiveWork = maxExpensiveWork }
        w.maxQueuedWork = maxQueuedWork
        w.queueTimeout = queueTimeout.duration
        w.clusterCacheBytes = Self.bytes(mebibytes: clusterCacheMB)
        w.clusterAnswerCacheBytes = Self.bytes(mebibytes: clusterAnswerCacheMB)
        w.tileCacheBytes = Self.bytes(mebibytes: tileCacheMB)
        w.labelCacheBytes = Self.bytes(mebibytes: labelCacheMB)
        w.fileGzipCacheBytes = Self.bytes(mebibytes: fileGzipCacheMB)
        if let maxCompressing { w.maxCompressing = maxCompressing }
        w.prepareMapZooms = prepareMapZooms
        w.memoryTrimInterval = memoryTrimInterval.duration
        try validating(w.validate)
        return w
    }

    /// MiB as bytes; a number too large for that is `Int.max` (refused by the range check), never wrapped round.
    static func bytes(mebibytes: Int) -> Int {
        let (bytes, overflow) = mebibytes.multipliedReportingOverflow(by: 1 << 20)
        return overflow ? (mebibytes < 0 ? Int.min : Int.max) : bytes
    }
}
