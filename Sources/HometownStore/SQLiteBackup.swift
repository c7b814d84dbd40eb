import Foundation
import HometownCore
import Logging
import NIOPosix
import SQLKit
import SQLiteKit

/// An online copy of a SQLite database (`hometown db backup`): SQLite's `VACUUM INTO` writes a consistent snapshot
/// of the source as it was when the copy began, while servers keep reading and writing it (in write-ahead-log
/// mode a reader blocks no writer). The copy is written under a temporary name beside the target, synced to disk,
/// then renamed, so an interrupted backup never leaves a file that looks complete.
public enum SQLiteBackup {
    /// Copies the database at `source` into the new file `target`.
    /// - Parameter busyTimeout: how long to wait for a lock another connection holds (only a checkpoint or a
    ///   rollback-journal writer takes one a reader waits for).
    /// - Returns: the size of the copy, in bytes.
    /// - Throws: `StoreError.cannotOpen` when `source` is missing or not a database, or `target` exists or cannot
    ///   be written; `StoreError.busy`/`failed` from SQLite.
    @discardableResult
    public static func copy(
        from source: String, to target: String, busyTimeout: Duration = .seconds(5),
        logger: Logger = Logger(label: "hometown.store")
    ) async throws -> Int64 {
        let files = FileManager.default
        guard files.fileExists(atPath: source) else {
            throw StoreError.cannotOpen(path: source, detail: "no such file")
        }
        guard !files.fileExists(atPath: target) else {
            throw StoreError.cannotOpen(path: target, detail: "the file exists; a backup never overwrites one")
        }
        let partial = target + ".partial"
        try? files.removeItem(atPath: partial)
        let connection = try await SQLiteUserStore.connection(
            path: source, busyTimeout: busyTimeout, logger: logger, threads: .singleton)
        do {
            let db = connection.sql()
            // A file that is not a database fails here rather than being copied as an empty one.
            _ = try await db.raw("SELECT count(*) AS n FROM sqlite_master").first()
            try await db.raw("VACUUM INTO \(bind: partial)").run()
            try await connection.close()
        } catch {
            try? await connection.close()
            try? files.removeItem(atPath: partial)
            if let e = error as? SQLiteError, e.reason == .busy || e.reason == .busyTimeout {
                throw StoreError.busy(timeoutSeconds: DurationUnits.seconds(busyTimeout))
            }
            throw StoreError.failed("backup of \(source) into \(target): \(error)")
        }
        do {
            try syncFile(partial)
            guard rename(partial, target) == 0 else {
                throw StoreError.cannotOpen(path: target, detail: String(cString: strerror(errno)))
            }
            try syncFile(
                (target as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (target as NSString).deletingLastPathComponent)
        } catch {
            try? files.removeItem(atPath: partial)
            throw error
        }
        let size = (try? files.attributesOfItem(atPath: target)[.size] as? NSNumber)?.int64Value ?? 0
        return size
    }

    /// Flushes a file (or a folder's entries) to disk: `VACUUM INTO` does not sync what it writes.
    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StoreError.failed("fsync of \(path): \(String(cString: strerror(errno)))") }
    }
}
