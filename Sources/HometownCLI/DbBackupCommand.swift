import ArgumentParser
import Foundation
import HometownCore
import HometownStore

/// `hometown db backup`: an online copy of a SQLite database (`SQLiteBackup`).
struct DbBackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a SQLite database into a new file while servers keep using it.",
        discussion: """
            Writes a consistent snapshot of --from (SQLite's VACUUM INTO: the database
            as it was when the backup began, compacted) into the new file --to, while
            `hometown serve` keeps reading and writing --from: in write-ahead-log mode
            the backup blocks no post. The copy is written as --to.partial, synced to
            disk and given the name --to, so --to exists only when it is complete; an
            existing --to is never overwritten, nor one that appears while the backup
            runs. The backup is a normal Hometown database: serve it with --db, or copy
            it to PostgreSQL with `db copy`. (For PostgreSQL use its own tools, e.g.
            pg_dump.)

              hometown db backup --from posts.sqlite --to backups/posts-$(date +%F).sqlite

            Exit status: 0 done, 2 invalid input (--from missing or no Hometown
            database, --to exists), 1 other failure.
            """)

    @Option(help: ArgumentHelp("The SQLite database to back up.", valueName: "file"))
    var from: String

    @Option(help: ArgumentHelp("The new file to write (must not exist).", valueName: "file"))
    var to: String

    @Option(
        name: .customLong("db-busy-timeout"),
        help: "Seconds to wait for a lock a server holds on --from (only a checkpoint takes one).")
    var busyTimeout: Seconds = 5

    func run() async throws {
        let wait = busyTimeout.duration
        for (option, path) in [("--from", from), ("--to", to)] {
            if case .postgres = try? StoreLocation(parsing: path) {
                throw CLIFailure.exit("\(option): db backup copies SQLite files; for PostgreSQL use db copy or pg_dump")
            }
        }
        guard FileManager.default.fileExists(atPath: from) else {
            throw CLIFailure.exit("--from \(from): no such file")
        }
        if let problem = SQLiteFileCheck.problem(readingFrom: from) {
            throw CLIFailure.exit("--from \(from): \(problem), so there is no Hometown database to back up")
        }
        guard !SQLiteFileCheck.nameIsTaken(to) else {
            throw CLIFailure.exit(
                "--to \(to): the name exists (a file, a folder or a link); a backup never overwrites one")
        }
        let started = ContinuousClock.now
        do {
            let bytes = try await SQLiteBackup.copy(from: from, to: to, busyTimeout: wait)
            let seconds = Double(DurationUnits.wholeMilliseconds(ContinuousClock.now - started)) / 1000
            printError("backed up \(from) into \(to) (\(bytes) bytes) in \(seconds) s")
        } catch StoreError.incompatible(let path, let detail) {
            throw CLIFailure.exit("--from \(path): \(detail)")
        } catch {
            printError("the backup failed: \(error)")
            throw ExitCode(1)
        }
    }
}
