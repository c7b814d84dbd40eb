import ArgumentParser
import Foundation
import HometownBoundaries
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
        Nobody types country, state or city names: the point is reverse-geocoded from the bundled data
        (or the place name forward-geocoded), and the names are mapped onto the server's own vocabulary
        (GET countries and GET states: ISO codes, aliases like USA / United States of America, outdated
        names, case and accents). Then the nickname is checked and POST adduser sent.

          hometown post --at 44.9661,-93.2938 --nickname rew2 --password-stdin --year 1985
          hometown post --at -33.87,151.21 ...            (negative values need no quoting)
          hometown post --place "Devils Lake, ND" --nickname rew --year 1985 --dry-run

        The password: --password, or --password-stdin (first line of standard input), or the
        HOMETOWN_PASSWORD variable, so that it need not sit in the shell history.
        The server: --server URL, else $HOMETOWN_SERVER, else http://127.0.0.1:8080 (the base URL; the
        client adds /hometown/...). --dry-run prints the JSON body without sending it; without --server
        it uses the vocabulary of `hometown serve`'s defaults (China, India, Mexico, USA).

        Exit status:
          0  posted (or, with --dry-run, the body printed)
          2  invalid input: a field breaks the protocol's rules, the point is in the open sea, the
             place name matches nothing, or the server does not serve the country or state
          3  connection refused (no server at that address and port)
          4  host not found (DNS)
          5  timed out
          6  TLS failure
          7  the connection broke before an answer
          8  the server refused the post (its JSON message is printed)
          9  the nickname is taken
         10  not a Hometown server at that URL (a 404 page: wrong URL or path prefix)
         11  the server failed (HTTP 5xx)
         12  the server's answer is malformed (broken JSON, HTML where JSON belongs)
          1  anything else (e.g. the bundled data cannot be read)
        """)

    @Option(name: .customLong("at"), parsing: .unconditional,
            help: ArgumentHelp("The point clicked: LAT,LON in decimal degrees, latitude first.", valueName: "LAT,LON"))
    var at: String?

    @Option(help: ArgumentHelp("A place name instead of a point (\"Devils Lake, ND\", \"Guadalajara\").", valueName: "TEXT"))
    var place: String?

    @Option(help: "The nickname (unique on the server, without regard to case, width or letters that look alike).")
    var nickname: String

    @Option(help: "The password (at least 3 characters); prefer --password-stdin or HOMETOWN_PASSWORD.")
    var password: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Option(help: "The year you started at the university.")
    var year: Int

    @Option(help: "The city to post instead of the one geocoded.")
    var city: String?

    @Option(help: ArgumentHelp("The service's base URL (default $HOMETOWN_SERVER or http://127.0.0.1:8080).", valueName: "URL"))
    var server: String?

    @Option(help: "Seconds to wait for each answer.")
    var timeout = 10.0

    @Flag(name: .customLong("dry-run"), help: "Print the JSON body instead of sending it.")
    var dryRun = false

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func run() async throws {
        try await ClientCommandSupport.reportingErrors { try await post() }
    }

    private func post() async throws {
        // 1. The fields, by the protocol's rules.
        let nick = nickname.trimmingCharacters(in: .whitespacesAndNewlines)
        try check(nick, field: "nickname")
        guard !nick.isEmpty else { throw CLIError("--nickname must not be empty") }
        do { _ = try NicknameRules.validated(nick, field: "nickname") } catch { throw CLIError(error.description) }
        let pw = try readPassword()
        try check(pw, field: "password")
        guard pw.count >= ProtocolLimits.minPasswordCharacters else {
            throw CLIError("the password must be at least \(ProtocolLimits.minPasswordCharacters) characters long")
        }
        let years = YearRange.defaultRange()
        guard years.contains(year) else { throw CLIError("--year must be from \(years.lowerBound) to \(years.upperBound), not \(year)") }
        if let city { try check(city, field: "city") }

        // 2. The place.
        let found = try locate()
        guard timeout > 0 else { throw CLIError("--timeout must be more than 0 seconds") }

        // 3. The server's vocabulary.
        let client = try HometownClient(baseURL: ClientCommandSupport.serverURL(server), timeout: timeout)
        let vocabulary: Vocabulary
        if dryRun && server == nil && ProcessInfo.processInfo.environment["HOMETOWN_SERVER"] == nil {
            vocabulary = try Vocabulary.bundled(geocoder: found.geocoder, gazetteer: found.gazetteer)
        } else {
            vocabulary = try await serverVocabulary(client, country: found.place.country!, found: found)
        }
        let served = try servedCountry(vocabulary, found.place.country!)
        guard let bundledState = found.state, let state = vocabulary.stateName(bundled: bundledState, in: served) else {
            throw CLIError("the server does not serve the state '\(found.state?.name ?? "?")' of \(served.name); it serves: "
                           + served.states.prefix(12).joined(separator: ", ") + (served.states.count > 12 ? ", ..." : ""))
        }
        let cityName = city ?? found.city
        guard let cityName, !cityName.isEmpty else { throw CLIError("no city is known near this point: give one with --city") }
        let body = HometownClient.Post(nickname: nick, password: pw, country: served.name, state: state, city: cityName, year: year,
                                       latitude: found.point.latitude, longitude: found.point.longitude)
        if dryRun {
            print(String(decoding: body.json(), as: UTF8.self))
            return
        }

        // 4. Nickname, then the post.
        if try await client.nicknameExists(nick) { throw ClientError.nicknameTaken(nick) }
        try await client.addUser(body)
        report(body, base: client.baseURL, found: found)
    }

    private func check(_ s: String, field: String) throws {
        do { try NewUser.checkString(s, field: field) } catch { throw CLIError(error.description) }
    }

    private func readPassword() throws -> String {
        let sources = [password != nil, passwordStdin].filter { $0 }.count
        guard sources <= 1 else { throw CLIError("give the password one way: --password or --password-stdin") }
        if let password { return password }
        if passwordStdin {
            guard let line = readLine(strippingNewline: true) else { throw CLIError("--password-stdin: standard input is empty") }
            return line
        }
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_PASSWORD"], !env.isEmpty { return env }
        throw CLIError("a password is needed: --password-stdin, HOMETOWN_PASSWORD, or --password")
    }

    /// What the point or the name is, from the bundled data.
    struct Found {
        let geocoder: ReverseGeocoder
        let gazetteer: Gazetteer
        let point: Coordinate
        let place: Place
        let state: Place.State?
        let city: String?
        /// How the place was found, for the report.
        let how: String
    }

    private func locate() throws -> Found {
        guard (at == nil) != (place == nil) else { throw CLIError("give the place one way: --at LAT,LON or --place TEXT") }
        let geocoder = try ReverseGeocoder(verification: .header)
        let gazetteer = try Gazetteer(verify: false)
        if let at {
            let parts = at.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw CLIError("--at must be LAT,LON (e.g. 44.9661,-93.2938), not '\(at)'") }
            let lat = try Coordinate.parseDegrees(parts[0], field: "latitude"), lon = try Coordinate.parseDegrees(parts[1], field: "longitude")
            guard lat >= -90, lat <= 90 else { throw CLIError("--at: latitude must be in [-90, 90], not \(parts[0])") }
            guard lon >= -180, lon <= 180 else { throw CLIError("--at: longitude must be in [-180, 180], not \(parts[1])") }
            let point = Coordinate(uncheckedLatitude: lat, longitude: Coordinate.wrapLongitude(lon))
            let p = geocoder.place(at: point)
            guard p.country != nil, p.state != nil else {
                throw CLIError("the point \(lat), \(lon) is in the open sea (more than 22 km from any coast): click on land")
            }
            let how = p.city.map { "reverse-geocoded; \($0.name) is \(String(format: "%.1f", $0.distanceKm)) km away" } ?? "reverse-geocoded"
            return Found(geocoder: geocoder, gazetteer: gazetteer, point: point, place: p, state: p.state, city: p.city?.name, how: how)
        }
        let text = place!
        guard text.contains(where: { !$0.isWhitespace }) else { throw CLIError("--place must not be empty") }
        guard let best = try gazetteer.search(text, limit: 1).first, best.score >= 0.5 else {
            throw CLIError("no place matches '\(text)': try \"City, State\" or \"City, Country\"")
        }
        let p = geocoder.place(at: best.point)
        guard p.country != nil else { throw CLIError("'\(text)' resolves to \(best.name), which lies outside every country") }
        var state = p.state
        if let s = best.state, let i = (0..<geocoder.stateCount).first(where: { geocoder.stateInfo($0).name == s.name && geocoder.stateInfo($0).iso == s.code }) {
            state = geocoder.stateInfo(i)
        }
        let city = best.kind == .city ? best.name : p.city?.name
        let where_ = [best.state?.name, best.country?.name].compactMap { $0 }.joined(separator: ", ")
        return Found(geocoder: geocoder, gazetteer: gazetteer, point: best.point, place: p, state: state, city: city,
                     how: "chose \(best.name) (\(best.kind)\(where_.isEmpty ? "" : ", " + where_)) for '\(text)'")
    }

    /// The vocabulary of the server for the country of the place: its country list, and the states of the one
    /// country that matches ours.
    private func serverVocabulary(_ client: HometownClient, country: Place.Country, found: Found) async throws -> Vocabulary {
        let names = try await client.countries()
        let countriesOnly = Vocabulary(lists: names.map { (country: $0, states: [String]()) }, geocoder: found.geocoder, gazetteer: found.gazetteer)
        let served = try servedCountry(countriesOnly, country)
        let states = try await client.states(country: served.name)
        return Vocabulary(lists: names.map { (country: $0, states: $0 == served.name ? states : []) }, geocoder: found.geocoder,
                          gazetteer: found.gazetteer)
    }

    private func servedCountry(_ v: Vocabulary, _ c: Place.Country) throws -> Vocabulary.Country {
        if let iso = c.iso2, let s = v.countries.first(where: { $0.iso2 == iso }) { return s }
        if let s = try? v.resolveCountry(c.name) { return s }
        throw CLIError("the server does not serve \(c.name); it serves: " + v.countryNames.prefix(12).joined(separator: ", ")
                       + (v.countryNames.count > 12 ? ", ..." : ""))
    }

    private func report(_ body: HometownClient.Post, base: String, found: Found) {
        if json {
            let o: JSONValue = .object([
                "server": .string(base), "answer": .string("ok"), "place": .string(found.how),
                "posted": .object(["nickname": .string(body.nickname), "country": .string(body.country), "state": .string(body.state),
                                   "city": .string(body.city), "year": .number(Double(body.year)),
                                   "latitude": .number(body.latitude ?? 0), "longitude": .number(body.longitude ?? 0)]),
            ])
            print(o.compactText)
            return
        }
        print("""
            posted to \(base)/hometown/adduser: ok
              nickname   \(body.nickname)
              country    \(body.country)
              state      \(body.state)
              city       \(body.city)
              year       \(body.year)
              latitude   \(JSONValue.number(body.latitude ?? 0).compactText)
              longitude  \(JSONValue.number(body.longitude ?? 0).compactText)
              place      \(found.how)
            """)
    }
}
