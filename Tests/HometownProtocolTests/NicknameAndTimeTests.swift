import HometownCore
import HometownProtocol
import Testing

@Suite struct NicknameAndTimeTests {
    @Test(arguments: [
        ("FooBar", "foobar"), ("Straße", "STRASSE"), ("  dup ", "DUP"), ("Ǆemal", "ǆEMAL"),
        ("Cafe\u{301}", "CAFÉ"), ("ﬁsh", "FISH"),
    ])
    func sameNickname(a: String, b: String) {
        #expect(NicknameKey.key(a) == NicknameKey.key(b))
    }

    @Test func differentNicknames() {
        #expect(NicknameKey.key("ana") != NicknameKey.key("anna"))
        #expect(NicknameKey.key("a b") != NicknameKey.key("ab"))
    }

    @Test func timestampFormat() {
        #expect(Timestamp.iso8601(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.iso8601(milliseconds: 1_488_400_260_632) == "2017-03-01T20:31:00.632Z")
        #expect(Timestamp.iso8601(milliseconds: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(Timestamp.iso8601(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
    }

    @Test func timestampRoundTrips() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<10_000 {
            let ms = Int64.random(in: -2_000_000_000_000...5_000_000_000_000, using: &rng)
            #expect(Timestamp.milliseconds(iso8601: Timestamp.iso8601(milliseconds: ms)) == ms)
        }
        #expect(Timestamp.milliseconds(iso8601: "2017-03-01T20:31:00Z") == 1_488_400_260_000)
        #expect(Timestamp.milliseconds(iso8601: "2017-13-01T20:31:00.000Z") == nil)
        #expect(Timestamp.year(milliseconds: 1_488_400_260_632) == 2017)
    }
}
