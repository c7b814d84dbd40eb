import HometownCore
import HometownGazetteer
import Testing

/// The strings people really type (addresses, venues, names in their own language, abbreviations),
/// on the bundled gazetteer.
@Suite struct PartialMatchTests {
    /// The lowest score a match of the whole text can have (a typo match); partial matches score below it.
    static let lowestFull = 0.25

    @Test func ballparkResolvesItsCityAndKeepsTheRest() throws {
        let r = try #require(try Fixtures.top("Petco Park, San Diego, CA"))
        #expect(r.kind == .city && r.name == "San Diego" && r.state?.iso == "US-CA")
        #expect(r.unmatched == "Petco Park")
        #expect(r.score < Self.lowestFull && r.score >= 0.12)
    }

    @Test func streetAddressResolvesItsCity() throws {
        let r = try #require(try Fixtures.top("1060 W Addison St, Chicago, IL 60613"))
        #expect(r.kind == .city && r.name == "Chicago" && r.state?.iso == "US-IL")
        #expect(r.unmatched == "1060 W Addison St")
        #expect(r.score < Self.lowestFull)
    }

    @Test func countryInItsOwnLanguageIsAnExactMatch() throws {
        let r = try #require(try Fixtures.top("São Paulo, Brasil"))
        #expect(r.kind == .city && r.name == "São Paulo" && r.country?.iso == "BR")
        #expect(r.score >= 0.5, "a full exact match, not a typo match")
        #expect(r.unmatched == nil)
    }

    @Test func abbreviatedCityAndState() throws {
        let r = try #require(try Fixtures.top("Cd. Juárez, Chih."))
        #expect(r.kind == .city && r.name == "Ciudad Juárez" && r.state?.iso == "MX-CHH")
        #expect(r.score >= 0.5 && r.unmatched == nil)
    }

    @Test(arguments: [
        "Stadium", "Main St", "Park", "University", "Field", "Blvd", "Memorial Stadium", "123 Main St",
        "qwzxv plorpt", "Petco Park", "12345678", "Z9Z 3L9", "zzkqv Stadium, qqpxw",
    ])
    func streetVenueAndNonsenseGiveNothing(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(results.isEmpty, "\(query) -> \(results.first.map { "\($0.name) \($0.score)" } ?? "")")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let query: String, name: String, code: String, unmatched: String?
        var testDescription: String { query }
    }

    /// Partial matches: the city, the code of its state (or country), and the part left unread.
    static let partials: [Case] = [
        Case(query: "Wrigley Field, Chicago, IL", name: "Chicago", code: "US-IL", unmatched: "Wrigley Field"),
        Case(query: "Fenway Park, Boston, MA", name: "Boston", code: "US-MA", unmatched: "Fenway Park"),
        Case(query: "Fenway Park Boston MA 02215", name: "Boston", code: "US-MA", unmatched: "Fenway Park"),
        Case(
            query: "350 Fifth Avenue, New York, NY 10118", name: "New York City", code: "US-NY",
            unmatched: "350 Fifth Avenue"),
        Case(
            query: "100 Park Avenue, New York, NY", name: "New York City", code: "US-NY", unmatched: "100 Park Avenue"),
        Case(
            query: "Kyle Field, College Station, TX 77843", name: "College Station", code: "US-TX",
            unmatched: "Kyle Field"),
        Case(query: "24 Sussex Drive, Ottawa, ON K1M 1M4", name: "Ottawa", code: "CA-ON", unmatched: "24 Sussex Drive"),
        Case(
            query: "10 Downing Street, London SW1A 2AA, UK", name: "London", code: "GB", unmatched: "10 Downing Street"),
        Case(
            query: "Champ de Mars, 5 Avenue Anatole France, 75007 Paris, France", name: "Paris", code: "FR",
            unmatched: "Champ de Mars, 5 Avenue Anatole France"),
        Case(
            query: "Avenida Paulista 1578, São Paulo - SP, 01310-200", name: "São Paulo", code: "BR-SP",
            unmatched: "Avenida Paulista 1578"),
        Case(query: "Estadio Azteca, Ciudad de México", name: "Mexico City", code: "MX", unmatched: "Estadio Azteca"),
        // Postal codes and a house number alone are no left-over part: these match in full.
        Case(query: "Chicago, IL 60613", name: "Chicago", code: "US-IL", unmatched: nil),
        Case(query: "Chicago, IL 60613-1234", name: "Chicago", code: "US-IL", unmatched: nil),
        Case(query: "Toronto, ON M5V 3L9", name: "Toronto", code: "CA-ON", unmatched: nil),
        Case(query: "London SW1A 1AA", name: "London", code: "GB", unmatched: nil),
        Case(query: "75008 Paris", name: "Paris", code: "FR", unmatched: nil),
        Case(query: "1012 AB Amsterdam", name: "Amsterdam", code: "NL", unmatched: nil),
        Case(query: "00-950 Warszawa, Polska", name: "Warsaw", code: "PL", unmatched: nil),
    ]

    @Test(arguments: partials)
    func partialAndPostal(c: Case) throws {
        let r = try #require(try Fixtures.top(c.query), "no result for \(c.query)")
        #expect(r.name == c.name)
        #expect((c.code.contains("-") ? r.state?.iso : r.country?.iso) == c.code)
        #expect(r.unmatched == c.unmatched)
        if c.unmatched == nil { #expect(r.score >= 0.5) } else { #expect(r.score < Self.lowestFull) }
    }

    /// Names in people's languages (countries from Natural Earth's NAME_xx fields, states and cities from
    /// GeoNames' alternate names) and abbreviations: exact matches of the whole text.
    static let exact: [Case] = [
        Case(query: "Brasil", name: "Brazil", code: "BR", unmatched: nil),
        Case(query: "Deutschland", name: "Germany", code: "DE", unmatched: nil),
        Case(query: "España", name: "Spain", code: "ES", unmatched: nil),
        Case(query: "Italia", name: "Italy", code: "IT", unmatched: nil),
        Case(query: "Österreich", name: "Austria", code: "AT", unmatched: nil),
        Case(query: "Nederland", name: "Netherlands", code: "NL", unmatched: nil),
        Case(query: "Polska", name: "Poland", code: "PL", unmatched: nil),
        Case(query: "Sverige", name: "Sweden", code: "SE", unmatched: nil),
        Case(query: "日本", name: "Japan", code: "JP", unmatched: nil),
        Case(query: "München, Deutschland", name: "Munich", code: "DE", unmatched: nil),
        Case(query: "Wien, Österreich", name: "Vienna", code: "AT", unmatched: nil),
        Case(query: "Göteborg, Sverige", name: "Gothenburg", code: "SE", unmatched: nil),
        Case(query: "Kraków, Polska", name: "Kraków", code: "PL", unmatched: nil),
        Case(query: "Sevilla, España", name: "Sevilla", code: "ES", unmatched: nil),
        Case(query: "Nürnberg, Bayern", name: "Nuremberg", code: "DE-BY", unmatched: nil),
        Case(query: "Firenze, Toscana, Italia", name: "Florence", code: "IT", unmatched: nil),
        Case(query: "St. Paul, MN", name: "Saint Paul", code: "US-MN", unmatched: nil),
        Case(query: "Saint Louis, MO", name: "St. Louis", code: "US-MO", unmatched: nil),
        Case(query: "Ft. Worth, TX", name: "Fort Worth", code: "US-TX", unmatched: nil),
        Case(query: "Ft Lauderdale, Fla.", name: "Fort Lauderdale", code: "US-FL", unmatched: nil),
        Case(query: "Mt. Vernon, NY", name: "Mount Vernon", code: "US-NY", unmatched: nil),
        Case(query: "Pt. Pleasant, NJ", name: "Point Pleasant", code: "US-NJ", unmatched: nil),
        Case(query: "Ste-Foy, QC", name: "Sainte-Foy", code: "CA-QC", unmatched: nil),
        Case(query: "Cd. Obregón, Son.", name: "Ciudad Obregón", code: "MX-SON", unmatched: nil),
        Case(query: "Monterrey, N.L.", name: "Monterrey", code: "MX-NLE", unmatched: nil),
        Case(query: "Springfield, Ill.", name: "Springfield", code: "US-IL", unmatched: nil),
        Case(query: "London, Ont.", name: "London", code: "CA-ON", unmatched: nil),
        Case(query: "St. Louis", name: "St. Louis", code: "US-MO", unmatched: nil),
    ]

    @Test(arguments: exact)
    func namesAndAbbreviations(c: Case) throws {
        let r = try #require(try Fixtures.top(c.query), "no result for \(c.query)")
        #expect(r.name == c.name)
        #expect((c.code.contains("-") ? r.state?.iso : r.country?.iso) == c.code)
        #expect(r.score >= 0.5 && r.unmatched == nil)
    }

    @Test func scoreBandsDoNotOverlap() throws {
        let partial = try #require(try Fixtures.top("Petco Park, San Diego, CA"))
        // The largest place as a partial match still scores below a small place through a typo.
        let china = try #require(try Fixtures.top("Forbidden City, China"))
        #expect(china.kind == .country && china.unmatched == "Forbidden City")
        let typo = try #require(try Fixtures.top("Devils Lakee, ND"))
        #expect(typo.name == "Devils Lake" && typo.score >= 0.25 && typo.score < 0.5)
        #expect(partial.score < typo.score && china.score < typo.score)
        #expect(china.score < Self.lowestFull)
        for r in try Fixtures.gazetteer.search("Petco Park, San Diego, CA", limit: 20) {
            #expect(r.unmatched == "Petco Park" && r.score < Self.lowestFull)
        }
    }

    @Test func theLongestTrailingRunWins() throws {
        // "San Diego, CA" reads, so "Diego, CA" or "CA" alone are not the answer.
        let r = try #require(try Fixtures.top("Petco Park San Diego CA"))
        #expect(r.name == "San Diego" && r.unmatched == "Petco Park")
        // A full match of the whole text comes before any partial one ("Park City" is a place).
        let park = try #require(try Fixtures.top("Park City, UT"))
        #expect(park.name == "Park City" && park.unmatched == nil)
    }
}

@Suite struct QueryWordsTests {
    func skipped(_ q: String) -> [String] {
        let w = NameKey.words(q)
        return zip(w, QueryWords.skippable(w)).filter(\.1).map(\.0.text)
    }

    @Test func postalCodesAndHouseNumbers() {
        #expect(skipped("1060 W Addison St, Chicago, IL 60613") == ["1060", "60613"])
        #expect(skipped("Chicago, IL 60613-1234") == ["60613", "1234"])
        #expect(skipped("Toronto, ON M5V 3L9") == ["m5v", "3l9"])
        #expect(skipped("Toronto ON M5V3L9") == ["m5v3l9"])
        #expect(skipped("London SW1A 1AA") == ["sw1a", "1aa"])
        #expect(skipped("Manchester M1 1AE") == ["m1", "1ae"])
        #expect(skipped("1012 AB Amsterdam") == ["1012", "ab"])
        #expect(skipped("00-950 Warszawa") == ["00", "950"])
        #expect(skipped("221B Baker Street, London") == ["221b"])
        #expect(skipped("Stockholm 114 55") == ["114", "55"])
        // Not postal codes: short numbers inside the text, a state after a number at the end.
        #expect(skipped("Villa 25 de Mayo") == [])
        #expect(skipped("Perth WA 6000") == ["6000"])
        #expect(skipped("Calgary, AB") == [])
    }

    @Test func postalDistricts() {
        func districts(_ q: String) -> [String] {
            let w = NameKey.words(q)
            return zip(w, QueryWords.postalDistricts(w)).filter(\.1).map(\.0.text)
        }
        // A short number, with at most one letter, ending a comma part after a word of it.
        #expect(districts("Dublin 2") == ["2"])
        #expect(districts("Paris 16e, France") == ["16e"])
        #expect(districts("Dublin 24, Ireland 6") == ["24", "6"])
        // Not districts: inside the text, alone in its comma part, three digits, two letters.
        #expect(districts("Villa 25 de Mayo") == [])
        #expect(districts("Dublin, 2") == [])
        #expect(districts("2") == [])
        #expect(districts("Dublin 123") == [])
        #expect(districts("Dublin 2ab") == [])
    }

    @Test func abbreviationVariants() {
        #expect(QueryWords.abbreviationVariants(of: "saint louis") == ["st louis"])
        #expect(Set(QueryWords.abbreviationVariants(of: "st louis")) == ["saint louis", "sankt louis"])
        #expect(QueryWords.abbreviationVariants(of: "ciudad juarez") == ["cd juarez"])
        #expect(QueryWords.abbreviationVariants(of: "mount") == [])
        #expect(
            QueryWords.abbreviationVariants(of: "fort saint james") == [
                "ft saint james", "fort st james", "ft st james",
            ])
        #expect(QueryWords.abbreviationVariants(of: "point mt") == ["pt mt"], "the last word is never rewritten")
    }

    @Test(arguments: [
        "Petco Park, San Diego, CA", "São Paulo, Brasil", "U.S.A.", "Straße 5, Köln", "Łódź; PL",
        "  St.   Louis ", "Ｔｏｋｙｏ", "1060 W Addison St.", "O'Fallon", "e\u{301}cole, N.L. Mexico", "!!!",
        // A character that begins with a combining mark (after a control character, where characters end),
        // which folding drops from the whole text (found by the forward-query fuzz target).
        "\u{3}\u{36C}\u{3}\u{4}", "Paris\n\u{36C}TX", "\u{36C}a",
    ])
    func rangesFollowTheWords(text: String) {
        let words = NameKey.words(text)
        let ranges = NameKey.ranges(text)
        #expect(ranges.count == words.count)
        for (w, r) in zip(words, ranges) { #expect(NameKey.key(String(text[r])) == w.text, "\(text[r])") }
    }
}
