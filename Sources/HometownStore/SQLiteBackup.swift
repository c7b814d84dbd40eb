import Foundation
import HometownCore
import Logging
import NIOPosix
import SQLKit
import SQLiteKit

/// An online copy of a SQLite database (`hometown db backup`): SQLite's `VACUUM INTO` writes a consistent snapshot
/// of the source as it was when the copy began, while servers keep reading and writing it (in write-ahead-log
/// mode a reader blocks no writer). The copy is written under a temporary name beside the target, synced to disk,
/// then given the target's name (a hard link, which never replaces a file, then the temporary name removed), so an
/// interrupted backup never leaves a file that looks complete, and a target made meanwhile is left alone.
public enum SQLiteBackup {
    /// Copies the database at `source` into the new file `target`.
    /// - Parameter busyTimeout: how long to wait for a lock another connection holds (only a checkpoint or a
    ///   rollback-journal writer takes one a reader waits for).
    /// - Returns: the size of the copy, in bytes.
    /// - Throws: `StoreError.cannotOpen` when `source` is missing or not a database, or `target` exists (or
    ///   appears while the copy is written) or cannot be written; `StoreError.incompatible` when `source` holds
    ///   no Hometown database; `StoreError.busy`/`failed` from SQLite.
    @discardableResult
    public static func copy(
        from source: String, to target: String, busyTimeout: Duration = .seconds(5),
        logger: Logger = Logger(label: "hometown.store")
    ) async throws -> Int64 {
        let files = FileManager.default
        guard files.fileExists(atPath: source) else {
            throw StoreError.cannotOpen(path: source, detail: "no such file")
        }
        // A folder, an empty file or another kind of file is no Hometown database, refused before SQLite reads it.
        if let problem = SQLiteFileCheck.problem(readingFrom: source) {
            throw StoreError.incompatible(path: source, detail: problem)
        }
        guard !SQLiteFileCheck.nameIsTaken(target) else {
            throw StoreError.cannotOpen(
                path: target, detail: "the name exists (a file, a folder or a link); a backup never overwrites one")
        }
        let partial = target + ".partial"
        try? files.removeItem(atPath: partial)
        let connection = try await SQLiteUserStore.connection(
            path: source, busyTimeout: busyTimeout, logger: logger, threads: .singleton)
        do {
            let db = connection.sql()
            // A file that is not a database fails here, and one that holds no Hometown database (an empty file,
            // another program's) is refused, rather than being copied as an empty one.
            switch try await SQLiteUserStore.usersTable(db) {
            case .hometown: break
            case .none: throw StoreError.incompatible(path: source, detail: SQLiteUserStore.noHometownDatabase)
            case .foreign(let detail): throw StoreError.incompatible(path: source, detail: detail)
            }
            try await db.raw("VACUUM INTO \(bind: partial)").run()
            try await connection.close()
        } catch {
            try? await connection.close()
            try? files.removeItem(atPath: partial)
            if let e = error as? StoreError { throw e }
            if let e = error as? SQLiteError, e.reason == .busy || e.reason == .busyTimeout {
                throw StoreError.busy(timeoutSeconds: DurationUnits.seconds(busyTimeout))
            }
            throw StoreError.failed("backup of \(source) into \(target): \(error)")
        }
        do {
            try syncFile(partial)
            // A new name for the copy that never replaces a file (rename would): a target made meanwhile by
            // another program stays as it is.
            guard link(partial, target) == 0 else {
                throw StoreError.cannotOpen(
                    path: target,
                    detail: errno == EEXIST
                        ? "the file appeared while the backup ran; a backup never overwrites one"
                        : String(cString: strerror(errno)))
            }
            unlink(partial)
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
