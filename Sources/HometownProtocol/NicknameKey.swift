import Foundation

/// The form under which nicknames are compared, so that names that read the same are one nickname: "FooBar" ==
/// "foobar", "Straße" == "STRASSE", "ｅｖｅ" (full width) == "eve", "dаve" (Cyrillic а) == "dave", "b0b" == "bob".
///
/// The key is UTS #39's confusable skeleton (`Confusables.skeleton`) of the nickname folded as Unicode's
/// NFKC_Casefold folds it (`folded`): compatibility forms unified (NFKC: full width, ligatures, superscripts),
/// full case folding (ß to "ss", ς and Σ to σ, ﬁ to "fi"), default-ignorable code points removed, NFKC again.
/// Prototypes may be capitals (the digit 0's is O), so fold and skeleton are repeated until the text no longer
/// changes (two rounds in practice; at most `maxRounds`): then "0" meets "o", and the key of a key is itself.
///
/// Following UTS #39 faithfully means that some distinct spellings are one nickname because they look alike in
/// common fonts: "rn" and "m" ("arnie" and "amie"), "1" and "l" ("bi11" and "bill"), "0" and "o". Accents are
/// kept: "José" and "Jose" stay two nicknames. Because case is folded before the skeleton (as UTS #39 compares
/// case-insensitive identifiers), a capital I meets i, not l: "AI" and "Al" stay two nicknames. Surrounding white
/// space is trimmed, and each run of white space inside (Unicode's White_Space, after folding: spaces of any width,
/// no-break spaces) is one space, as a web page shows it: "ann  lee" and "ann\u{3000}lee" are "ann lee", while
/// "annlee" stays another nickname.
///
/// The database holds this key under a unique index, so two posts that read the same cannot both succeed. The key
/// is for comparing only; nicknames are stored and shown as posted.
public enum NicknameKey {
    /// Most rounds of folding and skeleton.
    public static let maxRounds = 4

    public static func key(_ nickname: String) -> String {
        var key = nickname.trimmingWhiteSpace()
        for _ in 0..<maxRounds {
            let next = spacedOnce(Confusables.skeleton(folded(key)))
            // Bytes, not Swift's canonical equivalence: the key is always a skeleton's output (NFD), so that the
            // database's unique index, which compares bytes, sees "josé" and "José" as one key.
            let same = next.utf8.elementsEqual(key.utf8)
            key = next
            if same { break }
        }
        return key
    }

    /// `text` without surrounding white space, each run of white space inside it one U+0020 SPACE.
    static func spacedOnce(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var spaceDue = false
        for s in text.unicodeScalars {
            if s.properties.isWhitespace {
                spaceDue = !out.isEmpty
            } else {
                if spaceDue { out.append(" ") }
                spaceDue = false
                out.append(s)
            }
        }
        return String(out)
    }

    /// NFKC_Casefold as UTS #39 asks before a skeleton: NFKC, full case folding (Foundation's case-insensitive
    /// folding, locale-independent), default-ignorable code points removed, NFKC again.
    public static func folded(_ text: String) -> String {
        // ASCII is its own NFKC and holds no default-ignorable; its full case folding is its lower case.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        let nfkc = text.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
        var visible = String.UnicodeScalarView()
        for s in nfkc.unicodeScalars where !s.properties.isDefaultIgnorableCodePoint { visible.append(s) }
        return String(visible).precomposedStringWithCompatibilityMapping
    }
}
