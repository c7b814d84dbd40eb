import HometownCore
import HometownGazetteer
import Testing

/// US ZIP codes, Canadian forward sortation areas and Indian PINs as results of their own kind, alone and beside
/// a place; numbers that are no code give nothing (the other countries' codes: `WorldPostalCodeTests`).
@Suite struct PostalCodeTests {
    /// The kilometres between a point and (lat, lon).
    func km(_ a: Coordinate, _ lat: Double, _ lon: Double) -> Double {
        a.distanceKm(to: Coordinate(uncheckedLatitude: lat, longitude: lon))
    }

    @Test func theDataHoldsTheZIPCodes() {
        // zipcodes 1.3.0 lists 42,735 codes, of which military mail (AA, AE, AP: 791) is left out.
        #expect((41_000...42_735).contains(Fixtures.gazetteer.zipCodeCount), "\(Fixtures.gazetteer.zipCodeCount)")
    }

    @Test(arguments: [
        ("55401", "55401", "US-MN", 44.9778, -93.2650),
        ("55401-1234", "55401", "US-MN", 44.9778, -93.2650),
        ("02215", "02215", "US-MA", 42.3584, -71.0598),
        ("90210", "90210", "US-CA", 34.0736, -118.4004),
        ("60614", "60614", "US-IL", 41.8500, -87.6500),
    ])
    func aZIPCodeAloneComesFirst(query: String, name: String, state: String, lat: Double, lon: Double) throws {
        let results = try Fixtures.gazetteer.search(query)
        // After it, only the same number in other countries (02215 is also a code of Mexico City).
        #expect(results.allSatisfy { $0.kind == .postalCode }, "\(query): \(results.map(\.name))")
        #expect(results.dropFirst().allSatisfy { $0.country?.iso != "US" })
        let r = try #require(results.first)
        #expect(r.kind == .postalCode && r.kind.name == "postal_code")
        #expect(r.name == name && r.state?.iso == state && r.country?.iso == "US")
        #expect(r.score == 1 && r.unmatched == nil && r.population == 0 && r.geonameID == nil)
        // Its point lies within the city it serves, inside its box.
        #expect(km(r.point, lat, lon) < 15, "\(query) at \(r.point)")
        #expect(r.bbox.west < r.point.longitude && r.point.longitude < r.bbox.east)
        #expect(r.bbox.south < r.point.latitude && r.point.latitude < r.bbox.north)
    }

    /// Digits typed full width (as an East Asian keyboard gives them) read as the code they fold to.
    @Test(arguments: [("５５４０１", "55401"), ("１００-０００１", "100-0001"), ("Chicago, IL ６０６１４", "Chicago, IL 60614")])
    func fullWidthDigitsReadAsTheCode(typed: String, ascii: String) throws {
        let want = try Fixtures.gazetteer.search(ascii)
        #expect(want.contains { $0.kind == .postalCode }, "\(ascii)")
        #expect(try Fixtures.gazetteer.search(typed).map(\.entry) == want.map(\.entry), "\(typed)")
    }

    @Test func aTerritoryIsItsCountry() throws {
        let sanJuan = try #require(try Fixtures.top("00901"))
        #expect(sanJuan.kind == .postalCode && sanJuan.country?.iso == "PR" && sanJuan.state == nil)
    }

    @Test(arguments: [
        ("Chicago, IL 60614", "Chicago", "60614", "US-IL"),
        ("Minneapolis 55401", "Minneapolis", "55401", "US-MN"),
        ("Minneapolis, MN 55401-1234", "Minneapolis", "55401", "US-MN"),
        ("Boston, MA 02215", "Boston", "02215", "US-MA"),
        ("Minnesota 55401", "Minnesota", "55401", "US-MN"),
    ])
    func besideAPlaceItFollowsThePlace(query: String, place: String, code: String, state: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(results.count >= 2, "\(query): \(results.map(\.name))")
        #expect(results.first?.name == place && results.first?.kind != .postalCode)
        let postal = try #require(results.dropFirst().first)
        #expect(postal.kind == .postalCode && postal.name == code && postal.state?.iso == state)
        #expect(postal.score == results.first?.score)
        #expect(results.filter { $0.kind == .postalCode }.count == 1)
    }

    /// Beside a code, the place that holds it leads though its name alone ranks below another's: a state's postal
    /// abbreviation that is also a country's ISO code (MN Mongolia, IL Israel), a country's code shared with its
    /// territories (FR, AU), a city of a common name. At every limit, with the scores still descending.
    @Test(arguments: [
        ("55401, MN", "Minnesota", "55401", "US"), ("60614, IL", "Illinois", "60614", "US"),
        ("IL 60614", "Illinois", "60614", "US"), ("60614 IL", "Illinois", "60614", "US"),
        ("75001, FR", "France", "75001", "FR"),
        ("3000, AU", "Australia", "3000", "AU"), ("Springfield 62701", "Springfield", "62701", "US"),
    ])
    func theCodeLeadsWithThePlaceThatHoldsIt(query: String, place: String, code: String, country: String) throws {
        for limit in [1, 2, 10] {
            let results = try Fixtures.gazetteer.search(query, limit: limit)
            #expect(results.first?.name == place && results.first?.kind != .postalCode, "\(query) \(limit)")
            #expect(zip(results, results.dropFirst()).allSatisfy { $0.score >= $1.score }, "\(query) \(limit)")
            guard limit > 1 else { continue }
            let postal = try #require(results.dropFirst().first)
            #expect(postal.kind == .postalCode && postal.name == code && postal.country?.iso == country)
            #expect(postal.score == results[0].score)
        }
    }

    @Test func aPartialAddressKeepsItsUnreadWords() throws {
        let results = try Fixtures.gazetteer.search("1060 W Addison St, Chicago, IL 60613", limit: 3)
        #expect(results.first?.name == "Chicago")
        let postal = try #require(results.dropFirst().first)
        #expect(postal.kind == .postalCode && postal.name == "60613" && postal.unmatched == "1060 W Addison St")
    }

    @Test(arguments: ["Berlin 75007", "Paris 10115", "Seattle, WA 60614"])
    func aCodeBesideAPlaceThatDoesNotHoldItIsNotRead(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(!results.isEmpty)
        #expect(!results.contains { $0.kind == .postalCode }, "\(query): \(results.map(\.name))")
    }

    @Test(arguments: [
        "00000", "218", "123456", "01310-100", "55401 IL", "554011", "Z9Z", "D1A", "012345", "110 0010",
    ])
    func numbersThatAreNoCodeGiveNothing(query: String) throws {
        let results = try Fixtures.gazetteer.search(query)
        #expect(results.isEmpty, "\(query) -> \(results.map { "\($0.name) (\($0.kind.name))" })")
    }

    @Test func aLimitOfOneKeepsThePlace() throws {
        let one = try Fixtures.gazetteer.search("Chicago, IL 60614", limit: 1)
        #expect(one.count == 1 && one.first?.name == "Chicago")
        #expect(try Fixtures.gazetteer.search("60614", limit: 1).first?.kind == .postalCode)
    }

    /// Canadian forward sortation areas (the first three characters of a code) and Indian PIN codes, alone and
    /// beside the place that holds them, in the ways people write them.
    @Test(arguments: [
        ("M5V 3L9", "M5V", "CA-ON"), ("m5v3l9", "M5V", "CA-ON"), ("H2X", "H2X", "CA-QC"),
        ("Toronto, ON M5V 3L9", "M5V", "CA-ON"), ("Montreal H2X", "H2X", "CA-QC"), ("V6B", "V6B", "CA-BC"),
        ("110001", "110001", "IN-DL"), ("110 001", "110001", "IN-DL"), ("Mumbai 400001", "400001", "IN-MH"),
        ("Hyderabad 500001", "500001", nil),
    ])
    func canadianAndIndianCodesRead(query: String, code: String, state: String?) throws {
        let results = try Fixtures.gazetteer.search(query, limit: 3)
        let postal = try #require(results.first { $0.kind == .postalCode }, "\(query): \(results.map(\.name))")
        #expect(postal.name == code)
        if let state { #expect(postal.state?.iso == state) }
        #expect(postal.country?.iso == (code.first!.isLetter ? "CA" : "IN"))
        // Alone it comes first, scoring 1 (other countries' codes of the same text may follow); beside its place
        // it follows that place.
        if results.first?.kind == .postalCode {
            #expect(results.allSatisfy { $0.kind == .postalCode } && postal.score == 1)
        } else {
            #expect(results.count >= 2 && results[1] == postal && postal.score == results[0].score)
        }
        // Its point lies in its state's box (the data gives a point, not an area: a 3 km box around it).
        let holder = try #require(try Fixtures.gazetteer.search(postal.state?.iso ?? "", limit: 1).first)
        #expect(holder.bbox.contains(postal.point))
    }

    @Test func theCountsOfTheOtherFamilies() {
        #expect(Fixtures.gazetteer.postalCodeCount(.canadaFSA) == 1645)
        #expect(Fixtures.gazetteer.postalCodeCount(.indiaPIN) > 19_000)
    }

    @Test func aCodeOfAnotherProvinceIsNotAddedToAPlace() throws {
        let results = try Fixtures.gazetteer.search("Toronto H2X", limit: 3)
        #expect(results.first?.name == "Toronto" && !results.contains { $0.kind == .postalCode })
    }

    @Test func familiesWriteAndReadTheirNumbers() {
        for f in PostalFamily.allCases {
            for text in ["M5V", "A0A", "Y1A", "110001", "999999", "100000"] {
                guard let n = f.number(of: text) else { continue }
                #expect(f.text(of: n) == text)
            }
        }
        #expect(PostalFamily.canadaFSA.number(of: "m5v") == PostalFamily.canadaFSA.number(of: "M5V"))
        #expect(PostalFamily.canadaFSA.number(of: "5MV") == nil && PostalFamily.indiaPIN.number(of: "012345") == nil)
    }
}
