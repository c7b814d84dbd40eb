import Foundation
import HometownBoundaries
import HometownClustering
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownStore
import HometownViewport
import Hummingbird
import Logging
import NIOCore

/// What the endpoints share: the vocabulary, the store, the hasher, the geocoders and the caches. Immutable
/// references to `Sendable` parts; the caches lock inside.
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

    /// GET answers (bytes) until the next post.
    let answers = ResponseCache<ByteBuffer>(capacity: 4096)
    /// Cluster indexes per filter until the next post.
    let clusterIndexes = ResponseCache<MarkerViews.Indexed>(capacity: 16)
    private let countriesBody: ByteBuffer
    private let statesBodies: [String: ByteBuffer]

    init(vocabulary: Vocabulary, store: any UserStore, hasher: PasswordHasher, geocoder: ReverseGeocoder,
         gazetteer: Gazetteer, years: YearRange, logger: Logger, publicFiles: PublicFiles) {
        self.vocabulary = vocabulary
        self.store = store
        self.hasher = hasher
        self.geocoder = geocoder
        self.gazetteer = gazetteer
        self.years = years
        self.logger = logger
        self.publicFiles = publicFiles
        tiles = BoundaryTiles(geocoder: geocoder)
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

    func countries(_ query: String?) throws(ProtocolError) -> Response {
        _ = try parameters(query, allowed: [])
        return Replies.json(countriesBody)
    }

    func states(_ query: String?) throws(ProtocolError) -> Response {
        let p = try parameters(query, allowed: ["country"])
        guard let given = p["country"] else { throw .missing(field: "country") }
        let country = try vocabulary.resolveCountry(given)
        return Replies.json(statesBodies[country.name] ?? ByteBuffer(string: "[]"))
    }

    func nicknameExists(_ query: String?) async throws -> Response {
        let p = try parameters(query, allowed: ["name"])
        guard let name = p["name"] else { throw ProtocolError.missing(field: "name") }
        try NewUser.checkString(name, field: "name")
        // The rules of POST adduser's nickname: a name that could not be posted is refused, not called free.
        let nickname = try NicknameRules.validated(name, field: "name")
        return Replies.json(.bool(try await store.nicknameExists(nickname)))
    }

    func count(_ query: String?) async throws -> Response {
        _ = try parameters(query, allowed: [])
        return try await cached("count") { .number(Double(try await self.store.count())) }
    }

    func nextID(_ query: String?) async throws -> Response {
        _ = try parameters(query, allowed: [])
        return try await cached("nextid") { .number(Double(try await self.store.nextID())) }
    }

    func users(_ query: String?) async throws -> Response {
        // Only answers to valid queries are stored, so a hit needs no parsing.
        let key = "users?" + (query ?? "")
        if let hit = answers.value(for: key) { return Replies.json(hit) }
        let q = try UsersQuery.parse(QueryString.parse(query), vocabulary: vocabulary)
        let generation = answers.generation
        var out: [UInt8] = []
        UserJSON.append(try await store.users(q), to: &out)
        let buffer = ByteBuffer(bytes: out)
        answers.store(buffer, for: key, generation: generation)
        return Replies.json(buffer)
    }

    func addUser(_ request: inout Request) async throws -> Response {
        let body = try await request.collectBody(upTo: ProtocolLimits.maxBodyBytes)
        let user = try NewUser.validate(body: Array(buffer: body), vocabulary: vocabulary, years: years)
        // A cheap early answer for a taken nickname; the unique index decides races.
        if try await store.nicknameExists(user.nickname) { throw ProtocolError.nicknameTaken(user.nickname) }
        let hash = try await hasher.hash(user.password)
        do {
            let stored = try await store.insert(user, passwordHash: hash, now: Timestamp.nowMilliseconds())
            answers.invalidate()
            clusterIndexes.invalidate()
            logger.debug("stored user", metadata: ["id": "\(stored.id)"])
        } catch StoreError.nicknameTaken {
            throw ProtocolError.nicknameTaken(user.nickname)
        }
        return Replies.text("ok")
    }

    /// A cached JSON answer, or `compute` stored under the generation read before it ran.
    private func cached(_ key: String, _ compute: @Sendable () async throws -> JSONValue) async throws -> Response {
        if let hit = answers.value(for: key) { return Replies.json(hit) }
        let generation = answers.generation
        let bytes = ByteBuffer(string: try await compute().compactText)
        answers.store(bytes, for: key, generation: generation)
        return Replies.json(bytes)
    }

    // MARK: Beyond the original

    func clusters(_ query: String?) async throws -> Response {
        let items = try QueryString.parse(query)
        let filters = try UsersQuery.parse(items.filter { $0.name != "zoom" && $0.name != "bbox" }, vocabulary: vocabulary,
                                           paging: false)
        let p = try parameters(items, allowed: UsersQuery.filterParameters + ["zoom", "bbox"])
        guard let zt = p["zoom"] else { throw ProtocolError.missing(field: "zoom") }
        let zoom = try MarkerViews.number(zt, field: "zoom")
        guard zoom >= 0, zoom <= 24 else { throw ProtocolError.outOfRange(field: "zoom", rule: "from 0 to 24, not \(zt)") }
        let bbox = try p["bbox"].map { b throws(ProtocolError) in try MarkerViews.bbox(b) } ?? BoundingBox(uncheckedWest: -180, south: -85, east: 180, north: 85)
        let indexed = try await clusterIndex(filters)
        return Replies.json(try indexed.features(in: bbox, zoom: zoom))
    }

    func region(_ query: String?) async throws -> Response {
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
        let indexed = try await clusterIndex(filters)
        guard !indexed.coordinates.isEmpty else {
            return Replies.error("no user with a point matches these filters, so there is no region to fit", field: nil, status: .notFound)
        }
        return try Replies.json(encoding: try RegionFitter.fit(indexed.coordinates, in: Viewport(width: width, height: height, padding: padding)))
    }

    /// The cluster index of the users matching `filters` (built once per filter until the next post).
    private func clusterIndex(_ filters: UsersQuery) async throws -> MarkerViews.Indexed {
        let key = "\(filters)"
        if let hit = clusterIndexes.value(for: key) { return hit }
        let generation = clusterIndexes.generation
        let indexed = try MarkerViews.Indexed(users: try await store.users(filters))
        clusterIndexes.store(indexed, for: key, generation: generation)
        return indexed
    }

    func reverse(_ query: String?) throws -> Response {
        let p = try parameters(query, allowed: ["lat", "lon"])
        guard let lt = p["lat"] else { throw ProtocolError.missing(field: "lat") }
        guard let ln = p["lon"] else { throw ProtocolError.missing(field: "lon") }
        let lat = try MarkerViews.number(lt, field: "lat"), lon = try MarkerViews.number(ln, field: "lon")
        guard lat >= -90, lat <= 90 else { throw ProtocolError.outOfRange(field: "lat", rule: "in [-90, 90] degrees, not \(lt)") }
        guard lon >= -180, lon <= 180 else { throw ProtocolError.outOfRange(field: "lon", rule: "in [-180, 180] degrees, not \(ln)") }
        let place = geocoder.place(at: Coordinate(uncheckedLatitude: lat, longitude: Coordinate.wrapLongitude(lon)))
        return Replies.json(PlaceAnswers.reverse(place, vocabulary: vocabulary))
    }

    func forward(_ query: String?) throws -> Response {
        let p = try parameters(query, allowed: ["q", "limit"])
        guard let q = p["q"] else { throw ProtocolError.missing(field: "q") }
        guard q.contains(where: { !$0.isWhitespace }) else { throw ProtocolError.length(field: "q", rule: "a place name, not empty") }
        guard q.count <= Gazetteer.maxQueryCharacters else {
            throw ProtocolError.length(field: "q", rule: "at most \(Gazetteer.maxQueryCharacters) characters")
        }
        let limit = try p["limit"].map { t throws(ProtocolError) in try UsersQuery.integer(t, "limit") } ?? 5
        guard (1...20).contains(limit) else { throw ProtocolError.outOfRange(field: "limit", rule: "from 1 to 20, not \(limit)") }
        let results = try gazetteer.search(q, limit: limit)
        return Replies.json(PlaceAnswers.forward(query: q, results: results, geocoder: geocoder, vocabulary: vocabulary))
    }

    /// `z`, `x`, `y` of an XYZ Web Mercator tile: its boundaries (see `BoundaryTiles`).
    func boundaries(_ query: String?) throws -> Response {
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
        var r = Replies.json(try tiles.tile(z: z, x: x, y: y))
        // The boundaries change only with the server's data: let browsers keep tiles for a day.
        r.headers[.cacheControl] = "public, max-age=86400"
        return r
    }

    func publicFile(path: String) -> Response? {
        if path == "/" || path == "/index.html" { tiles.warm() }
        return publicFiles.response(for: path)
    }
}
