import ArgumentParser
import HometownCore
import HometownProtocol
import HometownServer
import HometownVocabulary
import Hummingbird
import Logging

/// `hometown serve`: the Hometown protocol over HTTP, with durable storage.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Hometown protocol (and the extra map endpoints) over HTTP.",
        discussion: """
            The web app is at / (open http://127.0.0.1:8080/ in a browser): the posts on a
            map and as a list, filters, and a form to post by clicking the map. It works
            offline: the map is drawn from the bundled boundaries, and Leaflet comes from
            Debian's libjs-leaflet (see --leaflet).

            The endpoints (under /hometown/: the protocol's users, adduser, countries,
            states, count, nextid and nicknameexists; the owner's update and delete; the
            map's clusters, region and boundaries tiles; reverse and forward geocoding)
            are described in /openapi.yaml on the running server and in docs/protocol.md.
            For operators, outside /hometown/: GET /healthz (200 when ready, else 503) and
            GET /metrics (Prometheus text; --metrics off turns it off).

            Users are stored in a SQLite file (created on first start; write-ahead log,
            synchronous=FULL: a post answered 200 is on disk), or with --db
            postgres://USER@HOST:PORT/DATABASE in PostgreSQL (schema created on start;
            synchronous_commit on; posts from several servers on one database are
            committed one at a time in id order). Passwords are kept only as scrypt
            hashes. Countries, states and aliases ("usa", "MN", "Distrito Federal") are
            stored under the names GET countries and GET states return. Strings are at
            most 100 characters and 400 bytes of UTF-8. Nicknames are unique without
            regard to case, width or letters that look alike (Unicode UTS #39: "dаve" with
            a Cyrillic а is "dave"); invisible and bidirectional characters in them are
            refused. Databases of an older schema are migrated on start, and posts stored
            under a place's former name ("Sichuan Sheng") move to the name served now
            ("Sichuan"). Refusals are 400 with {"error": "...", "field": "...", "code":
            "..."} (the codes are listed in /openapi.yaml); unknown paths get 404 with an
            HTML page. SIGINT or SIGTERM stops the server gracefully (requests in flight
            get --shutdown-timeout to finish, then the connections left close and the
            database closes). Connections, slow clients, request heads and the database
            lock are bounded (see Limits).

            Reads never touch SQL: every user is loaded into memory at start (about 0.6 s
            and 33 MiB per 100,000 users) and each post joins it once stored. Answers
            carry an ETag (If-None-Match gets 304), come gzipped when asked, and answer
            HEAD. Cluster indexes for the map are built a few at a time (see the work and
            memory limits below); nothing else waits for them.

            Example:
              hometown serve --db posts.sqlite --port 8080
              curl 'http://127.0.0.1:8080/hometown/users?country=USA&page=0'
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "TCP port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            """
            Where users are stored: a SQLite file (created if missing) or postgres://USER@HOST:PORT/DATABASE. \
            (default: \(ServeCommand.defaultDatabase.defaultValueDescription), in the working directory)
            """,
            discussion:
                "PostgreSQL: the schema is created on first start; the password comes from $PGPASSWORD or --db-password-file, never the URL.",
            valueName: "file|url"),
        transform: DbLocationArgument.parse)
    var database = ServeCommand.defaultDatabase

    /// Where users are stored when `--db` is not given.
    static let defaultDatabase = DbLocationArgument(.sqlite(path: "hometown.sqlite"))

    @OptionGroup(title: "Database server (PostgreSQL)")
    var databaseConnect: DbConnectOptions

    @Option(
        help: ArgumentHelp(
            """
            Countries served: a comma-separated list of names or ISO codes, or 'all' (every country of the bundled \
            data). (default: \(CountriesArgument.defaults.defaultValueDescription))
            """, valueName: "list|all"),
        transform: CountriesArgument.init(parsing:))
    var countries = CountriesArgument.defaults

    @Option(help: "Earliest start year accepted.")
    var minYear = ProtocolLimits.defaultMinYear

    @Option(help: "Latest start year accepted (default: the current year).")
    var maxYear: Int?

    @Option(
        help:
            "Password hashing cost: scrypt N = 2^value (r=8, p=1). 17 is OWASP's recommendation (128 MiB, ~0.4 s a hash); lower only for tests."
    )
    var scryptLogN = 17

    @Option(help: "Password hashes computed at once (default: one per core).")
    var hashThreads: Int?

    @Option(
        name: .customLong("public"),
        help:
            "Folder of the files served as they are (openapi.yaml, web app; no dotfiles, no links leaving it); default: $HOMETOWN_PUBLIC, else the one installed beside the executable."
    )
    var publicDirectory: String?

    @Option(
        name: .customLong("leaflet"),
        help: ArgumentHelp(
            "Folder holding Leaflet (leaflet.js, leaflet.css, images/), served under /vendor/leaflet/.",
            discussion:
                "Default: $HOMETOWN_LEAFLET, else /usr/share/javascript/leaflet (Debian's libjs-leaflet). Without it the web app has no map."
        ))
    var leafletDirectory: String?

    @Option(
        help: ArgumentHelp(
            "The web map's tiles drawn ahead (tiles.bin, made by hometown prepare-tiles), or 'none'.",
            discussion:
                "Default: tiles.bin beside hometown.bin, used when it is there and was drawn from the same data (the server logs what it uses); its tiles are served the moment the server listens. A file given here must be readable.",
            valueName: "file|none"))
    var preparedTiles: String?

    @OptionGroup(title: "Work and memory limits")
    var work: WorkLimitOptions

    @Option(help: "What the server logs on standard error; info is one line per request.")
    var logLevel = LogLevelArgument.info

    @OptionGroup(title: "Limits")
    var limits: ServerLimitOptions

    @OptionGroup(title: "Owners' changes (POST users/{id}/update and delete)")
    var owner: OwnerLimitOptions

    @Option(
        help: ArgumentHelp(
            "Whether GET /metrics answers (Prometheus text format); keep it internal: block it in the proxy in front.",
            valueName: "on|off"))
    var metrics = OnOff.on

    @Option(help: "Seconds GET /healthz waits for its database query before answering 503 (not ready).")
    var healthTimeout: Seconds = 2

    func validate() throws {
        try database.check("--db")
    }

    func run() async throws {
        // SIGTERM or SIGINT while the server starts stops it gracefully once it runs (exit 0).
        let stopSignals = StopSignals()
        var c = ServerConfiguration()
        c.host = host
        c.port = port
        c.database = database.location
        c.databaseConnect = try databaseConnect.options()
        c.countries = countries.selection
        c.years = maxYear.map { YearRange(minYear, $0) } ?? .throughCurrentYear(from: minYear)
        guard (1...20).contains(scryptLogN) else { throw ValidationError("--scrypt-log-n must be from 1 to 20") }
        c.hashCost = .init(logN: scryptLogN)
        if let hashThreads {
            guard hashThreads >= 1 else { throw ValidationError("--hash-threads must be 1 or more") }
            c.hashThreads = hashThreads
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        c.publicDirectory = publicDirectory
        c.leafletDirectory = leafletDirectory
        switch preparedTiles {
        case nil: c.preparedTiles = .beside
        case "none": c.preparedTiles = .none
        case let path?:
            guard !path.isEmpty else { throw ValidationError("--prepared-tiles needs a file or 'none'") }
            c.preparedTiles = .file(path)
        }
        c.logLevel = logLevel.level
        c.work = try work.limits()
        c.limits = try limits.limits()
        c.owner = try owner.limits()
        c.metricsEnabled = metrics.isOn
        c.healthTimeout = healthTimeout.duration
        LoggingSystem.bootstrap { label in BufferedLogHandler(label: label) }
        defer { LogSink.standardError.flush() }
        let host = self.host
        let db = database.location.description
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration: c) { bound in
                printError(
                    "serving on http://\(Self.urlHost(host)):\(bound)/hometown/ (version \(HometownVersion.current), database \(db)); stop with Ctrl-C"
                )
            }
        } catch let e as ServerError {
            printError(e.description)
            throw ExitCode(e.isInvalidInput ? ExitStatus.invalidInput : ExitStatus.failure)
        } catch {
            printError("\(error)")
            throw ExitCode(ExitStatus.failure)
        }
        do {
            try await runService(app, limits: c.limits, stopSignals: stopSignals)
        } catch let e as ServerError {
            printError("\(e.description) (http://\(Self.urlHost(host)):\(port))")
            throw ExitCode(ExitStatus.failure)
        } catch {
            printError("the server stopped: \(error)")
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// `host` as a URL writes it: an IPv6 address in brackets (`[::1]`), anything else as it is.
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
