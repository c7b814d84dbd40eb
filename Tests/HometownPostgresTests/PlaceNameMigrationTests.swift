import HometownBoundaries
import HometownGazetteer
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import HometownVocabulary
import Logging
import Testing

/// Posts stored under the names the bundled data used before ("People's Republic of China",
/// "Sichuan Sheng", "Guangxi Zhuangzu Zizhiqu", "Beijing Shi") are stored under the names served now on the
/// next start, on both backends; a second run changes nothing.
@Suite struct PlaceNameMigrationTests {
    /// The default server vocabulary from the bundled data, loaded once.
    static let vocabulary: Vocabulary = {
        let geocoder = try! ReverseGeocoder()
        return try! Vocabulary.bundled(geocoder: geocoder, gazetteer: try! Gazetteer())
    }()

    static var quiet: Logger {
        var l = Logger(label: "hometown.test")
        l.logLevel = .critical
        return l
    }

    @Test(arguments: Backend.allCases)
    func postsUnderOldNamesAreMigratedOnceOnOpen(_ backend: Backend) async throws {
        let location = try await backend.freshLocation()
        // A database as the code before the change made it: posts under the old names, written by today's store.
        let old = try await Backend.open(location)
        let posts: [(String, String, String)] = [
            ("China", "Sichuan Sheng", "Chengdu"), ("China", "Guangxi Zhuangzu Zizhiqu", "Nanning"),
            ("People's Republic of China", "Beijing Shi", "Beijing"), ("China", "Sichuan Sheng", "Mianyang"),
            ("USA", "Minnesota", "Minneapolis"), ("China", "Sichuan", "Leshan"),
        ]
        for (i, p) in posts.enumerated() {
            _ = try await old.insert(
                Users.user("u\(i)", country: p.0, state: p.1, city: p.2), passwordHash: "h", now: Int64(i + 1))
        }
        let changesBefore = try await old.lastChange()
        try await old.close()

        let store = try await Backend.open(location)
        let outcome = try await PlaceNameMigration.run(on: store, names: Self.vocabulary, logger: Self.quiet)
        #expect(outcome.users == 4)
        #expect(
            outcome.renames.map { "\($0.from.country)/\($0.from.state) -> \($0.to.country)/\($0.to.state)" } == [
                "China/Guangxi Zhuangzu Zizhiqu -> China/Guangxi", "China/Sichuan Sheng -> China/Sichuan",
                "People's Republic of China/Beijing Shi -> China/Beijing",
            ])
        let users = try await store.users(UsersQuery())
        #expect(
            users.map { "\($0.country)/\($0.state)/\($0.city)" } == [
                "China/Sichuan/Chengdu", "China/Guangxi/Nanning", "China/Beijing/Beijing", "China/Sichuan/Mianyang",
                "USA/Minnesota/Minneapolis", "China/Sichuan/Leshan",
            ])
        // Every changed user is in the change log (followers catch up), the others are not.
        let logged = try await store.changes(after: changesBefore, limit: 100).map(\.id)
        #expect(logged.sorted() == [1, 2, 3, 4])
        // Filters by the new name find every post.
        #expect(try await store.users(UsersQuery(country: "China", states: ["Sichuan"])).count == 3)

        // Run twice: nothing to do, nothing logged.
        let last = try await store.lastChange()
        let again = try await PlaceNameMigration.run(on: store, names: Self.vocabulary, logger: Self.quiet)
        #expect(again.renames.isEmpty && again.users == 0)
        #expect(try await store.lastChange() == last)
        #expect(try await store.users(UsersQuery()) == users)
        try await store.close()
    }

    /// A stored country the vocabulary does not serve (a server started with fewer `--countries`) is left alone.
    @Test func unservedCountriesAreLeftAlone() throws {
        let stored = [
            StoredPlaceName(country: "Canada", state: "Ontario"),
            StoredPlaceName(country: "China", state: "Nei Mongol Zizhiqu"),
        ]
        let renames = PlaceNameMigration.renames(of: stored, names: Self.vocabulary)
        #expect(
            renames == [
                PlaceRename(
                    from: StoredPlaceName(country: "China", state: "Nei Mongol Zizhiqu"),
                    to: StoredPlaceName(country: "China", state: "Inner Mongolia"))
            ])
    }
}
