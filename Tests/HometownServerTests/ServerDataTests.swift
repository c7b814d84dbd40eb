import HometownServer
import HometownTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// One `ServerData` given to several in-process servers: each answers from it, and data loaded for other files or
/// countries than a configuration names is refused rather than served.
@Suite struct ServerDataTests {
    @Test func twoServersAnswerFromOneLoadOfTheData() async throws {
        let data = try Fixture.data.get()
        for _ in 0..<2 {
            let app = try await buildApplication(configuration: Fixture.configuration(), data: data)
            try await app.test(.router) { client in
                let countries = try await client.get("/hometown/countries")
                #expect(countries.status == .ok)
                #expect(countries.text.contains("Mexico"), "\(countries.text)")
            }
        }
    }

    @Test(arguments: ["countries", "boundaries", "gazetteer", "water"])
    func dataLoadedForOtherFilesOrCountriesIsRefused(_ change: String) async throws {
        let data = try Fixture.data.get()
        var c = Fixture.configuration()
        switch change {
        case "countries": c.countries = .all
        case "boundaries": c.boundariesPath = "/elsewhere/hometown.bin"
        case "gazetteer": c.gazetteerPath = "/elsewhere/gazetteer.bin"
        default: c.waterPath = "/elsewhere/water.bin"
        }
        #expect(!data.isLoaded(for: c))
        #expect(data.isLoaded(for: Fixture.configuration()))
        await #expect {
            _ = try await buildApplication(configuration: c, data: data)
        } throws: { error in
            guard case ServerError.badConfiguration(let what, let why) = error else { return false }
            return what == "data" && why.contains("other data files or countries")
        }
    }
}
