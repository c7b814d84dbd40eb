import HometownBoundaries
import HometownCore
import HometownGazetteer
import Testing

/// Names in the asker's language: language tags, `Accept-Language`, and the names forward and reverse answers
/// carry in a language (the bundled data's, from GeoNames via libgeonames-common, Natural Earth and iso-codes).
@Suite struct LanguageTests {
    let g = Fixtures.gazetteer

    @Test func tagsHaveOneSpelling() {
        #expect(LanguageTag.canonical("ru") == "ru")
        #expect(LanguageTag.canonical("PT_br") == "pt-BR")
        #expect(LanguageTag.canonical("sr@latin") == "sr-Latn")
        #expect(LanguageTag.canonical("sr-latn-RS") == "sr-Latn-RS")
        #expect(LanguageTag.canonical("es-419") == "es-419")
        for t in ["zh", "zh-CN", "zh_SG", "zh-Hans-CN", "cmn"] {
            #expect(LanguageTag.canonical(t) == "zh-Hans", "\(t)")
        }
        for t in ["zh-TW", "zh_HK", "zh-MO", "zh-Hant", "zh-Hant-CN"] {
            #expect(LanguageTag.canonical(t) == "zh-Hant", "\(t)")
        }
        // Extensions and private use are not the language's region or script: "-u-co-phonebk" is a German
        // collation, not Colombia.
        #expect(LanguageTag.canonical("de-u-co-phonebk") == "de")
        #expect(LanguageTag.canonical("de-CH-u-co-phonebk") == "de-CH")
        #expect(LanguageTag.canonical("de-t-en-us") == "de")
        #expect(LanguageTag.canonical("en-x-tw") == "en")
        #expect(LanguageTag.canonical("zh-u-nu-hant") == "zh-Hans")
        #expect(LanguageTag.canonical("de-u-!!") == nil)
        for bad in ["", "r", "russian", "ru-", "ru--RU", "1a", "ру", "ru RU", String(repeating: "a-", count: 20) + "a"]
        {
            #expect(LanguageTag.canonical(bad) == nil, "\(bad)")
        }
    }

    @Test func acceptLanguageIsReadByQuality() {
        #expect(
            LanguageTag.preferences(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == [
                "fr-CH", "fr", "en", "de",
            ])
        #expect(LanguageTag.preferences(acceptLanguage: "de;q=0.5, ja") == ["ja", "de"])
        #expect(LanguageTag.preferences(acceptLanguage: "ru;q=0, xx-!!, ;q=1, ja;q=2, ko;q=abc") == [])
        // A header of many entries is read only so far.
        let long = Array(repeating: "xx", count: 100).joined(separator: ",") + ",ru"
        #expect(LanguageTag.preferences(acceptLanguage: long).count == 16)
        #expect(!LanguageTag.preferences(acceptLanguage: long).contains("ru"))
    }

    @Test func languagesResolveWithFallbacks() throws {
        #expect(g.languageTags.count > 150)
        #expect(try #require(g.language("ru")).hasNames)
        #expect(try #require(g.language("en-GB")).hasNames == false)
        #expect(try #require(g.language("xx")).hasNames == false)
        #expect(g.language("not a tag") == nil)
        // The header's first language with names wins; English means the data's own names.
        #expect(g.language(acceptLanguage: "xx, ru;q=0.8, de;q=0.5")?.tag == "ru")
        #expect(g.language(acceptLanguage: "en-US, en;q=0.9, ru;q=0.5")?.hasNames == false)
        #expect(g.language(acceptLanguage: "xx") == nil)
    }

    /// `hometown reverse 55.7558 37.6173 --language ru` names Россия / Москва; `--language ja` on 35.68 139.76
    /// names 日本 / 東京都.
    @Test func reverseNamesInTheAskersLanguage() throws {
        let moscow = Fixtures.geocoder.place(at: Coordinate(uncheckedLatitude: 55.7558, longitude: 37.6173))
        let ru = g.localNames(of: moscow, in: try #require(g.language("ru")))
        #expect(ru == LocalNames(country: "Россия", state: "Москва", city: "Москва"))
        let tokyo = Fixtures.geocoder.place(at: Coordinate(uncheckedLatitude: 35.68, longitude: 139.76))
        let ja = g.localNames(of: tokyo, in: try #require(g.language("ja")))
        #expect(ja.country == "日本" && ja.city == "東京都")
        let de = g.localNames(of: moscow, in: try #require(g.language("de-AT")))
        #expect(de.country == "Russland" && de.city == "Moskau")
        // English and unknown languages leave every name to the data.
        #expect(g.localNames(of: moscow, in: try #require(g.language("en"))) == LocalNames())
        #expect(g.localNames(of: moscow, in: try #require(g.language("xx"))) == LocalNames())
    }

    @Test func forwardResultsInTheAskersLanguage() throws {
        let ja = try #require(g.language("ja"))
        let minneapolis = try #require(try g.search("Minneapolis, MN", limit: 1).first)
        let named = g.localized(minneapolis, in: ja)
        #expect(named.name == "ミネアポリス" && named.state?.name == "ミネソタ" && named.country?.iso == "US")
        // Everything but the names stays.
        #expect(
            named.point == minneapolis.point && named.score == minneapolis.score && named.entry == minneapolis.entry)
        // A postal code keeps its digits; its state and country take the language.
        let zip = try #require(try g.search("55401", limit: 1).first)
        let ru = g.localized(zip, in: try #require(g.language("ru")))
        #expect(ru.name == "55401" && ru.state?.name == "Миннесота" && ru.country?.name == "США")
        // A country, in simplified and traditional Chinese.
        let china = try #require(try g.search("China", limit: 1).first)
        #expect(g.localized(china, in: try #require(g.language("zh-CN"))).name == "中华人民共和国")
        #expect(g.localized(china, in: try #require(g.language("zh-TW"))).name == "中華人民共和國")
        #expect(g.localized(china, in: try #require(g.language("en"))) == china)
    }

    @Test func placesAreFoundByTheirNamesInTheirLanguages() throws {
        // Names only the city names in people's languages give (Korean for Seoul's neighbour, Ukrainian Kyiv).
        for (q, gid) in [("Москва", 524901), ("ミネアポリス", 5_037_649), ("Moskau", 524901), ("Варшава", 756135)] {
            #expect(try g.search(q, limit: 1).first?.geonameID == gid, "\(q)")
        }
    }

    @Test func lookupsByCodeAndGeoNamesID() throws {
        let us = try #require(g.entry(code: "US"))
        #expect(g.code(ofEntry: us) == "US")
        let mn = try #require(g.entry(code: "US-MN"))
        #expect(g.code(ofEntry: mn) == "US-MN")
        #expect(g.entry(code: "ZZ") == nil && g.entry(code: "") == nil && g.entry(code: "US-M") == nil)
        let m = try #require(g.entry(geonameID: 5_037_649))
        #expect(g.localName(ofEntry: m, in: try #require(g.language("ru"))) == "Миннеаполис")
        #expect(g.entry(geonameID: 0) == nil && g.entry(geonameID: -1) == nil && g.entry(geonameID: Int.max) == nil)
    }
}
