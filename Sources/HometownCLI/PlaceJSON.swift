import HometownBoundaries

/// The JSON shape of a reverse-geocoding answer (documented in README.md).
enum PlaceJSON {
    static func encode(_ p: Place) -> String {
        let country = p.country.map { c in
            JSONText.object([("name", JSONText.quote(c.name)), ("iso2", c.iso2.map(JSONText.quote) ?? "null"),
                             ("iso3", c.iso3.map(JSONText.quote) ?? "null")])
        } ?? "null"
        let state = p.state.map { s in
            JSONText.object([("name", JSONText.quote(s.name)), ("iso", s.iso.map(JSONText.quote) ?? "null")])
        } ?? "null"
        let city = p.city.map { c in
            JSONText.object([("name", JSONText.quote(c.name)), ("population", String(c.population)),
                             ("distance_km", JSONText.number(c.distanceKm, digits: 3))])
        } ?? "null"
        return JSONText.object([
            ("latitude", JSONText.number(p.coordinate.latitude)), ("longitude", JSONText.number(p.coordinate.longitude)),
            ("country", country), ("state", state), ("city", city),
            ("at_sea", p.atSea ? "true" : "false"), ("distance_km", JSONText.number(p.distanceKm, digits: 3)),
        ])
    }
}
