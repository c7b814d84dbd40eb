import ArgumentParser
import Foundation
import HometownCore
import HometownPostgres
import HometownStore
import Logging

/// `hometown db copy`: every user of one database into an empty other, as stored (`StoreCopy`).
struct DbCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every user (ids, password hashes, time-stamps) into an empty database.",
        discussion: """
            From SQLite to PostgreSQL, back, or between two databases of one kind.
            The target is created (a SQLite file) or given its schema (a PostgreSQL
            database that exists, made with `createdb`) and must hold no user; a
            target with users is refused and left alone. Rows keep their ids,
            nickname keys, password hashes and time-stamps, and the target's id
            counter is moved past every id the source has handed out, so no id is
            ever handed out twice. Rows are read and written --batch-size at a time
            (memory stays bounded), each batch one transaction; progress goes to
            standard error.

            The source may be in use by servers meanwhile: the users posted before
            the copy starts are all copied. A SQLite source of an older schema is
            left as it is (a backup stays one its version opens): a migrated copy of
            it in the temporary folder ($TMPDIR, else /tmp) is read instead, and
            removed. A PostgreSQL source of an older schema is migrated, as a server
            of this version migrates it when it starts.

            For a clean switch, stop the servers, copy, then start them with --db
            set to the target. A copy that fails leaves the batches written so far:
            empty the target (or create a new one) and run it again. One password
            (--db-password-file or $PGPASSWORD) serves both sides when both are
            PostgreSQL.

              hometown db copy --from posts.sqlite \\
                  --to postgres://hometown@127.0.0.1:5432/hometown
              PGPASSWORD=... hometown db copy --to restored.sqlite \\
                  --from postgres://hometown@db.example:5432/hometown

            Exit status: 0 done, 2 invalid input (bad location, a source that holds
            no Hometown database, target not empty), 1 other failure.
            """)

    @Option(
        help: ArgumentHelp(
            "The database to read: a SQLite file or postgres://USER@HOST:PORT/DATABASE.", valueName: "db"),
        transform: DbLocationArgument.parse)
    var from: DbLocationArgument

    @Option(
        help: ArgumentHelp(
            "The database to fill (must hold no user): a SQLite file (created) or postgres://USER@HOST:PORT/DATABASE.",
            valueName: "db"),
        transform: DbLocationArgument.parse)
    var to: DbLocationArgument

    @Option(help: "Rows read and written at a time (1-50000).")
    var batchSize = 2000

    @Option(
        name: .customLong("db-busy-timeout"),
        help: "Seconds to wait for a SQLite lock held by a server, or for a PostgreSQL connection.")
    var busyTimeout: Seconds = 5

    @OptionGroup(title: "Database server (PostgreSQL)")
    var connect: DbConnectOptions

    func validate() throws {
        try from.check("--from")
        try to.check("--to")
    }

    func run() async throws {
        guard (1...50_000).contains(batchSize) else { throw CLIFailure.exit("--batch-size must be from 1 to 50000") }
        guard from.location != to.location else {
            throw CLIFailure.exit("--from and --to name the same database (\(from.location))")
        }
        let wait = busyTimeout.duration
        let options = try connect.options()
        var logger = Logger(label: "hometown.db")
        logger.logLevel = .error
        let source: any CopyableUserStore
        let target: any CopyableUserStore
        do {
            if case .sqlite(let path) = from.location {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CLIFailure.exit("--from \(path): no such file (a copy never creates its source)")
                }
                // Opened read-write, a file that is no database yet would be made one: an empty file or another
                // file named by mistake is refused as it is.
                if let problem = SQLiteFileCheck.problem(readingFrom: path) {
                    throw CLIFailure.exit("--from \(path): \(problem), so there is no Hometown database to copy")
                }
            }
            source = try await StoreOpener.open(
                from.location, connect: options, busyTimeout: wait, createIfMissing: false, logger: logger)
        } catch let e as ExitCode {
            throw e
        } catch StoreError.incompatible(let path, let detail) {
            throw CLIFailure.exit(
                "--from \(path): \(detail); a copy reads a Hometown database and changes nothing else")
        } catch {
            throw Self.failure("--from", error)
        }
        do {
            target = try await StoreOpener.open(to.location, connect: options, busyTimeout: wait, logger: logger)
        } catch {
            try? await source.close()
            throw Self.failure("--to", error)
        }
        let started = ContinuousClock.now
        do {
            let progress = DbCopyProgress()
            let copied = try await StoreCopy.copy(
                from: source, to: target, targetName: to.location.description, batchSize: batchSize
            ) { copied, total in progress.report(copied: copied, total: total) }
            try await target.close()
            try await source.close()
            let seconds = Double(DurationUnits.wholeMilliseconds(ContinuousClock.now - started)) / 1000
            printError(
                "copied \(copied) user\(copied == 1 ? "" : "s") from \(from.location) to \(to.location) in \(seconds) s"
            )
        } catch {
            try? await target.close()
            try? await source.close()
            if let refusal = error as? StoreCopy.Refusal { throw CLIFailure.exit(refusal.description) }
            printError("the copy failed: \(error)")
            throw ExitCode(1)
        }
    }

    /// An opening failure as the exit status to throw: 2 for a bad password file, 1 otherwise.
    static func failure(_ option: String, _ error: any Error) -> ExitCode {
        if let e = error as? DatabaseOptionError { return CLIFailure.exit(e.description) }
        printError("\(option): \(error)")
        return ExitCode(1)
    }
}
