import Foundation
import HTTPTypes
import HometownServer
import HometownTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// GET /metrics: real counts of real requests, the histograms, and the gauges against what the server holds.
@Suite struct MetricsTests {
    /// The samples of a Prometheus text exposition: `name{labels}` (as written) to value.
    static func samples(_ text: String) -> [String: Double] {
        var out: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            out[String(line[..<space])] = value
        }
        return out
    }

    static func scrape(_ client: any TestClientProtocol) async throws -> [String: Double] {
        let r = try await client.get("/metrics")
        #expect(r.status == .ok)
        #expect(r.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
        return samples(r.text)
    }

    static func requests(_ route: String, _ method: String, _ status: Int) -> String {
        #"hometown_http_requests_total{route="\#(route)",method="\#(method)",status="\#(status)"}"#
    }

    @Test func requestsAreCountedByRouteAndStatusWithLatencyHistograms() async throws {
        try await Fixture.withServer { client in
            for _ in 0..<7 { #expect(try await client.get("/hometown/count").status == .ok) }
            for _ in 0..<2 { #expect(try await client.get("/hometown/states").status == .badRequest) }
            #expect(try await client.execute(uri: "/hometown/count", method: .head).status == .ok)
            #expect(try await client.get("/no/such/path-12345").status == .notFound)
            #expect(try await client.get("/index.html").status == .ok)
            let m = try await Self.scrape(client)
            #expect(m[Self.requests("/hometown/count", "GET", 200)] == 7)
            #expect(m[Self.requests("/hometown/count", "HEAD", 200)] == 1)
            #expect(m[Self.requests("/hometown/states", "GET", 400)] == 2)
            // Paths without a route share one label: the raw path is never a label.
            #expect(m[Self.requests("other", "GET", 404)] == 1)
            #expect(m[Self.requests("other", "GET", 200)] == 1)
            #expect(!m.keys.contains { $0.contains("path-12345") || $0.contains("index.html") })
            // The histogram of the route: every bucket, cumulative, and the count of all its requests.
            let bucket = { (le: String) in
                m[#"hometown_http_request_duration_seconds_bucket{route="/hometown/count",le="\#(le)"}"#]
            }
            let bounds = [
                "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5",
                "5.0", "10.0", "30.0", "+Inf",
            ]
            let counts = bounds.map(bucket)
            #expect(counts.allSatisfy { $0 != nil }, "\(counts)")
            #expect(zip(counts, counts.dropFirst()).allSatisfy { ($0 ?? 0) <= ($1 ?? 0) })
            #expect(bucket("+Inf") == 8)
            #expect(m[#"hometown_http_request_duration_seconds_count{route="/hometown/count"}"#] == 8)
            let sum = try #require(m[#"hometown_http_request_duration_seconds_sum{route="/hometown/count"}"#])
            #expect(sum > 0 && sum < 8 * 5)
            // The scrape itself is counted when it is answered: the next scrape sees the first.
            let again = try await Self.scrape(client)
            #expect(again[Self.requests("/metrics", "GET", 200)] == 1)
            #expect(again[Self.requests("/hometown/count", "GET", 200)] == 7)
        }
    }

    @Test func aStreamedAnswerIsCountedAndTimedOnce() async throws {
        let seeded = try await AnswerDeliveryTests.seededDatabase(2000)
        try await Fixture.withServer(Fixture.configuration(database: seeded.path)) { client in
            let list = try await client.get("/hometown/users")
            #expect(list.status == .ok && (list.json as? [Any])?.count == 2000)
            let m = try await Self.scrape(client)
            #expect(m[Self.requests("/hometown/users", "GET", 200)] == 1)
            #expect(m[#"hometown_http_request_duration_seconds_count{route="/hometown/users"}"#] == 1)
            #expect(m["hometown_users"] == 2000)
        }
    }

    @Test func gaugesMatchTheServer() async throws {
        try await Fixture.withServer { client in
            let empty = try await Self.scrape(client)
            #expect(empty["hometown_users"] == 0)
            #expect(empty["hometown_password_hash_queue_depth"] == 0)
            #expect(empty["hometown_password_hashes_running"] == 0)
            // In-process requests (no sockets): no connection is open.
            #expect(empty["hometown_open_connections"] == 0)
            #expect(try await client.post(Fixture.rew).status == .ok)
            #expect(try await client.post(Fixture.rew2).status == .ok)
            let m = try await Self.scrape(client)
            let count = try #require(Double(try await client.get("/hometown/count").text))
            #expect(m["hometown_users"] == count && count == 2)
            let bytes = try #require(m["hometown_view_bytes"])
            #expect(bytes > (empty["hometown_view_bytes"] ?? .infinity), "the view grew: \(bytes)")
            #expect(m[Self.requests("/hometown/adduser", "POST", 200)] == 2)
        }
    }

    @Test func theHashQueueDepthIsWhatWaits() async throws {
        var c = Fixture.configuration()
        c.hashThreads = 1
        c.hashCost = .init(logN: 16)  // about 0.2 s a hash: long enough to see the queue
        try await Fixture.withServer(c) { client in
            try await withThrowingTaskGroup(of: String?.self) { group in
                // Five posts, so that on a loaded machine some still overlap: 0.2 s of hashing each, one at a time.
                for i in 0..<5 {
                    group.addTask {
                        let body = Fixture.rew.replacingOccurrences(of: "\"rew\"", with: "\"queued\(i)\"")
                        let answer = try await client.post(body)
                        return answer.status == .ok ? nil : "post \(i): \(answer.status.code) \(answer.text)"
                    }
                }
                var seen = false
                let deadline = ContinuousClock.now + .seconds(20)
                while !seen, ContinuousClock.now < deadline {
                    let m = try await Self.scrape(client)
                    let depth = m["hometown_password_hash_queue_depth"] ?? -1
                    #expect(depth <= 4, "more waiting than were posted: \(depth)")
                    seen = m["hometown_password_hashes_running"] == 1 && depth >= 2
                    if !seen { try await Task.sleep(for: .milliseconds(5)) }
                }
                #expect(seen, "never saw one hash running and two or more waiting")
                for try await refused in group { #expect(refused == nil) }
            }
            let after = try await Self.scrape(client)
            #expect(after["hometown_password_hash_queue_depth"] == 0 && after["hometown_password_hashes_running"] == 0)
            #expect(after["hometown_users"] == 5)
        }
    }

    @Test func openConnectionsAreCountedOnARealListener() async throws {
        let app = try await buildApplication(configuration: Fixture.configuration(), data: try Fixture.data.get())
        try await app.test(.live) { client in
            let first = try await Self.scrape(client)
            let own = try #require(first["hometown_open_connections"])
            #expect(own >= 1, "the scraping connection itself")
            let port = try #require(client.port)
            let extra = try (0..<3).map { _ in try RawConnection(port: port) }
            var m = try await Self.scrape(client)
            // Accepting is asynchronous: wait (bounded) until the three are counted.
            let deadline = ContinuousClock.now + .seconds(5)
            while m["hometown_open_connections"] != own + 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                m = try await Self.scrape(client)
            }
            #expect(m["hometown_open_connections"] == own + 3)
            for c in extra { c.close() }
        }
    }

    @Test func metricsOffIsAnUnknownPath() async throws {
        var c = Fixture.configuration()
        c.metricsEnabled = false
        try await Fixture.withServer(c) { client in
            let r = try await client.get("/metrics")
            #expect(r.status == .notFound && r.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(try await client.get("/healthz").status == .ok)
        }
    }

    @Test func aQueryIsRefused() async throws {
        try await Fixture.withServer { client in
            let r = try await client.get("/metrics?x=1")
            #expect(r.status == .badRequest && r.errorField == "x")
        }
    }
}
