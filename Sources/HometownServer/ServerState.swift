import Foundation
import HometownBasemap
import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownStore
import HometownTiles
import HometownVocabulary
import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// What the endpoint families share: the vocabulary, the store and its in-memory view, the hasher, the geocoders,
/// the thread pools and limiters, and how answers leave (`delivery`). Immutable references to `Sendable` parts;
/// each locks inside. The handlers are in `ProtocolEndpoints`, `OwnerEndpoints`, `MapEndpoints`,
/// `PlaceEndpoints` and `TileEndpoints`; `HometownRouter` routes to them.
final class ServerState: Sendable {
    let vocabulary: Vocabulary
    let store: any UserStore
    let hasher: PasswordHasher
    let geocoder: ReverseGeocoder
    let gazetteer: Gazetteer
    let years: YearRange
    let logger: Logger
    let publicFiles: PublicFiles
    /// The web map's boundary tiles (drawn ahead in `tiles.bin`, else built on first use).
    let tiles: BoundaryTiles
    /// The web map's names (placed per zoom on first use).
    let labels: LabelTiles

    /// Every user in memory: what reads are answered from.
    let view: UserView
    /// Keeps `view` current with the store: after each post here, and every `--db-sync-interval` for the posts of
    /// other processes on the same database (`ViewSyncService`).
    let follower: UserViewFollower
    /// Entity tags, gzip and HEAD for every answer.
    let delivery: AnswerDelivery
    /// Turns for expensive computations (cluster indexes; the region fit uses one).
    let expensive: WorkLimiter
    /// The threads that do the expensive work (cluster indexes, region fits, map tiles): `--max-expensive-work` of
    /// them, apart from the threads that run request handlers, so cheap answers never queue behind it there; the
    /// operating system shares the cores, and these threads give way (`ThreadNice`).
    let bulk: NIOThreadPool
    /// The threads that write large answers a step at a time and compress large parts (one per core), apart from
    /// `bulk`, so that a long cluster build never holds up a list being sent.
    let streaming: NIOThreadPool
    /// Inserts one at a time, each followed by a catch-up of the view (which then holds the new user).
    let writes: WorkLimiter
    /// Owners' wrong passwords, per post and per address.
    let ownerAttempts: OwnerAttempts

    init(
        vocabulary: Vocabulary, store: any UserStore, view: UserView, hasher: PasswordHasher, geocoder: ReverseGeocoder,
        gazetteer: Gazetteer, water: WaterMap, years: YearRange, logger: Logger, publicFiles: PublicFiles,
        limits: WorkLimits, owner: OwnerLimits = OwnerLimits(), prepared: PreparedTiles = .none
    ) {
        ownerAttempts = OwnerAttempts(limits: owner)
        self.vocabulary = vocabulary
        self.store = store
        self.view = view
        follower = UserViewFollower(view: view, store: store)
        bulk = NIOThreadPool(numberOfThreads: max(1, limits.maxExpensiveWork))
        bulk.start()
        streaming = NIOThreadPool(numberOfThreads: System.coreCount)
        streaming.start()
        delivery = AnswerDelivery(maxCompressing: limits.maxCompressing, bulk: streaming)
        expensive = WorkLimiter(
            running: limits.maxExpensiveWork, waiting: limits.maxQueuedWork, maxWait: limits.queueTimeout)
        writes = WorkLimiter(running: 1, waiting: 1024, maxWait: limits.queueTimeout, reason: .writes)
        self.hasher = hasher
        self.geocoder = geocoder
        self.gazetteer = gazetteer
        self.years = years
        self.logger = logger
        self.publicFiles = publicFiles
        let drawer = TileDrawer(geocoder: geocoder, gazetteer: gazetteer, water: water, vocabulary: vocabulary)
        tiles = BoundaryTiles(drawer: drawer, cacheBytes: limits.tileCacheBytes, threads: bulk, prepared: prepared)
        labels = LabelTiles(
            drawer: drawer, cacheBytes: limits.labelCacheBytes, expensive: expensive, threads: bulk,
            prepared: prepared)
    }

    /// After a write of this process (a post, a change, a deletion: `what`, of user `id`), the view reads it back
    /// with whatever other processes stored before it. A failure is logged, not thrown: the write is stored, so it
    /// is acknowledged, and the view gets it at its next catch-up.
    func catchUpAfterWrite(_ what: String, id: Int) async {
        do {
            try await follower.catchUp()
        } catch {
            logger.warning(
                "a \(what) user is not in the in-memory view yet", metadata: ["id": "\(id)", "error": "\(error)"])
        }
    }
}
