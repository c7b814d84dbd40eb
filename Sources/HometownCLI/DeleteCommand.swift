import ArgumentParser
import HometownClient
import HometownProtocol

/// `hometown delete`: the owner of a post deletes it, with its password (POST users/{id}/delete).
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete your post from a Hometown server, with its password.",
        discussion: """
            The post with this id (as `hometown users` lists it) is removed from the
            server's database, its password hash with it; from then on no answer shows it,
            its nickname is free for a new post, and its id is never given again. The
            password is the one the post was made with, from the same places as for
            `hometown post`: --password, or --password-stdin (first line of standard
            input), or the HOMETOWN_PASSWORD variable. The request is sent once, never
            repeated (a wrong password counts towards the server's back-off). On success
            it prints `deleted ID`.

              hometown delete --id 42 --password-stdin
              HOMETOWN_PASSWORD=catman hometown delete --id 42 \\
                  --server https://hometown.example.org

            A wrong password and an id no post has get the same answer: the server does
            not tell them apart. After several wrong passwords the server makes further
            attempts wait (HTTP 429): the message says how many seconds. A request that
            timed out may have been done: `hometown users` tells.

            Exit status (the numbers of `hometown post`):
              0  deleted
              2  invalid input found before sending: --id not a whole number from 1,
                 no password, the password given two ways, or one that breaks the
                 protocol's rules for a string
            \(ExitStatus.networkHelp)
              8  the server refused: no post has this id with this password (a wrong
                 password or an unknown id), or too many wrong passwords lately (try
                 again after the seconds it says)
            \(ExitStatus.answerHelp)
              1  anything else
            """)

    @Option(help: "The id of your post (as `hometown users` lists it).")
    var id: Int

    @OptionGroup var password: PasswordSource

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await ClientCommandSupport.reportingErrors {
            try ClientCommandSupport.checkPostID(id)
            let pw = try password.read()
            try NewUser.checkString(pw, field: "password")
            // A password shorter than any post's can only be wrong: said here, not sent to count as a failure
            // against this address's tries.
            try NewUser.checkPassword(pw)
            try await client.client().delete(id: id, password: pw)
            try CLIOutput.line("deleted \(id)")
        }
    }
}
