import HometownBoundaries
import HometownGazetteer
import HometownProtocol

/// The one mapping of the bundled data's answers to the protocol's descriptions: a `Place` to a
/// `PlaceDescription` (the server's /reverse `place` and `hometown reverse`'s output), a `ForwardResult` to a
/// `ForwardPlace` (each /forward result's `place` and `hometown forward`'s output).
public enum PlaceMapping {
    /// What the bundled data says of a point (distances rounded to metres), its names replaced by `names` where
    /// they are given (`Gazetteer.localNames(of:in:)`).
    public static func description(_ p: Place, names: LocalNames = LocalNames()) -> PlaceDescription {
        func metres(_ km: Double) -> Double { (km * 1000).rounded() / 1000 }
        return PlaceDescription(
            latitude: p.coordinate.latitude, longitude: p.coordinate.longitude,
            country: p.country.map { .init(name: names.country ?? $0.name, iso2: $0.iso2, iso3: $0.iso3) },
            state: p.state.map { .init(name: names.state ?? $0.name, iso: $0.iso) },
            city: p.city.map {
                .init(name: names.city ?? $0.name, population: $0.population, distanceKm: metres($0.distanceKm))
            },
            atSea: p.atSea, distanceKm: metres(p.distanceKm))
    }

    /// What the gazetteer says of a result (box rounded to 6 decimals, score to 4).
    public static func description(_ r: ForwardResult) -> ForwardPlace {
        func rounded(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }
        func subdivision(_ u: ForwardResult.Unit?) -> Subdivision? {
            u.map { .init(name: $0.name, iso: $0.iso) }
        }
        return ForwardPlace(
            name: r.name, kind: r.kind.name, latitude: r.point.latitude, longitude: r.point.longitude,
            bbox: r.bbox.array.map { rounded($0, 1e6) }, population: r.population,
            country: r.country.map { .init(name: $0.name, iso2: $0.iso) }, state: subdivision(r.state),
            region: subdivision(r.region), geonameid: r.geonameID, score: rounded(r.score, 1e4),
            unmatched: r.unmatched)
    }
}

extension Vocabulary {
    /// The served country of a bundled one: the one matched to that very country, else the one its ISO alpha-2
    /// stands for, else by name, alias or code.
    public func servedCountry(of c: Place.Country) -> Country? {
        served(name: c.name, iso2: c.iso2) ?? (try? resolveCountry(c.name))
    }

    /// The served country matched to the bundled country named `name`, else the one whose code is `iso2`.
    private func served(name: String, iso2: String?) -> Country? {
        if let s = countries.first(where: { $0.bundledName == name }) { return s }
        guard let iso2 else { return nil }
        return countries.first { $0.iso2 == iso2 }
    }

    /// GET reverse's answer for a bundled place: its country and state in this vocabulary (nil where not served),
    /// the nearest city, and the bundled description (named by `names` where given: a language's names change
    /// the description, never the served names). The server's /reverse and `hometown post --dry-run` both use it.
    public func reverseAnswer(for place: Place, names: LocalNames = LocalNames()) -> ReverseAnswer {
        let served = place.country.flatMap(servedCountry(of:))
        let state = served.flatMap { s in place.state.flatMap { stateName(bundled: $0, in: s) } }
        return ReverseAnswer(
            served: ServedPlace(
                country: served?.name, state: state, city: place.city?.name, supported: served != nil && state != nil),
            place: PlaceMapping.description(place, names: names))
    }

    /// GET forward's answer: each result of the gazetteer with its country and state in this vocabulary (nil
    /// where not served), `supported` when a post can use them, and the gazetteer's description of it.
    /// `language`, when given, names each `place` in it where the gazetteer has names; the served names stay the
    /// vocabulary's.
    public func forwardAnswer(
        query: String, results: [ForwardResult], gazetteer: Gazetteer? = nil, language: PlaceLanguage? = nil
    ) -> ForwardAnswer {
        ForwardAnswer(
            query: query,
            results: results.map { r in
                let served = r.country.flatMap { c in self.served(name: c.name, iso2: c.iso) }
                var state: String?
                if let s = served, let st = r.state {
                    state = s.states.contains(st.name) ? st.name : (try? resolveState(st.iso ?? st.name, in: s))
                }
                return ForwardAnswer.Result(
                    served: ServedPlace(
                        country: served?.name, state: state, city: r.kind == .city ? r.name : nil,
                        supported: served != nil && (state != nil || r.kind == .country)),
                    place: PlaceMapping.description(
                        language.flatMap { l in gazetteer.map { $0.localized(r, in: l) } } ?? r))
            })
    }
}
