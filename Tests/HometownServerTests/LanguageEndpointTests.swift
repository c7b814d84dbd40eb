import Foundation
import HTTPTypes
import HometownServer
import HummingbirdTesting
import Testing

/// `lang=` and `Accept-Language` on the geocoding endpoints: the bundled description in the asker's language, the
/// served names unchanged, and the headers caches need.
@Suite struct LanguageEndpointTests {
    @Test func reverseNamesThePlaceInTheLanguageAskedFor() async throws {
        try await Fixture.withServer { client in
            let r = try await client.get("/hometown/reverse?lat=55.7558&lon=37.6173&lang=ru")
            #expect(r.status == .ok && r.headers[.contentLanguage] == "ru")
            let o = try #require(r.json as? [String: Any])
            let place = try #require(o["place"] as? [String: Any])
            #expect((place["country"] as? [String: Any])?["name"] as? String == "Россия")
            #expect((place["city"] as? [String: Any])?["name"] as? String == "Москва")
            // The served names (what a post uses) do not change with the language.
            let english = try #require(
                try await client.get("/hometown/reverse?lat=44.9661&lon=-93.2938&lang=ja").json as? [String: Any])
            #expect(english["country"] as? String == "USA" && english["state"] as? String == "Minnesota")
            #expect(english["city"] as? String == "Minneapolis")
            #expect(
                ((english["place"] as? [String: Any])?["state"] as? [String: Any])?["name"] as? String == "ミネソタ")
            // Not a language tag: 400 naming the parameter. A language without names: the data's own names.
            let bad = try await client.get("/hometown/reverse?lat=0&lon=0&lang=not%20a%20tag")
            #expect(bad.status == .badRequest && bad.errorField == "lang")
            let unknown = try await client.get("/hometown/reverse?lat=55.7558&lon=37.6173&lang=xx")
            #expect(unknown.status == .ok && unknown.headers[.contentLanguage] == nil)
            #expect(unknown.text.contains("\"Russia\""))
        }
    }

    @Test func forwardFollowsAcceptLanguageWhenLangIsAbsent() async throws {
        try await Fixture.withServer { client in
            let r = try await client.execute(
                uri: "/hometown/forward?q=Moscow&limit=1", method: .get,
                headers: [.acceptLanguage: "xx, de-AT;q=0.9, en;q=0.5"])
            #expect(r.status == .ok && r.headers[.contentLanguage] == "de-AT")
            #expect(r.headers[.vary]?.contains("Accept-Language") == true)
            let first = try #require(((r.json as? [String: Any])?["results"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "Moskau" && first["city"] as? String == "Moscow")
            #expect(
                ((first["place"] as? [String: Any])?["country"] as? [String: Any])?["name"] as? String == "Russland")
            // lang= wins over the header, and then the answer does not vary by it.
            let ru = try await client.execute(
                uri: "/hometown/forward?q=Moscow&limit=1&lang=ru", method: .get, headers: [.acceptLanguage: "de"])
            #expect(ru.headers[.contentLanguage] == "ru" && ru.headers[.vary]?.contains("Accept-Language") != true)
            #expect(ru.text.contains("Москва"))
            // English first: the data's own names, still varying by the header.
            let en = try await client.execute(
                uri: "/hometown/forward?q=Moscow&limit=1", method: .get, headers: [.acceptLanguage: "en-US, ru;q=0.5"])
            #expect(en.headers[.contentLanguage] == nil && !en.text.contains("Москва"))
            // Each language has its own entity tag: a tag of one language never gets 304 for another.
            let tagRU = try #require(ru.headers[.eTag])
            let tagDE = try #require(r.headers[.eTag])
            #expect(tagRU != tagDE && tagRU != en.headers[.eTag])
            let again = try await client.execute(
                uri: "/hometown/forward?q=Moscow&limit=1", method: .get,
                headers: [.acceptLanguage: "de-AT", .ifNoneMatch: tagRU])
            #expect(again.status == .ok && again.text.contains("Moskau"))
            let same = try await client.execute(
                uri: "/hometown/forward?q=Moscow&limit=1&lang=ru", method: .get, headers: [.ifNoneMatch: tagRU])
            #expect(same.status == .notModified)
            // Suggestions take the language too.
            let typed = try await client.get("/hometown/forward?q=Minneap&autocomplete=true&limit=1&lang=ja")
            #expect(typed.text.contains("ミネアポリス"))
        }
    }
}
