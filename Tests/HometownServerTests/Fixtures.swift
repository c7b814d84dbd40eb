import Foundation
import HTTPTypes
import HometownProtocol
import HometownServer
import HometownStore
import HometownTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Test set-up: a server on a fresh database with a cheap hash cost (2^4), run in-process.
enum Fixture {
    static func freshDatabase() -> String {
        TestBackend.freshSQLitePath()
    }

    static func configuration(database: String = freshDatabase()) -> ServerConfiguration {
        configuration(location: .sqlite(path: database))
    }

    /// The test configuration on a fresh database of `backend`.
    static func configuration(backend: TestBackend) async throws -> ServerConfiguration {
        await configuration(location: try StoreLocation(parsing: backend.freshDatabase()))
    }

    static func configuration(location: StoreLocation) -> ServerConfiguration {
        var c = ServerConfiguration()
        c.port = 0
        c.database = location
        // Ready unless the store fails: the longest wait an operator may set (60 s). A loaded test machine can
        // take seconds for one query, and while other suites' synchronous work holds both threads of Swift's
        // cooperative pool, a query waits with it: over 30 s once under ThreadSanitizer, and once in a debug run
        // of every suite at once. The time a hanging store takes to be reported is tested with a timeout of its own.
        c.healthTimeout = .seconds(60)
        // One PostgreSQL server serves every test at once: under a sanitizer a free connection can take longer
        // than the 5 s an operator's default allows.
        c.limits.databaseBusyTimeout = TestSlowdown.scaled(.seconds(10))
        c.databaseConnect.connectTimeout = TestSlowdown.scaled(.seconds(10))
        c.databaseConnect.queryTimeout = TestSlowdown.scaled(.seconds(15))
        c.hashCost = .init(logN: 4)
        c.years = YearRange(1970, 2026)
        c.logLevel = .warning
        return c
    }

    /// The bundled data of the test configuration, loaded once for every in-process server of the test process
    /// that serves the same files and countries (loading and verifying it is most of a server's start, several
    /// seconds under ThreadSanitizer).
    static let data = Result { () throws(ServerError) in try ServerData(configuration: configuration()) }

    /// Runs `body` against an in-process server (no sockets).
    static func withServer(
        _ c: ServerConfiguration = configuration(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let shared = try data.get()
        let app = try await buildApplication(configuration: c, data: shared.isLoaded(for: c) ? shared : nil)
        try await app.test(.router) { client in try await body(client) }
    }

    /// The protocol's two sample bodies.
    static let rew =
        #"{"nickname": "rew", "password": "catman", "country": "USA", "state": "North Dakota", "city": "Devils Lake", "year": 1985}"#
    static let rew2 =
        #"{"nickname": "rew2", "password": "guess", "country": "USA", "state": "Minnesota", "city": "Minneapolis", "year": 1985, "latitude": 44.966060, "longitude": -93.293753}"#
}

extension TestClientProtocol {
    func get(_ uri: String) async throws -> TestResponse { try await execute(uri: uri, method: .get) }

    func post(_ body: String, to uri: String = "/hometown/adduser") async throws -> TestResponse {
        try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    /// The body as JSON (through Foundation, independent of the server's own writer).
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
    var errorField: String? { (json as? [String: Any])?["field"] as? String }
    var errorMessage: String? { (json as? [String: Any])?["error"] as? String }
}

/// A post body from a dictionary, encoded by Foundation.
func body(_ fields: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
}
