import Foundation
import HometownCore
import HometownGazetteer
import Testing

/// Names written in other scripts than Latin: GeoNames' alternate names in every script, and country names
/// translated by iso-codes, as people type them (with or without accents, vowel points and tone marks).
@Suite struct ScriptTests {
    /// A query, the country of the city it names (ISO alpha-2), and that city's point (latitude, longitude).
    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let country: String
        let latitude: Double
        let longitude: Double
        var testDescription: String { query }
    }

    static let cities: [Case] = [
        Case(query: "Москва", country: "RU", latitude: 55.7522, longitude: 37.6156),
        Case(query: "서울", country: "KR", latitude: 37.566, longitude: 126.9784),
        Case(query: "თბილისი", country: "GE", latitude: 41.6941, longitude: 44.8337),
        Case(query: "Երևան", country: "AM", latitude: 40.1811, longitude: 44.5136),
        Case(query: "मुंबई", country: "IN", latitude: 19.0728, longitude: 72.8826),
        Case(query: "广州", country: "CN", latitude: 23.1167, longitude: 113.25),
        Case(query: "廣州", country: "CN", latitude: 23.1167, longitude: 113.25),
        Case(query: "Αθήνα", country: "GR", latitude: 37.9838, longitude: 23.7278),
        Case(query: "Київ", country: "UA", latitude: 50.4547, longitude: 30.5238),
        Case(query: "東京", country: "JP", latitude: 35.6895, longitude: 139.6917),
        Case(query: "上海", country: "CN", latitude: 31.2222, longitude: 121.4581),
        Case(query: "تهران", country: "IR", latitude: 35.6944, longitude: 51.4215),
        Case(query: "القاهرة", country: "EG", latitude: 30.0626, longitude: 31.2497),
        Case(query: "ירושלים", country: "IL", latitude: 31.769, longitude: 35.2163),
        Case(query: "กรุงเทพมหานคร", country: "TH", latitude: 13.7539, longitude: 100.5014),
        // Typed without accents, vowel points or with another case.
        Case(query: "Αθηνα", country: "GR", latitude: 37.9838, longitude: 23.7278),
        Case(query: "МОСКВА", country: "RU", latitude: 55.7522, longitude: 37.6156),
        Case(query: "Киев", country: "UA", latitude: 50.4547, longitude: 30.5238),
        Case(query: "יְרוּשָׁלַיִם", country: "IL", latitude: 31.769, longitude: 35.2163),
        Case(query: "القَاهِرَة", country: "EG", latitude: 30.0626, longitude: 31.2497),
        // Arabic letters typed either way: alef with or without its hamza, teh marbuta as heh, the Persian yeh.
        Case(query: "الإسكندرية", country: "EG", latitude: 31.2018, longitude: 29.9158),
        Case(query: "الاسكندرية", country: "EG", latitude: 31.2018, longitude: 29.9158),
        Case(query: "اسطنبول", country: "TR", latitude: 41.0138, longitude: 28.9497),
        Case(query: "إسطنبول", country: "TR", latitude: 41.0138, longitude: 28.9497),
        Case(query: "القاهره", country: "EG", latitude: 30.0626, longitude: 31.2497),
        Case(query: "شيراز", country: "IR", latitude: 29.6104, longitude: 52.5311),
        Case(query: "شیراز", country: "IR", latitude: 29.6104, longitude: 52.5311),
        // A name with its country in that country's language.
        Case(query: "Москва, Россия", country: "RU", latitude: 55.7522, longitude: 37.6156),
        Case(query: "София, България", country: "BG", latitude: 42.6975, longitude: 23.3242),
        Case(query: "Београд, Србија", country: "RS", latitude: 44.804, longitude: 20.4651),
        Case(query: "北京, 中国", country: "CN", latitude: 39.9075, longitude: 116.3972),
        Case(query: "서울, 대한민국", country: "KR", latitude: 37.566, longitude: 126.9784),
    ]

    @Test(arguments: cities)
    func cityComesFirst(c: Case) throws {
        let r = try #require(try Fixtures.top(c.query), "\(c.query) gives no result")
        #expect(r.kind == .city, "\(c.query) -> \(r.name) (\(r.kind))")
        #expect(r.country?.iso == c.country)
        #expect(r.point.distanceKm(to: Coordinate(uncheckedLatitude: c.latitude, longitude: c.longitude)) < 25)
        #expect(r.score >= 0.5, "an exact match")
    }

    @Test func countriesInTheirOwnLanguages() throws {
        let countries = [
            ("България", "BG"), ("Србија", "RS"), ("中国", "CN"), ("Россия", "RU"), ("日本", "JP"),
            // Arabic, with and without the hamza on the alef.
            ("الأردن", "JO"), ("الاردن", "JO"), ("إيران", "IR"), ("ايران", "IR"),
        ]
        for (q, iso) in countries {
            let r = try #require(try Fixtures.top(q), "\(q) gives no result")
            #expect(r.kind == .country && r.country?.iso == iso, "\(q) -> \(r.name)")
        }
    }

    @Test func translatedNamesDoNotTakeAnotherPlace() throws {
        // Romanian "Columbia" is Colombia, but the US city of that name keeps it; "Грузия" is the country,
        // not the US state that iso-codes' translators sometimes gave the same word.
        #expect(try Fixtures.top("Columbia")?.country?.iso == "US")
        let georgia = try #require(try Fixtures.top("Грузия"))
        #expect(georgia.kind == .country && georgia.country?.iso == "GE")
    }

    /// Text decomposed (NFD: Hangul as jamo, kana with a separate voicing mark, as some keyboards and file systems
    /// give it) finds what the composed text finds, in searches and suggestions.
    @Test(arguments: ["서울", "ダッカ", "가나", "Zürich", "東京"])
    func decomposedTextFindsWhatComposedTextFinds(composed: String) throws {
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Array(decomposed.unicodeScalars) != Array(composed.unicodeScalars) || composed == "東京")
        let want = try #require(try Fixtures.gazetteer.search(composed, limit: 3).first, "\(composed)")
        #expect(try Fixtures.gazetteer.search(decomposed, limit: 3).first?.entry == want.entry, "\(composed)")
        #expect(
            try Fixtures.gazetteer.suggest(decomposed, limit: 3).map(\.entry)
                == Fixtures.gazetteer.suggest(composed, limit: 3).map(\.entry), "\(composed)")
    }

    @Test func mixedScriptsEmojiAndMarksGiveAClearAnswer() throws {
        for q in [
            "Москва🙂", "\u{200F}תל אביב\u{200E}", "ⓜⓞⓢⓒⓞⓦ", "ꙮꙮꙮ", "🙂🙂", "١٢٣", String(repeating: "ж", count: 10_000),
        ] {
            _ = try Fixtures.gazetteer.search(q)
        }
        #expect(try Fixtures.top("Москва 🙂")?.country?.iso == "RU")
    }
}
