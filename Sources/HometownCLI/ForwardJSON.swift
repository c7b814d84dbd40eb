import HometownGazetteer
import HometownProtocol
import HometownVocabulary

/// `hometown forward`'s JSON (documented in README.md and `hometown forward --help`): the query and, for each
/// result, the protocol's `ForwardPlace` (the object each result of the server's /forward answer carries as
/// `place`, made by the same `PlaceMapping.description(_:)`), written with its keys in order and a space after
/// each separator.
enum ForwardJSON {
    static func encode(query: String, results: [ForwardResult]) -> String {
        let places = results.map { result(PlaceMapping.description($0)) }
        return JSONText.object([
            ("query", JSONText.quote(query)), ("results", "[" + places.joined(separator: ", ") + "]"),
        ])
    }

    static func error(query: String, message: String) -> String {
        JSONText.object([("query", JSONText.quote(query)), ("results", "[]"), ("error", JSONText.quote(message))])
    }

    static func result(_ p: ForwardPlace) -> String {
        func unit(_ name: String, _ codeKey: String, _ code: String?) -> String {
            JSONText.object([("name", JSONText.quote(name)), (codeKey, code.map(JSONText.quote) ?? "null")])
        }
        var members: [(String, String)] = [
            ("name", JSONText.quote(p.name)), ("kind", JSONText.quote(p.kind)),
            ("latitude", JSONText.number(p.latitude)), ("longitude", JSONText.number(p.longitude)),
            ("bbox", "[" + p.bbox.map { JSONText.number($0, digits: 6) }.joined(separator: ", ") + "]"),
            ("population", String(p.population)),
            ("country", p.country.map { unit($0.name, "iso2", $0.iso2) } ?? "null"),
            ("state", p.state.map { unit($0.name, "iso", $0.iso) } ?? "null"),
        ]
        if let region = p.region { members.append(("region", unit(region.name, "iso", region.iso))) }
        if let g = p.geonameid { members.append(("geonameid", String(g))) }
        members.append(("score", JSONText.number(p.score, digits: 4)))
        // A partial match: the words of the query that were not read (e.g. a venue or a street).
        if let u = p.unmatched { members.append(("unmatched", JSONText.quote(u))) }
        return JSONText.object(members)
    }
}
