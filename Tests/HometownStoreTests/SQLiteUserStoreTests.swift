import Foundation
import HometownCore
import HometownProtocol
import HometownStore
import HometownTestSupport
import NIOCore
import NIOPosix
import Testing

/// What only the SQLite store does. The rules every store keeps (ids and times, nickname keys and races, ids never
/// reused, filters and paging, hostile strings, batches) are tested on SQLite and PostgreSQL alike in
/// `HometownPostgresTests/StoreContractTests`.
@Suite struct SQLiteUserStoreTests {
    /// A fresh database file in its own folder of `TestScratch`.
    static func freshPath() -> String {
        TestBackend.freshSQLitePath()
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

    /// A file that cannot be opened is said why: a missing folder, a folder named for the file (SQLite's error
    /// said only "Failed to open to SQLite database").
    @Test func aFileThatCannotBeOpenedSaysWhy() async throws {
        let folder = (Self.freshPath() as NSString).deletingLastPathComponent
        for (path, said) in [
            ("/nonexistent-folder/x/users.sqlite", "its folder /nonexistent-folder/x does not exist"),
            (folder, "it is a folder"),
        ] {
            await #expect {
                try await SQLiteUserStore.open(path: path)
            } throws: { error in
                guard case .cannotOpen(_, let detail) = error as? StoreError else { return false }
                return detail.contains(said)
            }
        }
    }

    /// The store's calls run on threads of its own: with every thread of NIO's shared pool held by other work, a
    /// write and two reads still return (before the shared threads are let go, after at most 20 s).
    @Test func answersWhileNIOsSharedThreadsAreHeld() async throws {
        let store = try await SQLiteUserStore.open(path: Self.freshPath())
        let shared = NIOThreadPool.singleton
        let count = System.coreCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            shared.submit { _ in
                started.signal()
                release.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                for _ in 0..<count { started.wait() }
                continuation.resume()
            }
        }
        let letGo = Locked(false)
        let releaseAll = DispatchWorkItem {
            letGo.withLock { $0 = true }
            for _ in 0..<count { release.signal() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: releaseAll)
        let user = try await store.insert(Self.user("shared"), passwordHash: "h", now: 1)
        let read = try await store.user(id: user.id)
        let next = try await store.nextID()
        let whileHeld = !letGo.withLock { $0 }
        releaseAll.cancel()
        if whileHeld { for _ in 0..<count { release.signal() } }
        #expect(whileHeld, "the store's calls waited for NIO's shared threads")
        #expect(read?.nickname == "shared" && next == user.id + 1)
        try await store.close()
        try await store.close()
    }

    /// A copy moves the target's id counter past every id the source handed out until it ends: an id given out and
    /// deleted on the source while the copy ran (after its first batch) is not given out again by the target.
    @Test func aCopyCoversTheIdsHandedOutWhileItRan() async throws {
        let source = try await SQLiteUserStore.open(path: Self.freshPath())
        let target = try await SQLiteUserStore.open(path: Self.freshPath())
        for k in 0..<5 { _ = try await source.insert(Self.user("copied\(k)"), passwordHash: "h", now: 1) }
        var meanwhile: Int?
        let copied = try await StoreCopy.copy(from: source, to: target, targetName: "target", batchSize: 2) { _, _ in
            guard meanwhile == nil, let posted = try? await source.insert(Self.user("gone"), passwordHash: "h", now: 2)
            else { return }
            meanwhile = posted.id
            _ = try? await source.delete(id: posted.id)
        }
        #expect(copied == 5 && meanwhile == 6)
        #expect(try await target.insert(Self.user("next"), passwordHash: "h", now: 3).id == 7)
        try await source.close()
        try await target.close()
    }
}
