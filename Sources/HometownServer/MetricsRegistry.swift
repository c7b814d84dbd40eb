import CoreMetrics
import HometownCore
import HometownStore
import Prometheus

/// The server's metrics for `GET /metrics`, kept in a Prometheus registry this application owns.
///
/// Everything is recorded through swift-metrics' types (`CoreMetrics.Counter`, `Timer`, `Gauge`) made by a
/// `PrometheusMetricsFactory` over that registry, handed to each metric (`factory:`) rather than installed with
/// `MetricsSystem.bootstrap`: a bootstrap is process-wide and allowed once, and tests build several applications
/// in one process, each with metrics of its own.
///
/// The metrics (names as exported):
/// - `hometown_http_requests_total{route, method, status}`: requests answered, by route pattern (never the raw
///   path: `other` for every path without a route, i.e. the web app's files and 404 pages), method (`other`
///   beyond the standard ones) and status code;
/// - `hometown_http_request_duration_seconds{route}`: a histogram of the time from a request's arrival at the
///   router to its answer being ready (a streamed answer: to its last byte handed to the connection), in seconds
///   (`MetricsRegistry.buckets`);
/// - gauges read at each scrape: `hometown_users` (users in the in-memory view), `hometown_view_bytes` (its
///   approximate size in bytes), `hometown_open_connections` (connections open, served or being refused),
///   `hometown_password_hash_queue_depth` (hashes waiting for a hashing thread) and
///   `hometown_password_hashes_running` (hashes being computed).
final class MetricsRegistry: Sendable {
    /// The upper bounds of the latency histogram's buckets, in seconds: 0.5 ms to 30 s (answers from memory
    /// take well under a millisecond; posts about one scrypt hash, 0.4 s at the default cost).
    static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
    ]
    /// The route label of a request no route took.
    static let otherRoute = "other"
    /// The method labels kept as they are; any other method is counted as `other`.
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE",
    ]

    /// What one request is counted under.
    struct RequestKey: Hashable, Sendable {
        let route: String
        let method: String
        let status: Int
    }

    /// The registry `GET /metrics` writes out.
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Each request key's counter and its route's timer, found with one lookup.
    private let requestMetrics = Locked<[RequestKey: (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer)]>([:])

    private let users: CoreMetrics.Gauge
    private let viewBytes: CoreMetrics.Gauge
    private let openConnections: CoreMetrics.Gauge
    private let hashQueueDepth: CoreMetrics.Gauge
    private let hashesRunning: CoreMetrics.Gauge

    /// The sources of the gauges.
    private let view: UserView
    private let connections: ConnectionCounter
    private let hasher: PasswordHasher

    init(view: UserView, connections: ConnectionCounter, hasher: PasswordHasher) {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.buckets
        self.factory = factory
        self.view = view
        self.connections = connections
        self.hasher = hasher
        users = CoreMetrics.Gauge(label: "hometown_users", factory: factory)
        viewBytes = CoreMetrics.Gauge(label: "hometown_view_bytes", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "hometown_open_connections", factory: factory)
        hashQueueDepth = CoreMetrics.Gauge(label: "hometown_password_hash_queue_depth", factory: factory)
        hashesRunning = CoreMetrics.Gauge(label: "hometown_password_hashes_running", factory: factory)
    }

    /// The route label for Hummingbird's matched endpoint path (nil or `NotFound` when no route took the request).
    static func route(endpointPath: String?) -> String {
        guard let path = endpointPath, path != "NotFound" else { return otherRoute }
        return path
    }

    /// The method label: a standard method as it is, anything else `other` (the set of labels stays small).
    static func method(_ raw: String) -> String { knownMethods.contains(raw) ? raw : "other" }

    /// Counts one answered request; returns the timer its duration goes to (`Timer.recordNanoseconds`).
    func countRequest(route: String, method: String, status: Int) -> CoreMetrics.Timer {
        let key = RequestKey(route: route, method: Self.method(method), status: status)
        let factory = self.factory
        let metrics = requestMetrics.withLock { all in
            if let m = all[key] { return m }
            let counter = CoreMetrics.Counter(
                label: "hometown_http_requests_total",
                dimensions: [("route", key.route), ("method", key.method), ("status", String(key.status))],
                factory: factory)
            // The registry hands out one histogram per route, whichever method and status asks.
            let timer = CoreMetrics.Timer(
                label: "hometown_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            all[key] = (counter, timer)
            return (counter, timer)
        }
        metrics.counter.increment()
        return metrics.timer
    }

    /// The exposition in Prometheus' text format (version 0.0.4), the gauges read now.
    func exposition() -> [UInt8] {
        users.record(view.count)
        viewBytes.record(view.approximateBytes)
        openConnections.record(connections.count)
        let inFlight = hasher.hashesInFlight
        hashesRunning.record(min(inFlight, hasher.threads))
        hashQueueDepth.record(max(0, inFlight - hasher.threads))
        return registry.emitToBuffer()
    }
}
