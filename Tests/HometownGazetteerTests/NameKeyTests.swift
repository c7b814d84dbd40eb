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
        // The Arabic comma and semicolon, the ideographic comma and the full-width comma separate too.
        for text in ["القاهرة، مصر؛ أفريقيا", "東京、日本、アジア", "Paris，TX；USA"] {
            #expect(NameKey.words(text).map(\.component) == [0, 1, 2], "\(text)")
        }
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

    @Test func arabicLettersTypedEitherWayMeet() {
        // Alef with hamza above or below, with madda and wasla, as a bare alef.
        #expect(NameKey.key("الإسكندرية") == NameKey.key("الاسكندرية"))
        #expect(NameKey.key("إسطنبول") == NameKey.key("اسطنبول"))
        #expect(NameKey.key("الأردن") == NameKey.key("الاردن"))
        #expect(NameKey.key("آمل") == NameKey.key("امل"))
        #expect(NameKey.key("\u{0671}لقاهرة") == NameKey.key("القاهرة"))
        // The hamza as a combining mark after the alef, as a decomposed text has it.
        #expect(NameKey.key("ا\u{0654}") == NameKey.key("ا"))
        // Teh marbuta as heh; alef maqsura, the Persian yeh and the Arabic yeh; keheh and kaf.
        #expect(NameKey.key("القاهرة") == NameKey.key("القاهره"))
        #expect(NameKey.key("شیراز") == NameKey.key("شيراز"))
        #expect(NameKey.key("موسى") == NameKey.key("موسي"))
        #expect(NameKey.key("کرمان") == NameKey.key("كرمان"))
        // Other letters stay apart.
        #expect(NameKey.key("عمان") != NameKey.key("امان"))
    }
}
