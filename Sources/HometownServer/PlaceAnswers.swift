import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownProtocol

/// The reverse and forward endpoints' answers: places named in this server's vocabulary, so that a client can
/// post the `country` and `state` it gets back as they are.
enum PlaceAnswers {
    /// `{"latitude", "longitude", "country", "state", "city", "supported", "at_sea", "distance_km", "place"}`:
    /// `country` and `state` are the served names (null when the point is in no served country, or at sea
    /// beyond 12 nautical miles); `supported` says whether a post can use them; `place` is what the bundled
    /// data says (English country name, ISO codes, state name, the city with its distance).
    static func reverse(_ place: Place, vocabulary: Vocabulary) -> JSONValue {
        var served: Vocabulary.Country?
        if let c = place.country, let iso = c.iso2 { served = vocabulary.countries.first { $0.iso2 == iso } }
        if served == nil, let c = place.country { served = try? vocabulary.resolveCountry(c.name) }
        let state = served.flatMap { s in place.state.flatMap { vocabulary.stateName(bundled: $0, in: s) } }
        var bundled: [String: JSONValue] = ["at_sea": .bool(place.atSea), "distance_km": .number(place.distanceKm)]
        if let c = place.country {
            bundled["country"] = .object(["name": .string(c.name), "iso2": c.iso2.map(JSONValue.string) ?? .null])
        }
        if let s = place.state { bundled["state"] = .object(["name": .string(s.name), "iso": s.iso.map(JSONValue.string) ?? .null]) }
        if let c = place.city {
            bundled["city"] = .object(["name": .string(c.name), "population": .number(Double(c.population)),
                                       "distance_km": .number((c.distanceKm * 1000).rounded() / 1000)])
        }
        return .object([
            "latitude": .number(place.coordinate.latitude), "longitude": .number(place.coordinate.longitude),
            "country": served.map { .string($0.name) } ?? .null,
            "state": state.map(JSONValue.string) ?? .null,
            "city": place.city.map { .string($0.name) } ?? .null,
            "supported": .bool(served != nil && state != nil),
            "place": .object(bundled),
        ])
    }

    /// `{"query", "results": [...]}`, each result with its `name`, `kind`, `latitude`, `longitude`, `bbox`, the
    /// served `country` and `state` (null where not served), `city` (the name, for a city), `supported`, and
    /// the gazetteer's `score`, and `unmatched`: the words of a partial match that were not read (null for a full
    /// match).
    static func forward(query: String, results: [ForwardResult], geocoder: ReverseGeocoder, vocabulary: Vocabulary) -> JSONValue {
        .object(["query": .string(query), "results": .array(results.map { r in
            let served = r.country.flatMap { c in vocabulary.countries.first { $0.iso2 != nil && $0.iso2 == c.code } }
            var state: String?
            if let s = served, let st = r.state {
                state = s.states.contains(st.name) ? st.name : (try? vocabulary.resolveState(st.code ?? st.name, in: s))
            }
            return .object([
                "name": .string(r.name), "kind": .string("\(r.kind)"),
                "latitude": .number(r.point.latitude), "longitude": .number(r.point.longitude),
                "bbox": .array(r.bbox.array.map(JSONValue.number)),
                "country": served.map { .string($0.name) } ?? .null,
                "state": state.map(JSONValue.string) ?? .null,
                "city": r.kind == .city ? .string(r.name) : .null,
                "supported": .bool(served != nil && (state != nil || r.kind == .country)),
                "score": .number((r.score * 10000).rounded() / 10000),
                "unmatched": r.unmatched.map(JSONValue.string) ?? .null,
            ])
        })])
    }
}
