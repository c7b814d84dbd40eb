import Foundation
import HometownCore
import HometownPostgres
import HometownProtocol
import HometownStore
import HometownTestSupport
import Logging

/// The two backends the store contract runs against (`TestBackend`).
typealias Backend = TestBackend

extension TestBackend {
    /// A location holding nothing yet.
    func freshLocation() async throws -> StoreLocation { try await StoreLocation(parsing: freshDatabase()) }

    /// Opens `location` through `StoreOpener` (as `hometown serve` and `hometown db` do), waiting at most `wait`
    /// for a connection and `queryTimeout` for a call's statements (both long by default: the suite's other tests
    /// share the machine, and a query of the contract took over the server's 10 s under the whole suite; the
    /// tests of those waits set their own).
    static func open(
        _ location: StoreLocation, connections: Int = 8, wait: Duration = .seconds(30),
        queryTimeout: Duration = .seconds(60)
    ) async throws -> any CopyableUserStore {
        var connect = DatabaseConnectOptions()
        connect.maxConnections = connections
        connect.queryTimeout = queryTimeout
        var logger = Logger(label: "hometown.test")
        logger.logLevel = .critical
        return try await StoreOpener.open(location, connect: connect, busyTimeout: wait, logger: logger)
    }
}

/// Test users.
enum Users {
    static func user(
        _ nick: String, country: String = "USA", state: String = "Minnesota", city: String = "Minneapolis",
        year: Int = 2016, at c: Coordinate? = nil
    ) -> NewUser {
        NewUser(nickname: nick, password: "pwd", country: country, state: state, city: city, year: year, coordinate: c)
    }

    /// `insertBatch` of whichever backend `store` is.
    static func insertBatch(
        _ store: any CopyableUserStore, _ rows: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)]
    ) async throws {
        if let s = store as? SQLiteUserStore {
            try await s.insertBatch(rows)
        } else if let p = store as? PostgresUserStore {
            try await p.insertBatch(rows)
        } else {
            fatalError("unknown store \(type(of: store))")
        }
    }
}
