import ArgumentParser

/// `hometown db`: operations on a Hometown database while servers use it or not (copy between backends, online
/// SQLite backup).
struct DbCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Copy a Hometown database between SQLite and PostgreSQL, or back a SQLite file up online.",
        discussion: """
            A database is named as for `hometown serve --db`: a SQLite file path, or
            postgres://USER@HOST:PORT/DATABASE (also postgresql://; the password
            from $PGPASSWORD or --db-password-file, never in the URL).

              hometown db copy --from posts.sqlite \\
                  --to postgres://hometown@127.0.0.1:5432/hometown
              hometown db backup --from posts.sqlite --to posts-2026-11-24.sqlite

            Exit status: 0 done, 2 invalid input (a bad location, a target that is
            not empty or exists), 1 any other failure (a database that cannot be
            opened, read or written).
            """,
        subcommands: [DbCopyCommand.self, DbBackupCommand.self])
}
