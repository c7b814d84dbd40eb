import Foundation
import HometownCore
import HometownProtocol

/// The place of a post, in the server's vocabulary: the point, the served country and state, the city, and how
/// it was found (for the report).
struct PostPlace {
    let point: Coordinate
    let country: String
    let state: String
    let city: String?
    let how: String

    /// The place at a point: the server's (or the local) reverse answer.
    /// - Throws: `CLIError` when the point is at sea or its country or state is not served.
    static func at(_ point: Coordinate, lookup: PlaceLookup) async throws -> PostPlace {
        let answer = try await lookup.reverse(point)
        let city = answer.place.city
        let how =
            city.map { "reverse-geocoded; \($0.name) is \(String(format: "%.1f", $0.distanceKm)) km away" }
            ?? "reverse-geocoded"
        return try await served(answer, point: point, city: answer.city, how: how, lookup: lookup)
    }

    /// The place a name stands for: the best forward answer (score 0.5 or more), then the reverse answer at its
    /// point for what the forward answer leaves out (the state of a city, the nearest city of a state).
    /// - Throws: `CLIError` when nothing matches, or the place is not served.
    static func named(_ text: String, lookup: PlaceLookup) async throws -> PostPlace {
        guard text.contains(where: { !$0.isWhitespace }) else { throw CLIError("--place must not be empty") }
        guard let best = try await lookup.forward(text), best.score >= 0.5 else {
            throw CLIError("no place matches '\(text)': try \"City, State\" or \"City, Country\"")
        }
        let point = try Coordinate(latitude: best.latitude, longitude: best.longitude)
        var answer = try await lookup.reverse(point)
        guard answer.place.country != nil else {
            throw CLIError("'\(text)' resolves to \(best.name), which lies outside every country")
        }
        if best.country != nil, let state = best.state {
            answer.country = best.country
            answer.state = state
            answer.supported = true
        }
        let region = [best.state, best.country].compactMap { $0 }.map { ", " + $0 }.joined()
        return try await served(
            answer, point: point, city: best.city ?? answer.city,
            how: "chose \(best.name) (\(best.kind)\(region)) for '\(text)'", lookup: lookup)
    }

    /// The answer's served names, or why a post cannot use them (naming what the server serves instead).
    private static func served(
        _ a: ReverseAnswer, point: Coordinate, city: String?, how: String,
        lookup: PlaceLookup
    ) async throws -> PostPlace {
        // A served state (from the forward answer, or the reverse one) is enough; without one, the point must
        // at least lie in a state of the bundled data for the messages below.
        guard let bundledCountry = a.place.country, a.state != nil || a.place.state != nil else {
            let at = "\(JSONWriter.number(point.latitude)), \(JSONWriter.number(point.longitude))"
            throw CLIError("the point \(at) is in the open sea (more than 22 km from any coast): click on land")
        }
        guard let country = a.country else {
            let served = listed(try await lookup.countries())
            throw CLIError("the server does not serve \(bundledCountry.name); it serves: " + served)
        }
        guard let state = a.state else {
            let served = listed(try await lookup.states(of: country))
            throw CLIError(
                "the server does not serve the state '\(a.place.state?.name ?? "?")' of \(country); "
                    + "it serves: " + served)
        }
        return PostPlace(point: point, country: country, state: state, city: city, how: how)
    }

    /// At most 12 names, comma-separated.
    private static func listed(_ names: [String]) -> String {
        names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", ..." : "")
    }
}
