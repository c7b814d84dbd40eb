import Foundation
import Testing

@Suite struct ForwardCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func oneQueryPrintsTheDocumentedObject() async throws {
        let r = try await CLI.run(["forward", "Seattle, WA", "--limit", "3"])
        #expect(r.status == 0)
        let obj = try json(r.out)
        #expect(obj["query"] as? String == "Seattle, WA")
        let results = try #require(obj["results"] as? [[String: Any]])
        #expect((1...3).contains(results.count))
        let top = try #require(results.first)
        for key in ["name", "kind", "latitude", "longitude", "bbox", "population", "country", "state", "score"] {
            #expect(top[key] != nil, "missing \(key)")
        }
        #expect(top["name"] as? String == "Seattle")
        #expect(top["kind"] as? String == "city")
        #expect((top["country"] as? [String: Any])?["iso2"] as? String == "US")
        #expect((top["state"] as? [String: Any])?["iso"] as? String == "US-WA")
        let bbox = try #require(top["bbox"] as? [Double])
        let lat = try #require(top["latitude"] as? Double)
        let lon = try #require(top["longitude"] as? Double)
        #expect(bbox.count == 4 && bbox[0] < lon && lon < bbox[2] && bbox[1] < lat && lat < bbox[3])
    }

    /// Every key an answer carries, the optional ones included (a region, a GeoNames id, words left unread), is
    /// named in `forward --help`, which documents the answer.
    @Test func theHelpNamesEveryKeyOfTheAnswer() async throws {
        let help = try await CLI.run(["forward", "--help"])
        #expect(help.status == 0)
        var keys: Set<String> = []
        for query in ["Manchester, England", "Petco Park, San Diego, CA", "55401", "Fiji"] {
            let r = try await CLI.run(["forward", query, "--limit", "1"])
            #expect(r.status == 0)
            let obj = try json(r.out)
            keys.formUnion(obj.keys)
            for result in try #require(obj["results"] as? [[String: Any]]) {
                keys.formUnion(result.keys)
                for case let unit as [String: Any] in result.values { keys.formUnion(unit.keys) }
            }
        }
        // The queries above give each optional key at least once.
        #expect(keys.isSuperset(of: ["region", "geonameid", "unmatched", "iso2", "iso"]), "\(keys.sorted())")
        for key in keys.sorted() {
            #expect(help.out.contains("\"\(key)\""), "forward --help does not name \"\(key)\"")
        }
    }

    @Test func autocompleteSuggestsAsTyped() async throws {
        let r = try await CLI.run(["forward", "--autocomplete", "San Fran", "--limit", "3"])
        #expect(r.status == 0)
        let obj = try json(r.out)
        #expect(obj["query"] as? String == "San Fran")
        let results = try #require(obj["results"] as? [[String: Any]])
        #expect((1...3).contains(results.count))
        #expect(results.first?["name"] as? String == "San Francisco")
        let both = try await CLI.run(["forward", "Paris", "--autocomplete", "Par"])
        #expect(both.status == 2 && both.err.contains("hometown:"))
    }

    @Test func aZIPCodeIsAPostalCode() async throws {
        let r = try await CLI.run(["forward", "55401-1234"])
        #expect(r.status == 0, "\(r.err)")
        let results = try #require(try json(r.out)["results"] as? [[String: Any]])
        // The ZIP code first; after it only the same number in other countries.
        #expect(results.allSatisfy { $0["kind"] as? String == "postal_code" })
        let top = try #require(results.first)
        #expect(top["kind"] as? String == "postal_code" && top["name"] as? String == "55401")
        #expect((top["state"] as? [String: Any])?["iso"] as? String == "US-MN")
        #expect((top["country"] as? [String: Any])?["iso2"] as? String == "US")
        let beside = try #require(
            try json(try await CLI.run(["forward", "Chicago, IL 60614", "--limit", "2"]).out)["results"]
                as? [[String: Any]])
        #expect(beside.map { $0["kind"] as? String } == ["city", "postal_code"])
        let bare = try await CLI.run(["forward", "00000"])
        #expect((try json(bare.out)["results"] as? [Any])?.isEmpty == true)
        // Canada's, India's and other countries' codes are postal codes too.
        for (q, code) in [
            ("Toronto, ON M5V 3L9", "M5V"), ("110001", "110001"), ("10115 Berlin", "10115"), ("100-0001", "100-0001"),
        ] {
            let out = try json(try await CLI.run(["forward", q, "--limit", "2"]).out)["results"] as? [[String: Any]]
            #expect(out?.contains { $0["kind"] as? String == "postal_code" && $0["name"] as? String == code } == true)
        }
    }

    @Test func countryBoxAcrossTheAntimeridian() async throws {
        let r = try await CLI.run(["forward", "Fiji", "--limit", "1"])
        let top = try #require((try json(r.out)["results"] as? [[String: Any]])?.first)
        let bbox = try #require(top["bbox"] as? [Double])
        #expect(bbox[0] > bbox[2], "west > east crosses 180°: \(bbox)")
        #expect(top["state"] is NSNull)
    }

    @Test func nonsenseIsAnEmptyAnswer() async throws {
        let r = try await CLI.run(["forward", "qwzxv plorpt"])
        #expect(r.status == 0)
        #expect((try json(r.out)["results"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        ["forward", ""], ["forward", "   "], ["forward"], ["forward", "Paris", "--limit", "0"],
        ["forward", "Paris", "--input", "-"],
    ])
    func badInputExitsWithTwo(args: [String]) async throws {
        let r = try await CLI.run(args, stdin: "")
        #expect(r.status == 2)
        #expect(r.err.contains("hometown:"))
        #expect(r.out.isEmpty)
    }

    @Test func aPartialMatchSaysWhatWasNotRead() async throws {
        let r = try await CLI.run(["forward", "1060 W Addison St, Chicago, IL 60613", "--limit", "1"])
        #expect(r.status == 0, "\(r.err)")
        let o = try json(r.out)
        let first = try #require((o["results"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "Chicago")
        #expect(first["unmatched"] as? String == "1060 W Addison St")
        let full = try await json(try CLI.run(["forward", "Chicago, IL", "--limit", "1"]).out)
        #expect((full["results"] as? [[String: Any]])?.first?["unmatched"] == nil)
    }

    @Test func fileModeAnswersEveryLineInOrder() async throws {
        let r = try await CLI.run(
            ["forward", "--input", "-", "--limit", "1"], stdin: "Costa Rica\n\nMinneapolis\r\nPerth, WA\n")
        #expect(r.status == 3, "a line with an error: exit status 3")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let objs = try lines.map(json)
        #expect(objs.map { $0["query"] as? String } == ["Costa Rica", "", "Minneapolis", "Perth, WA"])
        #expect(((objs[0]["results"] as? [[String: Any]])?.first?["kind"]) as? String == "country")
        #expect((objs[1]["error"] as? String)?.contains("line 2") == true)
        #expect(
            ((objs[3]["results"] as? [[String: Any]])?.first?["country"] as? [String: Any])?["iso2"] as? String == "AU")
        #expect(r.err.contains("4 rows, 1 with errors"))
    }

    /// A query file in Latin-1 ("Bogot\u{E1}" with the single byte 0xE1): that line is an error, not a search
    /// for the text with U+FFFD in place of its letter.
    @Test func fileModeNamesALineThatIsNotUTF8() async throws {
        let path = NSTemporaryDirectory() + "hometown-latin1-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Array("Bogot".utf8) + [0xE1] + Array("\nBogot\u{E1}\n".utf8)).write(to: URL(fileURLWithPath: path))
        let r = try await CLI.run(["forward", "--input", path, "--limit", "1"])
        #expect(r.status == 3, "\(r.err)")
        let objs = try r.out.split(separator: "\n").map { try json(String($0)) }
        #expect(objs.count == 2)
        #expect((objs[0]["results"] as? [Any])?.isEmpty == true)
        #expect((objs[0]["error"] as? String)?.contains("line 1: the line holds bytes that are not UTF-8") == true)
        #expect(((objs[1]["results"] as? [[String: Any]])?.first?["name"]) as? String == "Bogot\u{E1}")
    }
}
