import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownVocabulary
import Hummingbird

/// The geocoding endpoints, in the server's vocabulary: `reverse` (the place at a point) and `forward` (places
/// matching a name). Their answers depend only on the bundled data and the language asked for, so they are tagged
/// with the instance and that language alone.
///
/// Language: `lang=TAG` (a BCP 47 tag), else the request's `Accept-Language`, names the bundled description
/// (`place`, and the name a forward result repeats at its top) in that language where the gazetteer has names in
/// it; the served names (`country`, `state`, `city`) stay the vocabulary's. An answer in a language carries
/// `Content-Language`; one chosen by `Accept-Language` varies by it (`Vary`).
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
        let p = try QueryParameters(request.uri.query, allowed: ["lat", "lon", "lang"])
        // Coordinate's own ranges (180 is the same meridian as -180).
        let lat = try p.requiredNumber("lat", range: Coordinate.latitudes, rule: "in [-90, 90] degrees")
        let lon = try p.requiredNumber("lon", range: Coordinate.longitudes, rule: "in [-180, 180] degrees")
        let point = Coordinate(uncheckedLatitude: lat, longitude: Coordinate.wrapLongitude(lon))
        let place = state.geocoder.place(at: point)
        let language = try self.language(request, p)
        let names = language.chosen.map { state.gazetteer.localNames(of: place, in: $0) } ?? LocalNames()
        return try await state.delivery.tagged(version: nil, variant: language.chosen?.tag, request) {
            language.label(try Replies.json(encoding: state.vocabulary.reverseAnswer(for: place, names: names)))
        }
    }

    func forward(_ request: Request) async throws -> Response {
        let p = try QueryParameters(request.uri.query, allowed: ["q", "limit", "autocomplete", "lang"])
        let q = try p.requiredString("q")
        guard q.contains(where: { !$0.isWhitespace }) else {
            throw ProtocolError.length(field: "q", rule: "a place name, not empty")
        }
        // Counted in code points, as openapi.yaml's maxLength counts (a letter with marks is several).
        guard q.unicodeScalars.count <= Gazetteer.maxQueryCharacters else {
            throw ProtocolError.length(
                field: "q",
                rule:
                    "at most \(Gazetteer.maxQueryCharacters) Unicode code points (it has \(q.unicodeScalars.count); a combining mark counts)"
            )
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
        let language = try self.language(request, p)
        return try await state.delivery.tagged(version: nil, variant: language.chosen?.tag, request) {
            language.label(
                try Replies.json(
                    encoding: state.vocabulary.forwardAnswer(
                        query: q, results: results, gazetteer: state.gazetteer, language: language.chosen)))
        }
    }

    /// The language an answer names places in: `lang` when given (400 when it is not a language tag), else the
    /// request's `Accept-Language`; `chosen` is nil (or without names, for English) when the data's own names
    /// stand.
    func language(_ request: Request, _ p: QueryParameters) throws -> AnswerLanguage {
        if let tag = p.string("lang") {
            guard let l = state.gazetteer.language(tag) else {
                throw ProtocolError.wrongType(
                    field: "lang", expected: "a language tag such as ru, ja, pt-BR or zh-Hant", got: "'\(tag)'")
            }
            return AnswerLanguage(chosen: l.hasNames ? l : nil, fromHeader: false)
        }
        let header = request.headers[values: .acceptLanguage].joined(separator: ",")
        let l = header.isEmpty ? nil : state.gazetteer.language(acceptLanguage: header)
        return AnswerLanguage(chosen: l?.hasNames == true ? l : nil, fromHeader: true)
    }
}

/// The language of one answer and how it was chosen, and the headers that say so.
struct AnswerLanguage {
    let chosen: PlaceLanguage?
    let fromHeader: Bool

    /// `response` with `Content-Language` (when a language was applied) and `Vary: Accept-Language` (when the
    /// header chose, or could have chosen, it).
    func label(_ response: Response) -> Response {
        var r = response
        if let l = chosen { r.headers[.contentLanguage] = l.tag }
        if fromHeader { r.headers[.vary] = "Accept-Language" }
        return r
    }
}
