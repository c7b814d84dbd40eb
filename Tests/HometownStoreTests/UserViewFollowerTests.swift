import HometownCore
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import Testing

/// A view follows writes made through another connection to its database (another process, in production):
/// catch-ups run in turn however many are asked for at once, and the view ends holding exactly the stored users,
/// in id order, with the store's next id.
@Suite struct UserViewFollowerTests {
    static func user(_ i: Int) -> NewUser {
        NewUser(
            nickname: "writer\(i)", password: "pwd", country: "USA", state: "Texas", city: "Austin", year: 2000,
            coordinate: Coordinate(uncheckedLatitude: 30, longitude: -97 + Double(i) / 1000))
    }

    @Test func concurrentCatchUpsWhileAnotherConnectionWritesLeaveTheViewEqualToTheStore() async throws {
        let path = SQLiteUserStoreTests.freshPath()
        let mine = try await SQLiteUserStore.open(path: path)
        let other = try await SQLiteUserStore.open(path: path)
        let view = try await UserView.load(from: mine)
        let follower = UserViewFollower(view: view, store: mine, batch: 7)
        let writes = 300
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<writes {
                    let stored = try await other.insert(Self.user(i), passwordHash: "h", now: Int64(i))
                    // Once a catch-up that started after the insert returned ends, the view holds the user.
                    if i % 25 == 0 {
                        try await follower.catchUp()
                        #expect(view.lastID >= stored.id)
                    }
                }
            }
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<40 { try await follower.catchUp() }
                }
            }
            try await group.waitForAll()
        }
        try await follower.catchUp()
        let stored = try await mine.users(UsersQuery())
        #expect(stored.count == writes)
        #expect(view.users(UsersQuery()) == stored)
        #expect(view.nextID == (try await mine.nextID()))
        // A refused insert through the other connection burns no id in SQLite; a later one still shows up.
        await #expect(throws: StoreError.self) {
            try await other.insert(Self.user(0), passwordHash: "h", now: 0)
        }
        _ = try await other.insert(Self.user(writes), passwordHash: "h", now: 0)
        try await follower.catchUp()
        #expect(view.count == writes + 1 && view.nextID == writes + 2)
        try await other.close()
        try await mine.close()
    }

    @Test func aCatchUpFromAStoreThatCannotBeReadThrowsAndKeepsTheView() async throws {
        let path = SQLiteUserStoreTests.freshPath()
        let store = try await SQLiteUserStore.open(path: path)
        _ = try await store.insert(Self.user(1), passwordHash: "h", now: 1)
        let view = try await UserView.load(from: store)
        let follower = UserViewFollower(view: view, store: store)
        try await store.close()
        await #expect(throws: (any Error).self) { try await follower.catchUp() }
        #expect(view.count == 1)
    }
}
