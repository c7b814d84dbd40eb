import HometownCore
import HometownGazetteer
import Testing

/// Suggestions as a name is typed: the last word is the beginning of a word.
@Suite struct AutocompleteTests {
    /// Typed text, and the name, country (ISO alpha-2) and point (latitude, longitude) of the first suggestion.
    struct Case: CustomTestStringConvertible, Sendable {
        let typed: String
        let name: String
        let country: String
        let latitude: Double
        let longitude: Double
        var testDescription: String { typed }
    }

    static let cases: [Case] = [
        Case(typed: "Minneap", name: "Minneapolis", country: "US", latitude: 44.98, longitude: -93.2638),
        Case(typed: "San Fran", name: "San Francisco", country: "US", latitude: 37.7749, longitude: -122.4194),
        Case(typed: "Моск", name: "Moscow", country: "RU", latitude: 55.7522, longitude: 37.6156),
        Case(typed: "Sao Pa", name: "São Paulo", country: "BR", latitude: -23.5475, longitude: -46.6361),
        Case(typed: "São Pau", name: "São Paulo", country: "BR", latitude: -23.5475, longitude: -46.6361),
        Case(typed: "서", name: "Seoul", country: "KR", latitude: 37.566, longitude: 126.9784),
        Case(typed: "Paris, Tex", name: "Paris", country: "US", latitude: 33.6609, longitude: -95.5555),
        Case(typed: "Москва, Рос", name: "Moscow", country: "RU", latitude: 55.7522, longitude: 37.6156),
        // The country after the comma each script writes.
        Case(typed: "القاهرة، مص", name: "Cairo", country: "EG", latitude: 30.0626, longitude: 31.2497),
        Case(typed: "東京、日", name: "Tokyo", country: "JP", latitude: 35.6895, longitude: 139.6917),
    ]

    @Test(arguments: cases)
    func firstSuggestion(c: Case) throws {
        let r = try #require(try Fixtures.gazetteer.suggest(c.typed, limit: 5).first, "\(c.typed) suggests nothing")
        #expect(r.name == c.name)
        #expect(r.country?.iso == c.country)
        #expect(r.point.distanceKm(to: Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude)) < 25)
    }

    @Test func largerPlacesComeFirstAndTheLimitHolds() throws {
        for (typed, limit) in [("San", 10), ("Spring", 7), ("a", 3), ("Ber", 1)] {
            let r = try Fixtures.gazetteer.suggest(typed, limit: limit)
            #expect(r.count == limit, "\(typed)")
            #expect(zip(r, r.dropFirst()).allSatisfy { $0.score >= $1.score }, "\(typed): best first")
        }
        // The largest of the places whose names begin so, not the first in the alphabet.
        #expect(try Fixtures.gazetteer.suggest("Ber", limit: 1).first?.name == "Berlin")
        #expect(try Fixtures.gazetteer.suggest("Springf", limit: 1).first?.population ?? 0 > 150_000)
        // Every suggestion begins as typed: "Minneap" is Minneapolis and its namesakes, never Minnesota.
        for r in try Fixtures.gazetteer.suggest("Minneap", limit: 10) {
            #expect(r.name.lowercased().hasPrefix("minneap"), "\(r.name)")
        }
        // A country's name in another language is a short form until typed whole: Germany is still suggested.
        #expect(try Fixtures.gazetteer.suggest("Deutschl", limit: 1).first?.country?.iso == "DE")
    }

    /// Accents typed choose among the places a text names without them: "Mün" is München before Mumbai, which
    /// "Mun" still gives first.
    @Test func placesNamedWithTheAccentsTypedComeFirst() throws {
        let g = Fixtures.gazetteer
        for (typed, name) in [
            ("Mün", "Munich"), ("Düs", "Düsseldorf"), ("Łó", "Łódzkie"), ("Mál", "Málaga"), ("Kö", "Köln"),
            ("Gö", "Gothenburg"),
        ] {
            #expect(try g.suggest(typed, limit: 1).first?.name == name, "\(typed)")
            let ten = try g.suggest(typed, limit: 10)
            #expect(ten.first?.name == name, "\(typed)")
            #expect(zip(ten, ten.dropFirst()).allSatisfy { $0.score >= $1.score }, "\(typed): best first")
            #expect(ten.allSatisfy { $0.score > 0 && $0.score <= 1 }, "\(typed)")
        }
        // The places named without the accents follow: "Mün" still suggests Mumbai, after the München and Münster.
        let mun = try g.suggest("Mün", limit: 10).map(\.name)
        let mumbai = try #require(mun.firstIndex(of: "Mumbai"), "\(mun)")
        let munster = try #require(mun.firstIndex(of: "Münster"), "\(mun)")
        #expect(munster < mumbai, "\(mun)")
        // Łódź itself follows its larger region; Mali, which only Yoruba spells "Málì", is not put first.
        #expect(try g.suggest("Łó", limit: 2).map(\.name) == ["Łódzkie", "Łódź"])
        #expect(try g.suggest("Mál", limit: 10).map(\.name).firstIndex(of: "Mali") ?? 10 > 2)
        // Typed without them, the larger place first, as before.
        #expect(try g.suggest("Dus", limit: 1).first?.name == "Dushanbe")
    }

    @Test func aWholeWordStillSuggestsLongerNamesAfterIt() throws {
        // "Paris" is Paris itself first, and the completed word with a space goes on ("New " -> New York City).
        #expect(try Fixtures.gazetteer.suggest("Paris", limit: 3).first?.country?.iso == "FR")
        #expect(try Fixtures.gazetteer.suggest("New ", limit: 3).first?.name == "New York City")
    }

    /// A name typed whole and followed by a space (as the web app sends a finished word) is still suggested
    /// itself, before the longer names that go on after it.
    @Test func aWholeNameFollowedByASpaceIsSuggested() throws {
        for (typed, name, state) in [
            ("Seattle ", "Seattle", "US-WA"), ("Paris, Texas ", "Paris", "US-TX"), ("Berlin ", "Berlin", "DE-BE"),
            ("Minneapolis  ", "Minneapolis", "US-MN"),
        ] {
            let r = try Fixtures.gazetteer.suggest(typed, limit: 5)
            #expect(r.first?.name == name && r.first?.state?.iso == state, "\(typed): \(r.map(\.name))")
        }
        // Only keys that are the word or go on after it: "Seattle " is not "Seattleite".
        for r in try Fixtures.gazetteer.suggest("Seattle ", limit: 10) {
            let key = NameKey.key(r.name)
            #expect(!key.hasPrefix("seattle") || key == "seattle" || key.hasPrefix("seattle "), "\(r.name)")
        }
    }

    /// The names typed come before the aliases of larger places at every limit: "Po" begins a name of China,
    /// India and Florida in some language, and those filled a small limit's suggestions before Poland.
    @Test func theFirstSuggestionsAreTheSameAtEveryLimit() throws {
        let g = Fixtures.gazetteer
        #expect(try g.suggest("Po", limit: 1).map(\.name) == ["Poland"])
        #expect(try g.suggest("S", limit: 1).map(\.name) == ["Shandong"])
        // Not "Ber": past a small limit's window of names, Bern is weighed by its alias "Berne", after Bergamo.
        for typed in ["S", "Po", "Sa", "Tor", "Lon", "B", "М", "Ind", "Minneap", "Sao Pa", "Моск"] {
            let wide = try g.suggest(typed, limit: 20).map(\.entry)
            for limit in [1, 2, 3] {
                #expect(
                    try g.suggest(typed, limit: limit).map(\.entry) == Array(wide.prefix(limit)),
                    "\(typed) with limit \(limit)")
            }
        }
    }

    /// A postal code typed whole is suggested (after the names, of which there are none here), as a search
    /// finds it.
    @Test func aPostalCodeTypedWholeIsSuggested() throws {
        let g = Fixtures.gazetteer
        for code in ["55401", "SW1A 1AA", "10115"] {
            let found = try g.search(code, limit: 3).filter { $0.kind == .postalCode }
            #expect(!found.isEmpty, "\(code)")
            let suggested = try g.suggest(code, limit: 3)
            #expect(suggested.map(\.name) == found.map(\.name), "\(code)")
            #expect(suggested.map(\.point) == found.map(\.point), "\(code)")
        }
        #expect(try g.suggest("Minneap", limit: 3).allSatisfy { $0.kind != .postalCode })
    }

    /// A place typed whole with its postal district or code is suggested as the search reads it, the code
    /// after it.
    @Test func aPlaceWithItsPostalDistrictOrCodeIsSuggested() throws {
        let g = Fixtures.gazetteer
        let dublin = try #require(try g.suggest("Dublin 2", limit: 3).first)
        #expect(dublin.name == "Dublin" && dublin.kind == .city && dublin.country?.iso == "IE")
        let chicago = try g.suggest("Chicago, IL 60614", limit: 5)
        #expect(chicago.first?.name == "Chicago" && chicago.first?.state?.iso == "US-IL", "\(chicago.map(\.name))")
        #expect(chicago.contains { $0.kind == .postalCode && $0.name == "60614" }, "\(chicago.map(\.name))")
        // A code before the place, as France writes it: the place, then the code.
        let paris = try g.suggest("75007 Paris", limit: 5)
        #expect(paris.first?.name == "Paris" && paris.first?.country?.iso == "FR", "\(paris.map(\.name))")
        #expect(paris.contains { $0.kind == .postalCode && $0.name == "75007" }, "\(paris.map(\.name))")
        // Only what the whole text reads: "Main St 60614" is no place.
        #expect(try g.suggest("Wherever Main St 2", limit: 5).allSatisfy { $0.unmatched == nil })
    }

    @Test func nothingBeginsSoAndBadInput() throws {
        #expect(try Fixtures.gazetteer.suggest("qxzqv", limit: 5).isEmpty)
        #expect(throws: GazetteerError.emptyQuery) { try Fixtures.gazetteer.suggest("  ", limit: 5) }
        #expect(throws: GazetteerError.badLimit(0)) { try Fixtures.gazetteer.suggest("Par", limit: 0) }
        for q in ["🙂", "!!!", String(repeating: "a", count: 10_000), "12345", "\u{200F}"] {
            _ = try Fixtures.gazetteer.suggest(q, limit: 5)
        }
    }
}
