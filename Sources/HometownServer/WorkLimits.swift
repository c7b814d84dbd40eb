import NIOCore
import NIOPosix

/// How much expensive work the server takes on at once, and how much memory its caches may hold: the
/// `hometown serve` options `--max-expensive-work`, `--max-queued-work`, `--queue-timeout`, `--cluster-cache-mb`,
/// `--cluster-answer-cache-mb`, `--tile-cache-mb`, `--label-cache-mb`, `--file-gzip-cache-mb`, `--max-compressing`,
/// `--prepare-map-zooms` and `--memory-trim-interval`.
public struct WorkLimits: Sendable {
    /// Cluster indexes built (and regions fitted) at once; beyond that a request waits for a turn.
    public var maxExpensiveWork = System.coreCount
    /// Requests waiting for such a turn; beyond that they get 503 with Retry-After at once.
    public var maxQueuedWork = 32
    /// How long a request waits for a turn (and a post for its turn to write) before 503 with Retry-After.
    public var queueTimeout: Duration = .seconds(10)
    /// Bytes of cluster indexes kept for the map endpoints (each is about 1,300 bytes per user with a point: the
    /// index, and each user's and each cluster's feature written once; 256 MiB hold two filters of 100,000 users).
    public var clusterCacheBytes = 256 << 20
    /// Bytes of the map's `clusters` answers kept (per filter, box, zoom level and data version), shared by the
    /// clients that ask for the same view.
    public var clusterAnswerCacheBytes = 32 << 20
    /// Bytes of the web map's boundary tiles kept once drawn.
    public var tileCacheBytes = 64 << 20
    /// Bytes of the web map's name placements kept (one per zoom, 0-12: zoom 12 about 34 MiB, zoom 11 17 MiB,
    /// zoom 10 10 MiB, all the others together 8 MiB; about 70 MiB hold them all).
    public var labelCacheBytes = 96 << 20
    /// Bytes of the public folder's files kept gzipped once compressed (those with a `.gz` beside them, such as
    /// Debian's Leaflet, are not counted: they were read at start-up).
    public var fileGzipCacheBytes = 16 << 20
    /// Answers compressed with gzip at once; more are sent uncompressed (0: never compress).
    public var maxCompressing = System.coreCount

    /// Zooms of the web map prepared in the background once the server listens (`MapPreparation`): 3 draws the
    /// 21 boundary tiles and places the names of zooms 0-2; 0 prepares nothing (built on first use instead).
    public var prepareMapZooms = 3
    /// How often the process gives the memory it has freed back to the system (`MemoryTrimService`), when
    /// connections have closed since the last time; zero: never (the C library keeps freed memory for reuse).
    public var memoryTrimInterval: Duration = .seconds(10)
    /// The most zooms `prepareMapZooms` may name (zoom 5 alone is 1,024 tiles).
    public static let maxPreparedZooms = 6

    public init() {}

    /// The largest budget any cache may be given (1 TiB).
    public static let maxCacheBytes = 1 << 40

    /// Checks every limit's range.
    /// - Throws: `ServerError.badConfiguration` naming the option of the first limit out of range.
    public func validate() throws {
        guard maxExpensiveWork >= 1 else {
            throw ServerError.badConfiguration("--max-expensive-work", "must be 1 or more")
        }
        guard maxQueuedWork >= 0 else { throw ServerError.badConfiguration("--max-queued-work", "must be 0 or more") }
        guard queueTimeout > .zero, queueTimeout <= .seconds(3600) else {
            throw ServerError.badConfiguration("--queue-timeout", "must be more than 0 and at most 3600 seconds")
        }
        for (name, bytes) in [
            ("--cluster-cache-mb", clusterCacheBytes), ("--cluster-answer-cache-mb", clusterAnswerCacheBytes),
            ("--tile-cache-mb", tileCacheBytes),
            ("--label-cache-mb", labelCacheBytes), ("--file-gzip-cache-mb", fileGzipCacheBytes),
        ] where !(0...Self.maxCacheBytes).contains(bytes) {
            throw ServerError.badConfiguration(name, "must be from 0 to \(Self.maxCacheBytes >> 20) (MiB)")
        }
        guard maxCompressing >= 0 else { throw ServerError.badConfiguration("--max-compressing", "must be 0 or more") }
        guard memoryTrimInterval >= .zero, memoryTrimInterval <= .seconds(3600) else {
            throw ServerError.badConfiguration("--memory-trim-interval", "must be from 0 to 3600 seconds")
        }
        guard (0...Self.maxPreparedZooms).contains(prepareMapZooms) else {
            throw ServerError.badConfiguration("--prepare-map-zooms", "must be from 0 to \(Self.maxPreparedZooms)")
        }
    }
}
