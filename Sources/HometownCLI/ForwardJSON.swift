import HometownGazetteer

/// The JSON shape of a forward-geocoding answer (documented in README.md and `hometown forward --help`).
enum ForwardJSON {
    static func encode(query: String, results: [ForwardResult]) -> String {
        JSONText.object([
            ("query", JSONText.quote(query)), ("results", "[" + results.map(result).joined(separator: ", ") + "]"),
        ])
    }

    static func error(query: String, message: String) -> String {
        JSONText.object([("query", JSONText.quote(query)), ("results", "[]"), ("error", JSONText.quote(message))])
    }

    static func result(_ r: ForwardResult) -> String {
        func unit(_ u: ForwardResult.Unit?, codeKey: String) -> String {
            u.map {
                JSONText.object([("name", JSONText.quote($0.name)), (codeKey, $0.iso.map(JSONText.quote) ?? "null")])
            } ?? "null"
        }
        var members: [(String, String)] = [
            ("name", JSONText.quote(r.name)), ("kind", JSONText.quote(r.kind.name)),
            ("latitude", JSONText.number(r.point.latitude)), ("longitude", JSONText.number(r.point.longitude)),
            ("bbox", "[" + r.bbox.array.map { JSONText.number($0, digits: 6) }.joined(separator: ", ") + "]"),
            ("population", String(r.population)),
            ("country", unit(r.country, codeKey: "iso2")), ("state", unit(r.state, codeKey: "iso")),
        ]
        if let region = r.region { members.append(("region", unit(region, codeKey: "iso"))) }
        if let g = r.geonameID { members.append(("geonameid", String(g))) }
        members.append(("score", JSONText.number(r.score, digits: 4)))
        // A partial match: the words of the query that were not read (e.g. a venue or a street).
        if let u = r.unmatched { members.append(("unmatched", JSONText.quote(u))) }
        return JSONText.object(members)
    }
}
