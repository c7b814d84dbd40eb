import HometownGazetteer
import Testing

/// A bare number or code that is not a place gives nothing, not a guess (an Indian PIN such as "110001" is a
/// place: see `PostalCodeTests`).
@Suite struct BareCodeTests {
    @Test(arguments: ["100-0001", "01310-100", "060-0001", "1012 AB", "100001", "60614 IL", "218"])
    func bareCodesGiveNothing(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(results.isEmpty, "\(query) -> \(results.first.map { "\($0.name) (\($0.kind))" } ?? "")")
    }

    @Test func codesBesideAPlaceStillRead() throws {
        #expect(try Fixtures.top("10115 Berlin")?.country?.iso == "DE")
        #expect(try Fixtures.top("75007 Paris")?.country?.iso == "FR")
        #expect(try Fixtures.top("Chicago, IL 60614")?.state?.iso == "US-IL")
        // A state's whole ISO 3166-2 code reads even where its suffix is a number.
        let tokyo = try #require(try Fixtures.top("JP-13"))
        #expect(tokyo.kind == .state && tokyo.state?.iso == "JP-13")
    }
}
