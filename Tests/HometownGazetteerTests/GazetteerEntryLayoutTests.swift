import HometownCore
import Testing

@testable import HometownGazetteer

/// `gazetteer.bin`'s entry rows, which the gazetteer builder writes and `Gazetteer` reads through
/// `GazetteerEntryLayout`: every field at the word its layout names, none sharing a word, within the row; and the
/// bundled rows read through it give the entries they should.
@Suite struct GazetteerEntryLayoutTests {
    @Test func aRowPutsEachFieldAtItsOwnWord() {
        let r = GazetteerEntryLayout.row(
            kind: .state, name: (101, 102), country: 103, state: 104, region: 105, code: (106, 107), population: 108,
            geonameID: 109, box: 110, sovereign: 111)
        #expect(r.count == GazetteerLayout.u32PerEntry)
        #expect(r[GazetteerEntryLayout.kind] == PlaceKind.state.rawValue)
        #expect(r[GazetteerEntryLayout.name] == 101 && r[GazetteerEntryLayout.name + 1] == 102)
        #expect(r[GazetteerEntryLayout.Link.country.rawValue] == 103)
        #expect(r[GazetteerEntryLayout.Link.state.rawValue] == 104)
        #expect(r[GazetteerEntryLayout.Link.region.rawValue] == 105)
        #expect(r[GazetteerEntryLayout.code] == 106 && r[GazetteerEntryLayout.code + 1] == 107)
        #expect(r[GazetteerEntryLayout.population] == 108 && r[GazetteerEntryLayout.geonameID] == 109)
        #expect(r[GazetteerEntryLayout.box] == 110 && r[GazetteerEntryLayout.Link.sovereign.rawValue] == 111)
        // Every word is one field's: the twelve values above, each once.
        #expect(Set(r.dropFirst()).count == GazetteerLayout.u32PerEntry - 1 && !r.dropFirst().contains(1))
    }

    @Test func theBundledRowsReadThroughTheLayout() throws {
        let g = try Gazetteer()
        let minneapolis = try #require(g.search("Minneapolis, Minnesota", limit: 1).first)
        let e = minneapolis.entry
        #expect(g.kind(e) == .city && g.name(e) == "Minneapolis" && g.population(e) > 300_000)
        let state = try #require(g.link(e, .state))
        #expect(g.name(state) == "Minnesota" && g.code(state) == "US-MN" && g.kind(state) == .state)
        let country = try #require(g.link(e, .country))
        #expect(g.code(country) == "US" && g.link(state, .country) == country)
        #expect(g.boxOffset(e) == nil && g.boxOffset(state) != nil)
    }
}
