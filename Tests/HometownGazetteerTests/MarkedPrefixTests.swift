import Testing

@testable import HometownGazetteer

/// The typed form that tells names written with the typed accents from the rest.
@Suite struct MarkedPrefixTests {
    @Test func onlyATextWhoseLettersLoseMoreThanCaseHasOne() {
        #expect(MarkedPrefix("Mun", wholeWord: false) == nil)
        #expect(MarkedPrefix("St. Lou", wholeWord: false) == nil)
        // Cyrillic and Hangul fold only in case: nothing to tell apart.
        #expect(MarkedPrefix("Моск", wholeWord: false) == nil)
        #expect(MarkedPrefix("서", wholeWord: false) == nil)
        #expect(MarkedPrefix("Mün", wholeWord: false)?.characters == ["m", "ü", "n"])
        #expect(MarkedPrefix("ŁÓ", wholeWord: false)?.characters == ["ł", "ó"])
        #expect(MarkedPrefix("Groß", wholeWord: false)?.characters == ["g", "r", "o", "ß"])
        // Decomposed input is the same text as composed.
        #expect(MarkedPrefix("Mu\u{308}n", wholeWord: false)?.characters == ["m", "ü", "n"])
    }

    @Test func aNameBeginsAsTypedWithItsAccentsOnly() throws {
        let mun = try #require(MarkedPrefix("Mün", wholeWord: false))
        #expect(mun.begins("München"))
        #expect(mun.begins("MÜNSTER"))
        #expect(mun.begins("Mu\u{308}nster"))
        #expect(!mun.begins("Munich"))
        #expect(!mun.begins("Mumbai"))
        #expect(!mun.begins("Mü"))
        #expect(mun.mayBegin(with: UInt8(ascii: "M")) && mun.mayBegin(with: UInt8(ascii: "m")))
        #expect(!mun.mayBegin(with: UInt8(ascii: "N")))
        // Punctuation and white space between words are one space; apostrophes vanish, as in the keys.
        let etienne = try #require(MarkedPrefix("saint  ét", wholeWord: false))
        #expect(etienne.begins("Saint-Étienne"))
        #expect(etienne.begins("Saint Étienne-du-Rouvray"))
        let cote = try #require(MarkedPrefix("Cote d'Ivó", wholeWord: false))
        #expect(cote.begins("Cote dIvóire"))
        #expect(cote.begins("Cote d’Ivóire"))
    }

    @Test func aWholeWordEndsTheNameOrASpaceFollows() throws {
        let koln = try #require(MarkedPrefix("Köln", wholeWord: true))
        #expect(koln.begins("Köln"))
        #expect(koln.begins("Köln-Bonn"))
        #expect(!koln.begins("Kölner Bucht"))
        #expect(try #require(MarkedPrefix("Köln", wholeWord: false)).begins("Kölner Bucht"))
    }
}
