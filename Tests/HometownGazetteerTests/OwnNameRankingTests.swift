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

    @Test func aMuchLargerPlaceOrACountryKeepsItsRank() throws {
        // The Netherlands is "Holland" by an alias; Holland, Michigan, by its own name, has far fewer people.
        let holland = try #require(try Fixtures.top("Holland"))
        #expect(holland.kind == .country && holland.country?.iso == "NL")
        // Bombay is an alternate name of Mumbai, and no place of that own name outranks it.
        #expect(try Fixtures.top("Bombay")?.name == "Mumbai")
    }
}
