import HometownGazetteer
import Testing

/// A bare number or code is never read as a place's name or code: it is a postal code the data has (then a
/// postal code result, see `PostalCodeTests` and `WorldPostalCodeTests`) or nothing, never a guess ("100-0001"
/// was once Kayangel, Palau, through a numeric ISO 3166-2 suffix).
@Suite struct BareCodeTests {
    @Test(arguments: ["01310-100", "60614 MN", "218", "00-001"])
    func bareCodesGiveNothing(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(results.isEmpty, "\(query) -> \(results.first.map { "\($0.name) (\($0.kind))" } ?? "")")
    }

    @Test(arguments: ["100-0001", "060-0001", "1012 AB", "100001", "99999", "1234"])
    func bareCodesOfTheDataArePostalCodesOnly(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(!results.isEmpty && results.allSatisfy { $0.kind == .postalCode }, "\(query) -> \(results.map(\.name))")
    }

    @Test func codesBesideAPlaceStillRead() throws {
        #expect(try Fixtures.top("10115 Berlin")?.country?.iso == "DE")
        #expect(try Fixtures.top("75007 Paris")?.country?.iso == "FR")
        #expect(try Fixtures.top("Chicago, IL 60614")?.state?.iso == "US-IL")
        // A city's postal district after its name is left out of the reading, not a reason to read nothing...
        for (query, name, iso) in [
            ("Dublin 2", "Dublin", "IE"), ("Dublin 8, Ireland", "Dublin", "IE"), ("Wien 2", "Vienna", "AT"),
        ] {
            let r = try #require(try Fixtures.top(query), "\(query) gave nothing")
            #expect(
                r.kind == .city && r.name == name && r.country?.iso == iso && r.unmatched == nil,
                "\(query) -> \(r.name)")
        }
        // ... but where the number is part of a name, that name is read: an arrondissement of its own.
        #expect(try Fixtures.top("Paris 16e")?.name == "Paris 16 Passy")
        // A state's whole ISO 3166-2 code reads even where its suffix is a number.
        let tokyo = try #require(try Fixtures.top("JP-13"))
        #expect(tokyo.kind == .state && tokyo.state?.iso == "JP-13")
    }
}
