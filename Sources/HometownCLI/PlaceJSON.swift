import HometownBoundaries
import HometownProtocol
import HometownVocabulary

/// `hometown reverse`'s JSON (documented in README.md): the protocol's `PlaceDescription` of the place (the object
/// the server's /reverse answer carries as `place`, made by the same `PlaceMapping.description(_:)`), written with
/// its keys in order and a space after each separator, as the README shows it.
enum PlaceJSON {
    static func encode(_ p: Place) -> String { encode(PlaceMapping.description(p)) }

    static func encode(_ d: PlaceDescription) -> String {
        let country =
            d.country.map { c in
                JSONText.object([
                    ("name", JSONText.quote(c.name)), ("iso2", c.iso2.map(JSONText.quote) ?? "null"),
                    ("iso3", c.iso3.map(JSONText.quote) ?? "null"),
                ])
            } ?? "null"
        let state =
            d.state.map { s in
                JSONText.object([("name", JSONText.quote(s.name)), ("iso", s.iso.map(JSONText.quote) ?? "null")])
            } ?? "null"
        let city =
            d.city.map { c in
                JSONText.object([
                    ("name", JSONText.quote(c.name)), ("population", String(c.population)),
                    ("distance_km", JSONText.number(c.distanceKm)),
                ])
            } ?? "null"
        return JSONText.object([
            ("latitude", JSONText.number(d.latitude)), ("longitude", JSONText.number(d.longitude)),
            ("country", country), ("state", state), ("city", city),
            ("at_sea", d.atSea ? "true" : "false"), ("distance_km", JSONText.number(d.distanceKm)),
        ])
    }
}
