import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownProtocol
import HometownTestSupport
import HometownVocabulary
import Testing

@Suite(.onComputeThreads) struct VocabularyTests {
    @Test func defaultCountriesAreTheOriginalServers() {
        #expect(Bundled.vocabulary.countryNames == ["China", "India", "Mexico", "USA"])
    }

    @Test func statesUseCurrentNamesSortedWithoutRegardToAccents() throws {
        let mexico = try Bundled.vocabulary.resolveCountry("Mexico")
        #expect(mexico.states.contains("Ciudad de México"))
        #expect(!mexico.states.contains("Distrito Federal"))
        let india = try Bundled.vocabulary.resolveCountry("India")
        #expect(india.states.contains("Odisha"))
        let usa = try Bundled.vocabulary.resolveCountry("USA")
        #expect(usa.states.count == 51)
        #expect(usa.states.first == "Alabama" && usa.states.contains("District of Columbia"))
        #expect(usa.states == usa.states.sorted())
    }

    @Test(arguments: [
        ("USA", "USA"), ("usa", "USA"), ("US", "USA"), ("United States of America", "USA"), ("United States", "USA"),
        ("u.s.a.", "USA"), ("méxico", "Mexico"), ("MEX", "Mexico"), ("MX", "Mexico"), ("china", "China"),
        ("People's Republic of China", "China"), ("CN", "China"), ("IND", "India"),
    ])
    func countrySpellings(given: String, served: String) throws {
        #expect(try Bundled.vocabulary.resolveCountry(given).name == served)
    }

    @Test(
        arguments: [
            ("USA", "Minnesota", "Minnesota"), ("USA", "minnesota", "Minnesota"), ("USA", "MN", "Minnesota"),
            ("USA", "US-MN", "Minnesota"), ("USA", "mn", "Minnesota"), ("USA", "North Dakota", "North Dakota"),
            ("USA", "ND", "North Dakota"), ("USA", "DC", "District of Columbia"),
            ("Mexico", "Distrito Federal", "Ciudad de México"), ("Mexico", "ciudad de mexico", "Ciudad de México"),
            ("Mexico", "CDMX", "Ciudad de México"), ("Mexico", "Jalisco", "Jalisco"), ("India", "Orissa", "Odisha"),
            ("India", "Bombay", nil), ("USA", "Ontario", nil),
            // The spoken names served, the administrative forms resolving to them.
            ("China", "Sichuan", "Sichuan"), ("China", "Sichuan Sheng", "Sichuan"), ("China", "CN-SC", "Sichuan"),
            ("China", "Guangxi Zhuangzu Zizhiqu", "Guangxi"), ("China", "Beijing Shi", "Beijing"),
        ] as [(String, String, String?)])
    func stateSpellings(country: String, given: String, served: String?) throws {
        let c = try Bundled.vocabulary.resolveCountry(country)
        if let served {
            #expect(try Bundled.vocabulary.resolveState(given, in: c) == served)
        } else {
            #expect(throws: ProtocolError.self) { try Bundled.vocabulary.resolveState(given, in: c) }
        }
    }

    @Test func unsupportedCountryNamesTheServedOnes() {
        do {
            _ = try Bundled.vocabulary.resolveCountry("Canada")
            Issue.record("Canada should not be served by default")
        } catch {
            #expect(error == .unsupportedCountry(given: "Canada", supported: ["China", "India", "Mexico", "USA"]))
            #expect(error.description.contains("GET /hometown/countries"))
        }
    }

    /// A misspelt served country is refused with the gazetteer's nearest served country as a suggestion; an
    /// unserved country, or text near no country, gets none.
    @Test(arguments: [
        ("Mexco", "Mexico"), ("Chjna", "China"), ("Indai", "India"), ("Untied States", "USA"), ("Canada", nil),
        ("Narnia", nil),
    ])
    func aCountryTypoGetsASuggestion(_ given: String, _ suggested: String?) {
        #expect(
            throws: ProtocolError.unsupportedCountry(
                given: given, supported: ["China", "India", "Mexico", "USA"], suggestion: suggested)
        ) {
            try Bundled.vocabulary.resolveCountry(given)
        }
        if let suggested {
            let e = ProtocolError.unsupportedCountry(given: given, supported: [], suggestion: suggested)
            #expect(e.description.hasSuffix("(did you mean '\(suggested)'?)"))
        }
    }

    @Test func typoGetsASuggestion() throws {
        let usa = try Bundled.vocabulary.resolveCountry("USA")
        do {
            _ = try Bundled.vocabulary.resolveState("Minnesotta", in: usa)
            Issue.record("a typo must not resolve")
        } catch {
            #expect(error == .unsupportedState(given: "Minnesotta", country: "USA", suggestion: "Minnesota"))
        }
    }

    /// A state without a country is read as in one country: the spellings `resolveState` takes ("CDMX",
    /// "Kalifornien") resolve in any served country too; one that names nothing is refused without a country.
    @Test func aStateWithoutACountryTakesTheSpellingsOfOne() throws {
        let v = Bundled.vocabulary
        for (given, served) in [
            ("CDMX", "Ciudad de México"), ("Kalifornien", "California"), ("US-MN", "Minnesota"), ("Orissa", "Odisha"),
            ("Minnesota", "Minnesota"),
        ] {
            #expect(try v.resolveStateAnywhere(given) == [served], "\(given)")
        }
        // A code that two served countries use stands for both (US-MN and IN-MN).
        #expect(try Set(v.resolveStateAnywhere("MN")) == ["Minnesota", "Manipur"])
        do {
            _ = try v.resolveStateAnywhere("Narnia")
            Issue.record("Narnia must not resolve")
        } catch {
            #expect(error == .unsupportedState(given: "Narnia", country: nil, suggestion: nil))
            #expect(error.field == "state" && !error.description.contains("any%20served"), "\(error.description)")
        }
    }

    @Test func allCountriesAndLists() throws {
        let all = try Vocabulary.bundled(geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer, selection: .all)
        #expect(all.countries.count == Set(all.countryNames).count)
        #expect(all.countries.count > 200)
        #expect(try all.resolveCountry("de").name == "Germany")
        let list = try Vocabulary.bundled(
            geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer, selection: .list(["CA", "usa"]))
        #expect(list.countryNames == ["Canada", "USA"])
        #expect(throws: ProtocolError.self) {
            try Vocabulary.bundled(
                geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer, selection: .list(["Atlantis"]))
        }
    }

    /// A code stands for the country it names, not for a territory that shares it in the boundary data (Clipperton
    /// Island has France's FR and FRA, four Australian units AU and AUS) nor for a country whose alias folds to it
    /// ("S.L." of Saint Lucia, "S.K." of South Korea, "B.H." of Bosnia and Herzegovina).
    @Test func codesStandForTheirOwnCountries() throws {
        let all = try Vocabulary.bundled(geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer, selection: .all)
        for (code, name) in [
            ("FR", "France"), ("FRA", "France"), ("AU", "Australia"), ("AUS", "Australia"), ("SL", "Sierra Leone"),
            ("SK", "Slovakia"), ("BH", "Bahrain"),
        ] {
            #expect(try all.resolveCountry(code).name == name, "\(code)")
        }
        // The territories keep their own names, and a point in each country is served as that country.
        #expect(try all.resolveCountry("Clipperton Island").name == "Clipperton Island")
        #expect(try all.resolveCountry("Saint Lucia").name == "Saint Lucia")
        for (lat, lon, name) in [(48.8566, 2.3522, "France"), (-33.87, 151.21, "Australia"), (10.29, -109.22, nil)] {
            let place = Bundled.geocoder.place(at: Coordinate(uncheckedLatitude: lat, longitude: lon))
            let served = all.reverseAnswer(for: place).served.country
            #expect(served == (name ?? place.country?.name), "\(lat), \(lon): \(served ?? "none")")
        }
        let list = try Vocabulary.bundled(
            geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer, selection: .list(["SK", "SL", "FR"]))
        #expect(list.countryNames == ["France", "Sierra Leone", "Slovakia"])
        // Forward results are served as their own countries too.
        let paris = try Bundled.gazetteer.search("Paris, France", limit: 1)
        #expect(all.forwardAnswer(query: "Paris", results: paris).results.first?.served.country == "France")
    }

    @Test func clientVocabularyFromServedLists() throws {
        // A server that names things its own way: our names map onto its strings.
        let v = Vocabulary(
            lists: [
                (country: "United States", states: ["Minnesota", "North Dakota"]),
                (country: "Mexico", states: ["Distrito Federal"]),
            ],
            geocoder: Bundled.geocoder, gazetteer: Bundled.gazetteer)
        #expect(try v.resolveCountry("USA").name == "United States")
        #expect(try v.resolveCountry("US").name == "United States")
        let mx = try v.resolveCountry("Mexico")
        #expect(try v.resolveState("Ciudad de México", in: mx) == "Distrito Federal")
        #expect(try v.resolveState("MN", in: v.resolveCountry("US")) == "Minnesota")
    }
}
