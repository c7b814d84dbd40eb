import Foundation
import HometownBoundaries
import HometownClustering
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownVocabulary
import HometownStore
import HometownViewport
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// What the endpoints share: the vocabulary, the store and its in-memory view, the hasher, the geocoders, the
/// limits and the cache of cluster indexes. Immutable references to `Sendable` parts; each locks inside.
///
/// Reads never touch SQL: `users`, `count`, `nextid` and `nicknameexists` are answered from `view`, the map
/// endpoints cluster the view's points. A post is inserted (durably) and then appended to the view, one post at a
/// time (`writes`), so the view gets users in id order.
final class ServerState: Sendable {
    let vocabulary: Vocabulary
    let store: any UserStore
    let hasher: PasswordHasher
    let geocoder: ReverseGeocoder
    let gazetteer: Gazetteer
    let years: YearRange
    let logger: Logger
    let publicFiles: PublicFiles
    /// The web map's boundary tiles (built on first use).
    let tiles: BoundaryTiles

    /// Every user in memory: what reads are answered from.
    let view: UserView
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
    /// Inserts one at a time, each followed by its append to the view.
    let writes: WorkLimiter
    /// Cluster indexes per filter and data version, bounded in bytes, each built once.
    let clusterIndexes: SharedCache<MarkerViews.Indexed>
    private let countriesBody: ByteBuffer
    private let statesBodies: [String: ByteBuffer]

    init(vocabulary: Vocabulary, store: any UserStore, view: UserView, hasher: PasswordHasher, geocoder: ReverseGeocoder,
         gazetteer: Gazetteer, years: YearRange, logger: Logger, publicFiles: PublicFiles, limits: WorkLimits) {
        self.vocabulary = vocabulary
        self.store = store
        self.view = view
        bulk = NIOThreadPool(numberOfThreads: max(1, limits.maxExpensiveWork))
        bulk.start()
        streaming = NIOThreadPool(numberOfThreads: System.coreCount)
        streaming.start()
        delivery = AnswerDelivery(maxCompressing: limits.maxCompressing, bulk: streaming)
        expensive = WorkLimiter(running: limits.maxExpensiveWork, waiting: limits.maxQueuedWork, maxWait: limits.queueTimeout)
        writes = WorkLimiter(running: 1, waiting: 1024, maxWait: limits.queueTimeout, reason: .writes)
        clusterIndexes = SharedCache(budget: limits.clusterCacheBytes)
        self.hasher = hasher
        self.geocoder = geocoder
        self.gazetteer = gazetteer
        self.years = years
        self.logger = logger
        self.publicFiles = publicFiles
        tiles = BoundaryTiles(geocoder: geocoder, cacheBytes: limits.tileCacheBytes, threads: bulk)
        countriesBody = ByteBuffer(string: JSONValue.array(vocabulary.countryNames.map { .string($0) }).compactText)
        var states: [String: ByteBuffer] = [:]
        for c in vocabulary.countries { states[c.name] = ByteBuffer(string: JSONValue.array(c.states.map { .string($0) }).compactText) }
        statesBodies = states
    }

    // MARK: The protocol

    /// The query's pairs, refusing any parameter not in `allowed` and any repeated one.
    private func parameters(_ query: String?, allowed: [String]) throws(ProtocolError) -> [String: String] {
        try parameters(QueryString.parse(query), allowed: allowed)
    }

    /// The same for pairs already read from the query string.
    private func parameters(_ items: [(name: String, value: String)], allowed: [String]) throws(ProtocolError) -> [String: String] {
        var out: [String: String] = [:]
        for (name, value) in items {
            guard allowed.contains(name) else { throw .unknownParameter(name, allowed: allowed) }
            guard out.updateValue(value, forKey: name) == nil else { throw .repeated(field: name) }
        }
        return out
    }

    func countries(_ query: String?, headers: HTTPFields) throws(ProtocolError) -> Response {
        _ = try parameters(query, allowed: [])
        return tagged(Replies.json(countriesBody), version: nil, headers: headers)
    }

    func states(_ query: String?, headers: HTTPFields) throws(ProtocolError) -> Response {
        let p = try parameters(query, allowed: ["country"])
        guard let given = p["country"] else { throw .missing(field: "country") }
        let country = try vocabulary.resolveCountry(given)
        return tagged(Replies.json(statesBodies[country.name] ?? ByteBuffer(string: "[]")), version: nil, headers: headers)
    }

    func nicknameExists(_ query: String?) throws(ProtocolError) -> Response {
        let p = try parameters(query, allowed: ["name"])
        guard let name = p["name"] else { throw ProtocolError.missing(field: "name") }
        try NewUser.checkString(name, field: "name")
        // The rules of POST adduser's nickname: a name that could not be posted is refused, not called free.
        let nickname = try NicknameRules.validated(name, field: "name")
        return Replies.json(.bool(view.containsNicknameKey(NicknameKey.key(nickname))))
    }

    func count(_ query: String?, headers: HTTPFields) throws(ProtocolError) -> Response {
        _ = try parameters(query, allowed: [])
        let snapshot = view.snapshot
        return tagged(Replies.json(.number(Double(snapshot.rowCount))), version: snapshot.version, headers: headers)
    }

    func nextID(_ query: String?, headers: HTTPFields) throws(ProtocolError) -> Response {
        _ = try parameters(query, allowed: [])
        // The version is read first, so the answer is never older than its tag.
        let version = view.snapshot.version
        return tagged(Replies.json(.number(Double(view.nextID))), version: version, headers: headers)
    }

    /// GET users from the view: the first step of the answer at once, a larger answer streamed a step at a time
    /// (about 100 KiB each, made on the `streaming` threads), so a whole list never sits in memory and never holds the view's lock for long.
    func users(_ query: String?, headers: HTTPFields) throws(ProtocolError) -> Response {
        let q = try UsersQuery.parse(QueryString.parse(query), vocabulary: vocabulary)
        let snapshot = view.snapshot
        let tag = delivery.tag(version: snapshot.version)
        if let unchanged = delivery.notModified(headers, tag: tag) { return unchanged }
        var answer = view.answer(q, at: snapshot)
        var first: [UInt8] = []
        answer.writeJSON(view: view, to: &first)
        var r: Response
        if answer.isFinished {
            r = Replies.json(first)
        } else {
            let rest = answer, view = self.view, streaming = self.streaming, head = ByteBuffer(bytes: first)
            r = Response(status: .ok, headers: [.contentType: Replies.jsonType], body: ResponseBody { writer in
                try await writer.write(head)
                var answer = rest
                while !answer.isFinished {
                    let step = answer
                    let out: [UInt8]
                    (answer, out) = try await streaming.run(nice: ThreadNice.bulk) {
                        var a = step
                        var bytes: [UInt8] = []
                        bytes.reserveCapacity(128 << 10)
                        a.writeJSON(view: view, to: &bytes)
                        return (a, bytes)
                    }
                    try await writer.write(ByteBuffer(bytes: out))
                }
                try await writer.finish(nil)
            })
        }
        return withTag(r, tag)
    }

    func addUser(_ request: inout Request) async throws -> Response {
        let body = try await request.collectBody(upTo: ProtocolLimits.maxBodyBytes)
        let user = try NewUser.validate(body: Array(buffer: body), vocabulary: vocabulary, years: years)
        // A cheap early answer for a taken nickname; the unique index decides races.
        if view.containsNicknameKey(user.nicknameKey) { throw ProtocolError.nicknameTaken(user.nickname) }
        let hash = try await hasher.hash(user.password)
        do {
            try await writes.run {
                let stored = try await store.insert(user, passwordHash: hash, now: Timestamp.nowMilliseconds())
                do {
                    try view.append(stored, nicknameKey: user.nicknameKey)
                } catch {
                    // Cannot happen while inserts go one at a time; the post is stored, so it is acknowledged, and
                    // the view gets it back at the next start.
                    logger.critical("a stored user could not join the in-memory view", metadata: ["error": "\(error)"])
                }
                logger.debug("stored user", metadata: ["id": "\(stored.id)"])
            }
        } catch StoreError.nicknameTaken {
            throw ProtocolError.nicknameTaken(user.nickname)
        }
        return Replies.text("ok")
    }

    /// `response` with the entity tag of data `version`, or 304 when the client has it.
    private func tagged(_ response: Response, version: UInt64?, headers: HTTPFields) -> Response {
        let tag = delivery.tag(version: version)
        return delivery.notModified(headers, tag: tag) ?? withTag(response, tag)
    }

    /// `response` with entity tag `tag` (already checked against `If-None-Match`), to be revalidated before reuse.
    private func withTag(_ response: Response, _ tag: String) -> Response {
        var r = response
        r.headers[.eTag] = tag
        r.headers[.cacheControl] = "no-cache"
        return r
    }

    /// `body` in a turn of `expensive`, on the `bulk` threads.
    private func expensiveWork<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let bulk = self.bulk
        return try await expensive.run { try await bulk.run(nice: ThreadNice.bulk, body) }
    }

    // MARK: Beyond the original

    func clusters(_ query: String?, headers: HTTPFields) async throws -> Response {
        let items = try QueryString.parse(query)
        let filters = try UsersQuery.parse(items.filter { $0.name != "zoom" && $0.name != "bbox" }, vocabulary: vocabulary,
                                           paging: false)
        let p = try parameters(items, allowed: UsersQuery.filterParameters + ["zoom", "bbox"])
        guard let zt = p["zoom"] else { throw ProtocolError.missing(field: "zoom") }
        let zoom = try MarkerViews.number(zt, field: "zoom")
        guard zoom >= 0, zoom <= 24 else { throw ProtocolError.outOfRange(field: "zoom", rule: "from 0 to 24, not \(zt)") }
        let bbox = try p["bbox"].map { b throws(ProtocolError) in try MarkerViews.bbox(b) } ?? BoundingBox(uncheckedWest: -180, south: -85, east: 180, north: 85)
        let snapshot = view.snapshot
        let tag = delivery.tag(version: snapshot.version)
        if let unchanged = delivery.notModified(headers, tag: tag) { return unchanged }
        let indexed = try await clusterIndex(filters, at: snapshot)
        // Above the deepest clustered zoom every user in the box is a feature of its own: writing them is work too.
        let view = self.view
        let features = try await expensiveWork { try indexed.features(in: bbox, zoom: zoom, view: view) }
        return withTag(Replies.json(features), tag)
    }

    func region(_ query: String?, headers: HTTPFields) async throws -> Response {
        let items = try QueryString.parse(query)
        let viewKeys = ["width", "height", "padding"]
        let filters = try UsersQuery.parse(items.filter { !viewKeys.contains($0.name) }, vocabulary: vocabulary, paging: false)
        let p = try parameters(items, allowed: UsersQuery.filterParameters + viewKeys)
        func dimension(_ key: String, _ fallback: Double?) throws(ProtocolError) -> Double {
            guard let t = p[key] else {
                guard let fallback else { throw .missing(field: key) }
                return fallback
            }
            let v = try MarkerViews.number(t, field: key)
            guard v >= 0, v <= 100_000 else { throw .outOfRange(field: key, rule: "from 0 to 100000 pixels, not \(t)") }
            return v
        }
        let width = try dimension("width", nil), height = try dimension("height", nil), padding = try dimension("padding", 0)
        guard width > 2 * padding, height > 2 * padding else {
            throw ProtocolError.outOfRange(field: "padding", rule: "less than half the width and the height")
        }
        let snapshot = view.snapshot
        let tag = delivery.tag(version: snapshot.version)
        if let unchanged = delivery.notModified(headers, tag: tag) { return unchanged }
        let indexed = try await clusterIndex(filters, at: snapshot)
        guard !indexed.coordinates.isEmpty else {
            return Replies.error("no user with a point matches these filters, so there is no region to fit", code: .noRegion, status: .notFound)
        }
        let region = try await expensiveWork {
            try RegionFitter.fit(indexed.coordinates, in: Viewport(width: width, height: height, padding: padding))
        }
        return withTag(try Replies.json(encoding: region), tag)
    }

    /// The cluster index of the users matching `filters` as of `snapshot`: kept per filter and version within the
    /// cache's bytes, built once however many ask at the same time, and built only in a turn of `expensive`.
    private func clusterIndex(_ filters: UsersQuery, at snapshot: UserView.Snapshot) async throws -> MarkerViews.Indexed {
        let view = self.view
        return try await clusterIndexes.value("\(filters)", version: snapshot.version) { [self] in
            try await expensiveWork {
                let indexed = try MarkerViews.Indexed(points: view.points(filters, at: snapshot))
                return (indexed, indexed.approximateBytes)
            }
        }
    }

    func reverse(_ query: String?, headers: HTTPFields) throws -> Response {
        let p = try parameters(query, allowed: ["lat", "lon"])
        guard let lt = p["lat"] else { throw ProtocolError.missing(field: "lat") }
        guard let ln = p["lon"] else { throw ProtocolError.missing(field: "lon") }
        let lat = try MarkerViews.number(lt, field: "lat"), lon = try MarkerViews.number(ln, field: "lon")
        guard lat >= -90, lat <= 90 else { throw ProtocolError.outOfRange(field: "lat", rule: "in [-90, 90] degrees, not \(lt)") }
        guard lon >= -180, lon <= 180 else { throw ProtocolError.outOfRange(field: "lon", rule: "in [-180, 180] degrees, not \(ln)") }
        let place = geocoder.place(at: Coordinate(uncheckedLatitude: lat, longitude: Coordinate.wrapLongitude(lon)))
        return tagged(Replies.json(PlaceAnswers.reverse(place, vocabulary: vocabulary)), version: nil, headers: headers)
    }

    func forward(_ query: String?, headers: HTTPFields) throws -> Response {
        let p = try parameters(query, allowed: ["q", "limit"])
        guard let q = p["q"] else { throw ProtocolError.missing(field: "q") }
        guard q.contains(where: { !$0.isWhitespace }) else { throw ProtocolError.length(field: "q", rule: "a place name, not empty") }
        guard q.count <= Gazetteer.maxQueryCharacters else {
            throw ProtocolError.length(field: "q", rule: "at most \(Gazetteer.maxQueryCharacters) characters")
        }
        let limit = try p["limit"].map { t throws(ProtocolError) in try UsersQuery.integer(t, "limit") } ?? 5
        guard (1...20).contains(limit) else { throw ProtocolError.outOfRange(field: "limit", rule: "from 1 to 20, not \(limit)") }
        let results = try gazetteer.search(q, limit: limit)
        return tagged(Replies.json(PlaceAnswers.forward(query: q, results: results, vocabulary: vocabulary)),
                      version: nil, headers: headers)
    }

    /// `z`, `x`, `y` of an XYZ Web Mercator tile: its boundaries (see `BoundaryTiles`).
    func boundaries(_ query: String?) async throws -> Response {
        let p = try parameters(query, allowed: ["z", "x", "y"])
        var v: [String: Int] = [:]
        for name in ["z", "x", "y"] {
            guard let t = p[name] else { throw ProtocolError.missing(field: name) }
            v[name] = try UsersQuery.integer(t, name)
        }
        let z = v["z"]!, x = v["x"]!, y = v["y"]!
        guard (0...BoundaryTiles.maxZoom).contains(z) else {
            throw ProtocolError.outOfRange(field: "z", rule: "from 0 to \(BoundaryTiles.maxZoom), not \(z)")
        }
        let n = 1 << z
        guard (0..<n).contains(x) else { throw ProtocolError.outOfRange(field: "x", rule: "from 0 to \(n - 1) at zoom \(z), not \(x)") }
        guard (0..<n).contains(y) else { throw ProtocolError.outOfRange(field: "y", rule: "from 0 to \(n - 1) at zoom \(z), not \(y)") }
        var r = Replies.json(try await tiles.tile(z: z, x: x, y: y))
        // The boundaries change only with the server's data: let browsers keep tiles for a day.
        r.headers[.cacheControl] = "public, max-age=86400"
        return r
    }

    func publicFile(path: String) -> Response? {
        if path == "/" || path == "/index.html" { tiles.warm() }
        return publicFiles.response(for: path)
    }
}
