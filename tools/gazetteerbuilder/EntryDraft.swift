import HometownCore
import HometownGazetteer

/// An entry before ids are given: ids follow importance, so they are assigned once all entries exist.
struct EntryDraft {
    var kind: PlaceKind
    var name: String
    var code: String = ""
    var population: Int
    var geonameID: Int = 0
    var point: Coordinate
    var bbox: BoundingBox
    /// Links as draft indices.
    var country: Int?
    var state: Int?
    var region: Int?
    /// The country the entry's country belongs to, where its ISO 3166-2 code says so (France for Réunion).
    var sovereign: Int?
    /// (name, how it matches): the entry's own name is added by the builder.
    var names: [(String, NameTable.Match)] = []

    /// People counted for ranking, as `Gazetteer.importance` counts them.
    var people: Double { Gazetteer.rankingPeople(kind: kind, population: population, hasCode: !code.isEmpty) }
}
