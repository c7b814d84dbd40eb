import HometownGazetteer
import Testing

@Suite struct NameKeyTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("SAN JOSÉ", "san jose"), ("Köln", "koln"), ("Łódź", "lodz"),
        ("Straße", "strasse"), ("Ærø", "aero"), ("O'Fallon", "ofallon"), ("Winston-Salem", "winston salem"),
        ("U.S.A.", "usa"), ("Washington, D.C.", "washington dc"), ("  St.   Louis ", "st louis"), ("Jal.", "jal"),
        ("Ｔｏｋｙｏ", "tokyo"), ("!!!", ""),
    ])
    func folding(input: String, key: String) {
        #expect(NameKey.key(input) == key)
    }

    @Test func commasSeparateComponents() {
        let w = NameKey.words("Paris, TX; USA")
        #expect(w.map(\.text) == ["paris", "tx", "usa"])
        #expect(w.map(\.component) == [0, 1, 2])
    }

    @Test func initialsJoinOnlyWithinAComponent() {
        #expect(NameKey.words("A, B").map(\.text) == ["a", "b"])
        #expect(NameKey.words("N.L. Mexico").map(\.text) == ["nl", "mexico"])
    }

    @Test func otherScriptsKeepTheirLettersAndLoseTheirPoints() {
        #expect(NameKey.key("МОСКВА") == NameKey.key("москва"))
        #expect(NameKey.key("Αθήνα") == NameKey.key("αθηνα"))
        // A Devanagari virama stays inside its word.
        #expect(NameKey.words("दिल्ली").count == 1)
        // Hebrew vowel points, Arabic harakat and the zero-width non-joiner are left out.
        #expect(NameKey.key("יְרוּשָׁלַיִם") == NameKey.key("ירושלים"))
        #expect(NameKey.key("القَاهِرَة") == NameKey.key("القاهرة"))
        #expect(NameKey.key("گوانگ\u{200C}ژو") == NameKey.key("گوانگژو"))
        #expect(NameKey.key("東京") == "東京")
    }
}
