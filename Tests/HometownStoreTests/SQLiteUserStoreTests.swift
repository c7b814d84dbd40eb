import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import Testing

/// What only the SQLite store does. The rules every store keeps (ids and times, nickname keys and races, ids never
/// reused, filters and paging, hostile strings, batches) are tested on SQLite and PostgreSQL alike in
/// `HometownPostgresTests/StoreContractTests`.
@Suite struct SQLiteUserStoreTests {
    /// A fresh database file in its own temporary folder.
    static func freshPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-store-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("users.sqlite").path
    }

    static func user(
        _ nick: String, country: String = "USA", state: String = "Minnesota", city: String = "Minneapolis",
        year: Int = 2016, at c: Coordinate? = nil
    ) -> NewUser {
        NewUser(nickname: nick, password: "pwd", country: country, state: state, city: city, year: year, coordinate: c)
    }

    @Test func refusesAForeignDatabase() async throws {
        let path = Self.freshPath()
        try Data("this is not a database, just text that is long enough to look like a header".utf8).write(
            to: URL(fileURLWithPath: path))
        await #expect(throws: StoreError.self) { try await SQLiteUserStore.open(path: path) }
        await #expect(throws: StoreError.self) {
            try await SQLiteUserStore.open(path: "/nonexistent-folder/x/users.sqlite")
        }
    }
}
