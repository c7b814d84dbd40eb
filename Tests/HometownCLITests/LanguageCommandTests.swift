import Foundation
import Testing

/// `--language` on `hometown forward` and `hometown reverse` (one point and a file).
@Suite struct LanguageCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func reverseNamesTheCountryStateAndCityInTheLanguage() async throws {
        let ru = try await CLI.run(["reverse", "55.7558", "37.6173", "--language", "ru"])
        #expect(ru.status == 0)
        let o = try json(ru.out)
        #expect((o["country"] as? [String: Any])?["name"] as? String == "Россия")
        #expect((o["country"] as? [String: Any])?["iso2"] as? String == "RU")
        #expect((o["city"] as? [String: Any])?["name"] as? String == "Москва")
        let ja = try json(try await CLI.run(["reverse", "35.68", "139.76", "--language", "ja"]).out)
        #expect((ja["country"] as? [String: Any])?["name"] as? String == "日本")
        #expect((ja["city"] as? [String: Any])?["name"] as? String == "東京都")
        // Not a tag: exit 2 with the option named. No names in that language: English, and a note.
        let bad = try await CLI.run(["reverse", "55.7558", "37.6173", "--language", "Russian!"])
        #expect(bad.status == 2 && bad.err.contains("--language"))
        let none = try await CLI.run(["reverse", "55.7558", "37.6173", "--language", "xx"])
        #expect(none.status == 0 && none.out.contains("\"Russia\"") && none.err.contains("no names in 'xx'"))
    }

    @Test func reverseFileRowsTakeTheLanguage() async throws {
        let r = try await CLI.run(
            ["reverse", "--input", "-", "--language", "de"], stdin: "lat,lon\n55.7558,37.6173\n44.9778,-93.265\n")
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("55.7558,37.6173,Russland,RU,Moskau,RU-MOW,Moskau,"))
        #expect(lines[2].contains(",Vereinigte Staaten,US,") || lines[2].contains(",USA,US,"))
        let json = try await CLI.run(
            ["reverse", "--input", "-", "--input-format", "csv", "--format", "ndjson", "--language", "ru"],
            stdin: "lat,lon\n35.68,139.76\n")
        #expect(json.out.contains("\"country\":\"Япония\"") || json.out.contains("\"country\": \"Япония\""))
    }

    @Test func forwardNamesResultsInTheLanguage() async throws {
        let r = try await CLI.run(["forward", "Minneapolis, MN", "--limit", "1", "--language", "ja"])
        #expect(r.status == 0)
        let top = try #require((try json(r.out)["results"] as? [[String: Any]])?.first)
        #expect(top["name"] as? String == "ミネアポリス")
        #expect((top["state"] as? [String: Any])?["name"] as? String == "ミネソタ")
        #expect((top["state"] as? [String: Any])?["iso"] as? String == "US-MN")
        let typed = try await CLI.run(["forward", "--autocomplete", "Моск", "--limit", "1", "--language", "ru"])
        #expect(typed.out.contains("\"name\": \"Москва\""))
        let batch = try await CLI.run(
            ["forward", "--input", "-", "--language", "zh-TW"], stdin: "Moscow\nMinneapolis\n")
        #expect(batch.status == 0 && batch.out.split(separator: "\n").count == 2)
        #expect(batch.out.contains("莫斯科"))
    }
}
