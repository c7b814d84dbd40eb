import HometownBasemap
import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownPostgres
import HometownProtocol
import HometownStore
import HometownTiles
import HometownVocabulary
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the Hometown server: loads the bundled data, opens (or creates) the database, and returns the
/// application, ready to `runService(_:limits:)` (which stops gracefully on SIGINT and SIGTERM: the listener
/// closes, requests in flight get `--shutdown-timeout` to finish, then the database closes). The open-file soft
/// limit is raised to the hard limit, and the connection limit checked against it. Kept apart from `@main`, so tests run it in-process.
/// - Parameters:
///   - configuration: the options of `hometown serve`.
///   - data: the bundled data, loaded before for the same files and countries (`ServerData`); nil loads it.
///   - onServerRunning: called with the bound port once the server listens (useful with port 0).
/// - Throws: `ServerError` for unusable options or data (`.badConfiguration("data", ...)` for `data` loaded for
///   other files or countries than `configuration` names), `StoreError` for a database that cannot be opened.
public func buildApplication(
    configuration: ServerConfiguration,
    data: ServerData? = nil,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "hometown.server")
    logger.logLevel = configuration.logLevel
    let openFiles = OpenFileLimit.raise()
    let maxConnections = try configuration.limits.resolvedMaxConnections(openFiles: openFiles)
    try configuration.owner.validate()
    let state = try await makeServerState(configuration: configuration, data: data, logger: logger)
    let connections = ConnectionCounter(limit: maxConnections)
    let operations = HometownRouter.Operations(
        health: HealthCheck(
            store: state.store, view: state.view, writes: state.writes, timeout: configuration.healthTimeout,
            logger: logger),
        metrics: configuration.metricsEnabled
            ? MetricsRegistry(view: state.view, connections: connections, hasher: state.hasher) : nil)
    return Application(
        router: HometownRouter.make(
            state: state, work: configuration.work, operations: operations),
        server: GuardedHTTP1Channel.builder(limits: configuration.limits, counter: connections),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "hometown"),
        // Services stop in reverse order after the server: the view stops following the store before it closes.
        services: [
            ShutdownCloser(state: state),
            ViewSyncService(
                follower: state.follower, interval: configuration.limits.databaseSyncInterval, logger: logger),
            MemoryTrimService(
                connections: connections, interval: configuration.work.memoryTrimInterval, logger: logger),
        ],
        onServerRunning: { channel in
            MapPreparation.start(state, zooms: configuration.work.prepareMapZooms)
            await onServerRunning(channel.localAddress?.port ?? configuration.port)
        },
        logger: logger
    )
}

/// Loads (unless `loaded` is given) and opens everything the endpoints share.
func makeServerState(configuration: ServerConfiguration, data loaded: ServerData?, logger: Logger) async throws
    -> ServerState
{
    guard configuration.years.lowerBound <= configuration.years.upperBound else {
        throw ServerError.badConfiguration("--min-year/--max-year", "the range \(configuration.years) is empty")
    }
    guard configuration.healthTimeout > .zero, configuration.healthTimeout <= .seconds(60) else {
        throw ServerError.badConfiguration("--health-timeout", "must be more than 0 and at most 60 seconds")
    }
    try configuration.work.validate()
    do { try configuration.databaseConnect.validate() } catch let e as DatabaseOptionError {
        throw ServerError(e)
    }
    guard (1...20).contains(configuration.hashCost.logN), configuration.hashCost.r >= 1, configuration.hashCost.p >= 1
    else {
        throw ServerError.badConfiguration("--scrypt-log-n", "log2 N must be from 1 to 20")
    }
    if let loaded, !loaded.isLoaded(for: configuration) {
        throw ServerError.badConfiguration(
            "data", "it was loaded for other data files or countries than the configuration names")
    }
    let data = try loaded?.bundled ?? ServerData(configuration: configuration).bundled
    let vocabulary = data.vocabulary
    let prepared = try loadPreparedTiles(
        configuration.preparedTiles, boundariesPath: configuration.boundariesPath, sources: data.tileSources,
        logger: logger)
    let publicFiles = try PublicFiles(
        directory: configuration.publicDirectory, leaflet: configuration.leafletDirectory,
        gzipCacheBytes: configuration.work.fileGzipCacheBytes)
    if publicFiles.leafletDirectory == nil {
        if let given = configuration.leafletDirectory {
            throw ServerError.cannotLoad("Leaflet", "\(given)/leaflet.js does not exist")
        }
        logger.warning(
            "Leaflet not found (install Debian's libjs-leaflet, or give --leaflet DIR): the web app will have no map")
    }
    if !publicFiles.skipped.isEmpty {
        let shown = publicFiles.skipped.prefix(10).joined(separator: ", ")
        let more = publicFiles.skipped.count > 10 ? " and \(publicFiles.skipped.count - 10) more" : ""
        logger.notice("files not served from \(publicFiles.directory) (or Leaflet's folder): \(shown)\(more)")
    }
    let store: any CopyableUserStore
    do {
        store = try await StoreOpener.open(
            configuration.database, connect: configuration.databaseConnect,
            busyTimeout: configuration.limits.databaseBusyTimeout, logger: logger)
    } catch let e as DatabaseOptionError {
        throw ServerError(e)
    }
    // Every read is answered from memory: load the users once, in id order, under the names served now (posts
    // stored under a unit's old name, "Sichuan Sheng", are migrated first).
    let started = ContinuousClock.now
    let view: UserView
    do {
        try await PlaceNameMigration.run(on: store, names: vocabulary, logger: logger)
        view = try await UserView.load(from: store)
    } catch {
        try? await store.close()
        throw error
    }
    let ms = DurationUnits.wholeMilliseconds(ContinuousClock.now - started)
    logger.info("loaded \(view.count) users into memory in \(ms) ms (about \(view.approximateBytes >> 20) MiB)")
    let hasher = PasswordHasher(
        cost: configuration.hashCost, threads: configuration.hashThreads,
        maxQueued: configuration.maxQueuedHashes)
    return ServerState(
        vocabulary: vocabulary, store: store, view: view, hasher: hasher, geocoder: data.geocoder,
        gazetteer: data.gazetteer, water: data.water, years: configuration.years, logger: logger,
        publicFiles: publicFiles, limits: configuration.work,
        owner: configuration.owner, prepared: prepared)
}

/// The tiles drawn ahead that `choice` names, those of them drawn from the data this server has loaded (`sources`),
/// with a line in the log saying what is used or why not. A missing or damaged `tiles.bin` beside `hometown.bin` is
/// logged and done without; a file named by `--prepared-tiles` must be readable.
func loadPreparedTiles(
    _ choice: PreparedTilesChoice, boundariesPath: String?, sources: () -> TileSources, logger: Logger
) throws -> PreparedTiles {
    let path: String
    switch choice {
    case .none: return .none
    case .file(let p): path = p
    case .beside: path = try PreparedTilesFile.path(besideBoundaries: boundariesPath)
    }
    do {
        let started = ContinuousClock.now
        let (tiles, leftOut) = try PreparedTiles.load(path: path, sources: sources())
        let usage = tiles.usage
        let ms = DurationUnits.wholeMilliseconds(ContinuousClock.now - started)
        var line =
            "map tiles drawn ahead: \(usage.tiles) from \(path) (\(usage.bytes >> 10) KiB in memory, read in \(ms) ms)"
        if !leftOut.isEmpty {
            line += "; not used: " + leftOut.joined(separator: "; ") + " (rebuild it: hometown prepare-tiles)"
        }
        if leftOut.isEmpty { logger.info("\(line)") } else { logger.warning("\(line)") }
        return tiles
    } catch {
        if case .file = choice { throw ServerError.cannotLoad("--prepared-tiles", "\(error)") }
        if let e = error as? BoundariesError, case .dataFileMissing = e {
            logger.notice(
                "no map tiles drawn ahead at \(path): the first tiles are drawn after start (hometown prepare-tiles makes them)"
            )
        } else {
            logger.warning("the map tiles drawn ahead are not used", metadata: ["error": "\(error)"])
        }
        return .none
    }
}

/// Closes the database and the hash pool once the HTTP server has shut down (services stop in reverse order, and
/// the server is the application's last). A group cancelled before any graceful shutdown, as it is when the server
/// cannot listen (a port in use), still closes the database: an open one is never left to its deinitializer.
struct ShutdownCloser: Service {
    let state: ServerState

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            // Cancelled before a graceful shutdown began: nothing is under way, so the closing runs to its end in a
            // task of its own, which the group's cancellation does not reach.
            try await Task.detached { [state] in try await Self.close(state) }.value
            return
        }
        // A graceful shutdown: the closing stops where the group's cancellation (past its deadline) stops it.
        try await Self.close(state)
    }

    private static func close(_ state: ServerState) async throws {
        try? await state.hasher.shutdown()
        // The map's boundaries, if still being prepared, stop at their next step rather than hold the bulk threads.
        state.tiles.stop()
        try? await state.bulk.shutdownGracefully()
        try? await state.streaming.shutdownGracefully()
        try await state.store.close()
        state.logger.info("database closed")
        LogSink.standardError.flush()
    }
}
