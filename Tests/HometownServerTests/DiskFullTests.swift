import AsyncHTTPClient
import Foundation
import HometownProtocol
import HometownStore
import HometownStoreTestSupport
import HometownTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A SQLite database on a file system that fills up: the real `hometown serve` with its database on a 2 MiB tmpfs
/// mounted in a mount namespace of its own (`unshare`, with a user namespace when the tests do not run as root),
/// so that the file system goes away with the process. A spare file of 1 MiB is written there first; once posts
/// have filled the rest, deleting it (through `/proc/PID/root`) frees space again.
@Suite struct DiskFullTests {
    /// Posts fill the disk: the one that does not fit gets 503 `storage_unavailable` with Retry-After and is not
    /// stored; `/healthz` says not ready; reads still answer; every acknowledged post is in the file; once space is
    /// freed `/healthz` says ready and posts are stored again.
    @Test func aFullDiskGives503AndNotReadyThenPostsWorkOnceSpaceIsFreed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hometown-full-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let namespaces = getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        let mountAndRun =
            #"mount -t tmpfs -o size=2m hometown-test "$0" && head -c 1048576 /dev/zero > "$0/spare" && exec "$@""#
        let server = try await ServerProcess(
            database: folder + "/posts.sqlite", extra: ["--health-timeout", "5"],
            launcher: ["/usr/bin/unshare"] + namespaces + [
                "--propagation", "private", "/bin/sh", "-c", mountAndRun, folder,
            ])
        defer { server.stop() }
        // The server's own view of the folder: the tmpfs, which the test's namespace does not see.
        let inside = "/proc/\(server.pid)/root" + folder
        #expect(FileManager.default.fileExists(atPath: inside + "/spare"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/posts.sqlite"), "the tmpfs is the server's only")

        #expect(try await LoopbackHTTP.get(server.url + "/healthz").status == 200)
        let filled = try await LoopbackHTTP.addUsersUntilRefused(server.base, prefix: "filler", limit: 2000)
        var stored = filled.stored
        let refused = try #require(filled.refused, "2,000 posts fitted in 1 MiB")
        #expect(stored.count >= 5, "the disk was full after \(stored.count) posts")
        #expect(refused.status == 503 && refused.retryAfter == "10", "\(refused)")
        #expect(refused.body.contains(#""code":"storage_unavailable""#), "\(refused.body)")
        // Again: the disk stays full, and nothing is stored.
        let again = try await LoopbackHTTP.addUser(server.base, nickname: "again")
        #expect(again.status == 503 && again.body.contains("storage_unavailable"), "\(again)")

        let health = try await LoopbackHTTP.get(server.url + "/healthz")
        #expect(health.status == 503 && health.body.contains(#""code":"not_ready""#), "\(health)")
        #expect(health.body.contains("cannot take writes"), "\(health.body)")
        // Reads answer from memory, with exactly the acknowledged posts.
        #expect(try await LoopbackHTTP.get(server.base + "/count").body == String(stored.count))
        #expect(try await Self.nicknames(server) == stored)

        try FileManager.default.removeItem(atPath: inside + "/spare")
        let ready = try await LoopbackHTTP.getUntilOK(server.url + "/healthz", within: .seconds(10))
        #expect(ready.status == 200, "not ready after space was freed: \(ready)")
        let after = try await LoopbackHTTP.addUser(server.base, nickname: "after")
        #expect(after.status == 200, "\(after)")
        stored.append("after")
        #expect(try await Self.nicknames(server) == stored)

        // The files hold every acknowledged post and none of the refused ones: read from a copy of the database and
        // its write-ahead log (SQLite resolves `/proc/PID/root` to the test's own root, so it cannot open them there).
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: inside + "/posts.sqlite" + suffix, toPath: folder + "/copy.sqlite" + suffix)
        }
        let copy = try await SQLiteUserStore.open(path: folder + "/copy.sqlite")
        let inFile = try await copy.users(UsersQuery()).map(\.nickname)
        try await copy.close()
        #expect(inFile == stored)
        #expect(await server.terminate() == 0)
    }

    /// The nicknames `users` lists, in id order.
    static func nicknames(_ server: ServerProcess) async throws -> [String] {
        let answer = try await LoopbackHTTP.get(server.base + "/users")
        let list = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [[String: Any]] ?? []
        return list.compactMap { $0["nickname"] as? String }
    }
}
