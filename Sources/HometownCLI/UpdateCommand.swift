import ArgumentParser
import HometownClient
import HometownProtocol

/// `hometown update`: the owner of a post changes its place, year or point, with its password
/// (POST users/{id}/update).
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change your post on a Hometown server, with its password.",
        discussion: """
            Changes the fields given and keeps the others; the nickname, the id and the
            time-stamp never change. The server checks the changed post exactly as it
            checks a new one (its countries and states, the year range it was started
            with): this command checks the syntax only, and a refusal names the field. A
            new country usually needs its state too. --at moves the point only: give
            --country, --state and --city as well when the place changes (`hometown
            reverse LAT LON` names a point).

            The password is the post's, from the same places as for `hometown post`:
            --password, or --password-stdin (first line of standard input), or
            HOMETOWN_PASSWORD. The request is sent once, never repeated. On success it
            prints the changed user as one line of JSON, the object `hometown users
            --format json` lists.

              hometown update --id 42 --year 1986 --password-stdin
              hometown update --id 42 --state "North Dakota" --city Fargo \\
                  --at 46.877,-96.789
              hometown update --id 7 --country Mexico --state Jalisco \\
                  --city Guadalajara --at 20.67,-103.35

            A wrong password and an id no post has get the same answer: the server does
            not tell them apart. After several wrong passwords the server makes further
            attempts wait (HTTP 429): the message says how many seconds. A request that
            timed out may have been done: `hometown users` tells.

            Exit status (the numbers of `hometown post`):
              0  changed (the user printed)
              2  invalid input found before sending: nothing to change, --id not a
                 whole number from 1, --at or --year malformed, no password or the
                 password given two ways, a value that breaks the protocol's rules
                 for a string
            \(ExitStatus.networkHelp)
              8  the server refused: no post has this id with this password (a wrong
                 password or an unknown id), too many wrong passwords lately (try
                 again after the seconds it says), or the changed post breaks a rule
                 (the field is named: e.g. a state that is not one of the country's,
                 a year outside the server's range)
            \(ExitStatus.answerHelp)
              1  anything else
            """)

    @Option(help: "The id of your post (as `hometown users` lists it).")
    var id: Int

    @Option(help: "The new country (a served name, code or alias, as for `hometown post`).")
    var country: String?

    @Option(help: "The new state or province (one of the country's).")
    var state: String?

    @Option(help: "The new city.")
    var city: String?

    @Option(help: "The new year you started at the university.")
    var year: Int?

    @Option(point: "The new point: LAT,LON in decimal degrees, latitude first.")
    var at: PointArgument?

    @OptionGroup var password: PasswordSource

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await ClientCommandSupport.reportingErrors {
            try ClientCommandSupport.checkPostID(id)
            let change = UserChange(country: country, state: state, city: city, year: year, coordinate: at?.coordinate)
            guard !change.isEmpty else {
                throw CLIError("nothing to change: give at least one of --country, --state, --city, --year, --at")
            }
            // Syntax only, by the protocol's own rules; the server judges the values.
            if let country { try NewUser.checkString(country, field: "country") }
            if let state { try NewUser.checkString(state, field: "state") }
            if let city { try NewUser.checkString(city, field: "city") }
            let pw = try password.read()
            try NewUser.checkString(pw, field: "password")
            // A password shorter than any post's can only be wrong: said here, not sent to count as a failure
            // against this address's tries.
            try NewUser.checkPassword(pw)
            let user = try await client.client().update(id: id, password: pw, change: change)
            var out: [UInt8] = []
            UserJSON.append(user, to: &out)
            try CLIOutput.line(String(decoding: out, as: UTF8.self))
        }
    }
}
