import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownVocabulary
import Hummingbird

/// The geocoding endpoints, in the server's vocabulary: `reverse` (the place at a point) and `forward` (places
/// matching a name). Their answers depend only on the bundled data, so they are tagged with the instance alone.
struct PlaceEndpoints: Sendable {
    let state: ServerState

    /// How many results `forward` gives without `limit`.
    static let defaultLimit = 5
    /// The range of `forward`'s `limit`.
    static let limits = 1...20

    /// Adds the endpoints to `router`.
    func register(on router: Router<HometownRequestContext>) {
        router.getAndHead("/hometown/reverse") { request, _ in try await reverse(request) }
        router.getAndHead("/hometown/forward") { request, _ in try await forward(request) }
    }

    func reverse(_ request: Request) async throws -> Response {
        let p = try QueryParameters(request.uri.query, allowed: ["lat", "lon"])
        // Coordinate's own ranges (180 is the same meridian as -180).
        let lat = try p.requiredNumber("lat", range: Coordinate.latitudes, rule: "in [-90, 90] degrees")
        let lon = try p.requiredNumber("lon", range: Coordinate.longitudes, rule: "in [-180, 180] degrees")
        let point = Coordinate(uncheckedLatitude: lat, longitude: Coordinate.wrapLongitude(lon))
        let place = state.geocoder.place(at: point)
        return try await state.delivery.tagged(version: nil, request) {
            try Replies.json(encoding: state.vocabulary.reverseAnswer(for: place))
        }
    }

    func forward(_ request: Request) async throws -> Response {
        let p = try QueryParameters(request.uri.query, allowed: ["q", "limit", "autocomplete"])
        let q = try p.requiredString("q")
        guard q.contains(where: { !$0.isWhitespace }) else {
            throw ProtocolError.length(field: "q", rule: "a place name, not empty")
        }
        guard q.count <= Gazetteer.maxQueryCharacters else {
            throw ProtocolError.length(field: "q", rule: "at most \(Gazetteer.maxQueryCharacters) characters")
        }
        let limit = try p.integer("limit", range: Self.limits) ?? Self.defaultLimit
        let autocomplete: Bool
        switch p.string("autocomplete") {
        case nil, "false": autocomplete = false
        case "true": autocomplete = true
        case let other?: throw ProtocolError.wrongType(field: "autocomplete", expected: "true or false", got: other)
        }
        // Suggestions read the last word as the beginning of a word ("Minneap", "San Fran").
        let results =
            try autocomplete ? state.gazetteer.suggest(q, limit: limit) : state.gazetteer.search(q, limit: limit)
        return try await state.delivery.tagged(version: nil, request) {
            try Replies.json(encoding: state.vocabulary.forwardAnswer(query: q, results: results))
        }
    }
}
