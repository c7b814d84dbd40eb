import HometownPostgres
import HometownProtocol
import HometownStore
import HometownVocabulary
import Logging
import NIOCore
import NIOPosix

/// Everything `hometown serve` can be told; the defaults are the embedded set-up (SQLite file in the current
/// folder, the original server's four countries, 1970 through this year, OWASP's scrypt cost).
public struct ServerConfiguration: Sendable {
    /// Address to listen on.
    public var host = "127.0.0.1"
    /// TCP port (0: any free port; the bound one is reported through `onServerRunning`).
    public var port = 8080
    /// Where the users are stored: a SQLite file (created on first start) or a PostgreSQL database.
    public var database: StoreLocation = .sqlite(path: "hometown.sqlite")
    /// The SQLite file (a PostgreSQL location reads as its URL); setting it stores the users in that SQLite file.
    public var databasePath: String {
        get { database.description }
        set { database = .sqlite(path: newValue) }
    }
    /// How a PostgreSQL database is reached: password file, connections, connect timeout.
    public var databaseConnect = DatabaseConnectOptions()
    /// The countries served.
    public var countries: Vocabulary.Selection = .defaults
    /// Start years accepted in posts.
    public var years: YearRange = .defaultRange()
    /// scrypt cost for new password hashes.
    public var hashCost: PasswordHasher.Cost = .production
    /// Hashes computed at once.
    public var hashThreads = System.coreCount
    /// Hashes allowed to wait beyond those running before posts get 503.
    public var maxQueuedHashes = 64
    /// `hometown.bin` (nil: `ReverseGeocoder.defaultDataPath()`).
    public var boundariesPath: String?
    /// `gazetteer.bin` (nil: `Gazetteer.defaultDataPath()`).
    public var gazetteerPath: String?
    /// `water.bin`, the lakes of the map tiles (nil: beside `hometown.bin`; `WaterFile.path(besideBoundaries:)`).
    public var waterPath: String?
    /// The web map's tiles drawn ahead (`tiles.bin`, made by `hometown prepare-tiles`): `.beside` looks for it beside
    /// `hometown.bin` and goes on without it when it is missing; `.file` requires that file; `.none` draws every tile.
    public var preparedTiles: PreparedTilesChoice = .beside
    /// The folder of files served as they are (`openapi.yaml`, the web app); nil: found beside the executable.
    public var publicDirectory: String?
    /// The folder holding Leaflet (`leaflet.js`, `leaflet.css`, `images/`), served under `/vendor/leaflet/`; nil:
    /// `$HOMETOWN_LEAFLET`, else Debian's `/usr/share/javascript/leaflet` (package libjs-leaflet).
    public var leafletDirectory: String?
    /// Limits on expensive work, caches and compression.
    public var work = WorkLimits()
    /// Level of the request log (one line per request at `.info`).
    public var logLevel: Logger.Level = .info
    /// Connections, timeouts, head size, database busy timeout, shutdown deadline (`ServerLimits`).
    public var limits = ServerLimits()
    /// How owners' wrong passwords are slowed (POST users/{id}/update and delete).
    public var owner = OwnerLimits()
    /// Whether `GET /metrics` answers (Prometheus text format); off, it is an unknown path (404).
    public var metricsEnabled = true
    /// How long `GET /healthz` waits for its database query before answering 503 `not_ready`.
    public var healthTimeout: Duration = .seconds(2)

    public init() {}
}
