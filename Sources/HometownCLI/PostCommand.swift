import ArgumentParser
import Foundation
import HometownClient
import HometownCore
import HometownGazetteer
import HometownProtocol

/// `hometown post`: a clicked point (or a place name) becomes a post the server accepts.
struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a hometown from a point on the map (or a place name) to a Hometown server.",
        discussion: """
            Nobody types country, state or city names: the server names the point in its
            own vocabulary (GET reverse; a place name through GET forward). The client
            checks the fields' syntax only; the server judges the rest (the year range it
            was started with, its countries and states). Then the nickname is checked and
            POST adduser sent.

              hometown post --at 44.9661,-93.2938 --nickname rew2 --year 1985 \\
                  --password-stdin
              hometown post --at -33.87,151.21 ...     (negative values need no quoting)
              hometown post --place "Devils Lake, ND" --nickname rew --year 1985 --dry-run

            The password: --password, or --password-stdin (first line of standard input),
            or the HOMETOWN_PASSWORD variable, so that it need not sit in the shell
            history.
            The server: --server URL, else $HOMETOWN_SERVER, else http://127.0.0.1:8080
            (the base URL; the client adds /hometown/...). --dry-run prints the JSON body
            without sending it; without a server it names the place as `hometown serve`
            with its defaults would (China, India, Mexico, USA).

            Exit status:
              0  posted (or, with --dry-run, the body printed)
              2  invalid input found before posting: a field breaks the protocol's rules,
                 the point is in the open sea, the place name matches nothing, or the
                 server does not serve the country or state of the place
            \(ExitStatus.networkHelp)
              8  the server refused the post or a look-up (its message is printed: e.g. a
                 year outside the range it accepts)
              9  the nickname is taken
            \(ExitStatus.answerHelp)
              1  anything else (e.g. the bundled data cannot be read)
            """)

    @Option(point: "The point clicked: LAT,LON in decimal degrees, latitude first.")
    var at: PointArgument?

    @Option(
        help: ArgumentHelp("A place name instead of a point (\"Devils Lake, ND\", \"Guadalajara\").", valueName: "TEXT")
    )
    var place: String?

    @Option(help: "The nickname (unique on the server, without regard to case, width or letters that look alike).")
    var nickname: String

    @OptionGroup var password: PasswordSource

    @Option(help: "The year you started at the university.")
    var year: Int

    @Option(help: "The city to post instead of the one geocoded.")
    var city: String?

    @OptionGroup var client: ClientOptions

    @Flag(help: "Print the JSON body instead of sending it.")
    var dryRun = false

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() async throws {
        try await ClientCommandSupport.reportingErrors { try await post() }
    }

    private func post() async throws {
        // 1. Syntax only, by the protocol's own rules; the server judges the rest (year range, vocabulary).
        try NewUser.checkString(nickname, field: "nickname")
        let nick = try NicknameRules.validated(nickname, field: "nickname")
        let pw = try password.read()
        try NewUser.checkString(pw, field: "password")
        try NewUser.checkPassword(pw)
        if let city { try NewUser.checkString(city, field: "city") }
        if let place, place.count > Gazetteer.maxQueryCharacters {
            throw CLIError("--place must be at most \(Gazetteer.maxQueryCharacters) characters (it has \(place.count))")
        }

        // 2. The place, in the server's vocabulary (its /reverse or /forward; the bundled defaults for a dry run
        //    without a server).
        guard (at == nil) != (place == nil) else {
            throw CLIError("give the place one way: --at LAT,LON or --place TEXT")
        }
        let http = try client.client()
        let lookup = dryRun && !client.serverGiven ? try PlaceLookup.bundled() : PlaceLookup.remote(http)
        let found: PostPlace
        if let at {
            found = try await PostPlace.at(at.coordinate, lookup: lookup)
        } else {
            found = try await PostPlace.named(place!, lookup: lookup)
        }
        // A --city given is sent as it is, empty or not: the server judges it, as every field of a post.
        guard let cityName = city ?? found.city.flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw CLIError("no city is known near this point: give one with --city")
        }
        let user = NewUser(
            nickname: nick, password: pw, country: found.country, state: found.state, city: cityName,
            year: year, coordinate: found.point)
        if dryRun {
            try CLIOutput.line(String(decoding: user.json(), as: UTF8.self))
            return
        }

        // 3. Nickname, then the post.
        if try await http.nicknameExists(nick) { throw ClientError.nicknameTaken(nick) }
        try await http.addUser(user)
        try PostReport(user: user, server: http.baseURL, how: found.how).write(json: json)
    }
}
