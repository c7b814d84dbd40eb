import Foundation
import HometownBoundaries
import HometownClient
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownVocabulary

/// Where `hometown post` gets a place's served country, state and city: the server's own /reverse and
/// /forward (`remote`), or, for --dry-run without a server, the same answers computed from the bundled data with
/// the vocabulary of `hometown serve`'s defaults (`local`), through the one mapping the server uses.
enum PlaceLookup {
    case remote(HometownClient)
    case local(geocoder: ReverseGeocoder, gazetteer: Gazetteer, vocabulary: Vocabulary)

    /// The bundled data with the default vocabulary.
    static func bundled() throws -> PlaceLookup {
        let geocoder = try ReverseGeocoder(verification: .header)
        let gazetteer = try Gazetteer(verify: false)
        return .local(
            geocoder: geocoder, gazetteer: gazetteer,
            vocabulary: try Vocabulary.bundled(geocoder: geocoder, gazetteer: gazetteer))
    }

    /// GET reverse's answer for a point.
    func reverse(_ point: Coordinate) async throws -> ReverseAnswer {
        switch self {
        case .remote(let client): return try await client.reverse(point)
        case .local(let geocoder, _, let vocabulary): return vocabulary.reverseAnswer(for: geocoder.place(at: point))
        }
    }

    /// The served country names (GET countries), for messages.
    func countries() async throws -> [String] {
        switch self {
        case .remote(let client): return try await client.countries()
        case .local(_, _, let vocabulary): return vocabulary.countryNames
        }
    }

    /// The served state names of a served country (GET states), for messages.
    func states(of country: String) async throws -> [String] {
        switch self {
        case .remote(let client): return try await client.states(country: country)
        case .local(_, _, let vocabulary): return (try? vocabulary.resolveCountry(country).states) ?? []
        }
    }

    /// GET forward's best answer for a name.
    func forward(_ text: String) async throws -> ForwardAnswer.Result? {
        switch self {
        case .remote(let client): return try await client.forward(text, limit: 1).results.first
        case .local(_, let gazetteer, let vocabulary):
            return vocabulary.forwardAnswer(query: text, results: try gazetteer.search(text, limit: 1)).results.first
        }
    }
}
