import HometownGazetteer
import Testing

/// A place's own name before another place's alternate name of the same spelling.
@Suite struct OwnNameRankingTests {
    @Test func cancunIsTheMexicanCityBeforeChangchun() throws {
        let results = try Fixtures.gazetteer.search("Cancun", limit: 10)
        let first = try #require(results.first)
        #expect(first.name == "Cancún" && first.country?.iso == "MX")
        // Changchun, which GeoNames also spells "Cancun", is still offered, after it.
        #expect(results.dropFirst().contains { $0.country?.iso == "CN" })
        #expect(try Fixtures.top("Cancún")?.country?.iso == "MX")
    }

    @Test func aCapitalReadByItsOwnNameComesBeforeAnotherPlaceOfThatAlternateName() throws {
        // GeoNames also lists "New Delhi" for Delhi, in the same country and 30 times New Delhi's people.
        for q in ["New Delhi", "new delhi", "New Delhi, India"] {
            let r = try #require(try Fixtures.top(q), "\(q)")
            #expect(r.name == "New Delhi" && r.country?.iso == "IN", "\(q) -> \(r.name)")
        }
        let typed = try Fixtures.gazetteer.suggest("New Delh", limit: 5)
        #expect(typed.first?.name == "New Delhi", "\(typed.map(\.name))")
        // Delhi is still offered, and "Delhi" is still Delhi.
        #expect(try Fixtures.gazetteer.search("New Delhi", limit: 5).contains { $0.name == "Delhi" })
        #expect(try Fixtures.top("Delhi")?.name == "Delhi")
    }

    @Test func aMuchLargerPlaceOrACountryKeepsItsRank() throws {
        // The Netherlands is "Holland" by an alias; Holland, Michigan, by its own name, has far fewer people.
        let holland = try #require(try Fixtures.top("Holland"))
        #expect(holland.kind == .country && holland.country?.iso == "NL")
        // Bombay is an alternate name of Mumbai, and no place of that own name outranks it.
        #expect(try Fixtures.top("Bombay")?.name == "Mumbai")
    }
}
