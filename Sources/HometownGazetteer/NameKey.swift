import Foundation

/// How place names and queries become lookup keys. The gazetteer builder and the search use this one
/// function, so a name and a query typed the same way (up to case, accents and punctuation) meet.
///
/// Rules, in order:
/// - case, diacritics and width are folded ("São Paulo" -> "sao paulo"), and a few letters that have no
///   decomposition are spelled out: ß -> ss, æ -> ae, œ -> oe, ø -> o, ł -> l, đ/ð -> d, þ -> th, ı -> i; Arabic
///   letters that people type either way become one: أ إ آ ٱ -> ا, ة -> ه, ى ی -> ي, ک -> ك;
/// - apostrophes vanish ("O'Fallon" -> "ofallon"), and so do the vowel points and tone marks people type
///   without (`isPointOrJoiner`: "יְרוּשָׁלַיִם" -> "ירושלים"); a combining mark inside a word stays in it
///   ("दिल्ली" is one word); every other non-letter, non-digit separates words. Every script is read: letters
///   of caseless scripts (Arabic, Hebrew, Devanagari, Thai, Georgian, CJK, Hangul) are kept as they are;
/// - commas and semicolons also end a component ("Paris, TX" has two components), in the forms other scripts
///   write them: the Arabic comma and semicolon ("القاهرة، مصر"), the ideographic comma ("東京、日本") and
///   the full-width forms, which folding makes ASCII;
/// - a run of two or more one-letter words joins into one ("U.S.A." -> "usa", "D.C." -> "dc").
public enum NameKey {
    /// One word of a folded text and the comma-separated component it came from (0 = leftmost).
    public struct Word: Equatable, Sendable {
        public var text: String
        public var component: Int
    }

    /// The folded words of `text`.
    public static func words(_ text: String) -> [Word] {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        var scanner = Scanner()
        for u in (isASCII ? text : fold(text)).unicodeScalars { scanner.feed(u, at: 0) }
        return scanner.finish().map { Word(text: $0.text, component: $0.component) }
    }

    /// Where each word of `words(text)` lies in `text`: one range per word, same order, from the word's first
    /// character to its last (a joined run of initials spans "U.S.A"). Slower than `words` (folds character by
    /// character); the search uses it only to quote the part of a query it did not match.
    public static func ranges(_ text: String) -> [Range<String.Index>] {
        var scanner = Scanner()
        var starts: [String.Index] = []
        for i in text.indices {
            let c = text[i]
            let ordinal = starts.count
            starts.append(i)
            if c.isASCII {
                for u in c.unicodeScalars { scanner.feed(u, at: ordinal) }
            } else {
                for u in foldedInPlace(text, at: i).unicodeScalars { scanner.feed(u, at: ordinal) }
            }
        }
        return scanner.finish().map { t in starts[t.first]..<text.index(after: starts[t.last]) }
    }

    /// The character of `text` at `i` folded as `words` folds it within the whole text. Folding drops a
    /// diacritic after any character but keeps one at the start of what it folds, and a character can begin
    /// with a combining mark (after a control character or a line break, where characters always end): such a
    /// character is folded together with the one before it, which is then taken off again.
    static func foldedInPlace(_ text: String, at i: String.Index) -> String {
        let c = text[i]
        guard i != text.startIndex, let first = c.unicodeScalars.first, isMark(first.properties.generalCategory)
        else { return fold(String(c)) }
        let before = text[text.index(before: i)]
        let alone = fold(String(before)).unicodeScalars
        let pair = fold(String(before) + String(c)).unicodeScalars
        guard pair.starts(with: alone) else { return fold(String(c)) }
        return String(String.UnicodeScalarView(pair.dropFirst(alone.count)))
    }

    /// A word being read: its folded text, component and the ordinals of its first and last source character.
    struct Token {
        var text: String
        var component: Int
        var first: Int
        var last: Int
    }

    /// The word-splitting state machine shared by `words` and `ranges`: fed folded scalars, each with the
    /// ordinal of the source character it came from.
    struct Scanner {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var component = 0
        var first = 0, last = 0

        mutating func flush() {
            if !current.isEmpty {
                tokens.append(Token(text: String(current), component: component, first: first, last: last))
                current = .init()
            }
        }

        mutating func append(_ u: Unicode.Scalar, at ordinal: Int) {
            if current.isEmpty { first = ordinal }
            last = ordinal
            current.append(u)
        }

        mutating func feed(_ u: Unicode.Scalar, at ordinal: Int) {
            switch u {
            case "a"..."z", "0"..."9":
                append(u, at: ordinal)
            case "A"..."Z":
                append(Unicode.Scalar(u.value + 32)!, at: ordinal)
            case _ where NameKey.isApostrophe(u):
                return
            case ",", ";", "\u{060C}", "\u{061B}", "\u{3001}":
                flush()
                component += 1
            default:
                guard u.value >= 0x80 else {
                    flush()
                    return
                }
                if NameKey.isPointOrJoiner(u) { return }
                let p = u.properties
                if p.isAlphabetic || p.numericType != nil || (!current.isEmpty && NameKey.isMark(p.generalCategory)) {
                    for l in p.lowercaseMapping.unicodeScalars { append(l, at: ordinal) }
                } else {
                    flush()
                }
            }
        }

        mutating func finish() -> [Token] {
            flush()
            return NameKey.joinInitials(tokens)
        }
    }

    /// Vowel points, cantillation and tone marks that people leave out when they type (Hebrew niqqud, Arabic
    /// harakat and the tatweel, Thai and Lao tone marks, the Devanagari nukta), and the zero-width joiners
    /// (Persian writes "گوانگ‌ژو" with one, and types it without): dropped, so that a word reads the same with
    /// or without them. Other combining marks (a Devanagari virama, a vowel sign) stay in their word.
    @inline(__always) static func isPointOrJoiner(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7: return true
        case 0x0610...0x061A, 0x0640, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8,
            0x06EA...0x06ED:
            return true
        case 0x0E47...0x0E4E, 0x0EC8...0x0ECD: return true
        case 0x093C: return true
        case 0x200C, 0x200D: return true
        default: return false
        }
    }

    /// True for the apostrophes that vanish from a word ("O'Fallon" -> "ofallon"): ' ’ ‘ ʻ ʼ ` ´.
    @inline(__always) static func isApostrophe(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "'", "\u{2019}", "\u{2018}", "\u{02BB}", "\u{02BC}", "`", "\u{00B4}": return true
        default: return false
        }
    }

    /// True for combining marks (a Devanagari virama, an Indic vowel sign): inside a word they continue it.
    @inline(__always) static func isMark(_ c: Unicode.GeneralCategory) -> Bool {
        c == .nonspacingMark || c == .spacingMark || c == .enclosingMark
    }

    /// The key of a whole name: its words joined by one space, ignoring components.
    public static func key(_ name: String) -> String {
        words(name).map(\.text).joined(separator: " ")
    }

    /// Folds case, diacritics and width, and spells out letters without a decomposition. The text is composed
    /// first (NFC), so that a decomposed one (Hangul as jamo, kana with a separate voicing mark, as some
    /// keyboards and file systems give them) folds as its composed form does.
    static func fold(_ text: String) -> String {
        let folded = text.precomposedStringWithCanonicalMapping.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = String.UnicodeScalarView()
        for u in folded.unicodeScalars {
            switch u {
            case "ß", "ẞ": out.append(contentsOf: "ss".unicodeScalars)
            case "æ", "Æ": out.append(contentsOf: "ae".unicodeScalars)
            case "œ", "Œ": out.append(contentsOf: "oe".unicodeScalars)
            case "ø", "Ø": out.append("o")
            case "ł", "Ł": out.append("l")
            case "đ", "Đ", "ð", "Ð": out.append("d")
            case "þ", "Þ": out.append(contentsOf: "th".unicodeScalars)
            case "ı": out.append("i")
            case "ħ", "Ħ": out.append("h")
            case "ŀ": out.append("l")
            // Arabic letters that people type either way: alef with a hamza or madda, or the wasla form, as a bare
            // alef ("الإسكندرية", "الاسكندرية"); teh marbuta as heh ("القاهرة", "القاهره"); alef maqsura and the
            // Persian yeh as the Arabic yeh, and the Persian keheh as kaf, which Arabic and Persian keyboards give
            // for one another.
            case "\u{0622}", "\u{0623}", "\u{0625}", "\u{0671}": out.append("\u{0627}")
            case "\u{0629}": out.append("\u{0647}")
            case "\u{0649}", "\u{06CC}": out.append("\u{064A}")
            case "\u{06A9}": out.append("\u{0643}")
            default: out.append(u)
            }
        }
        return String(out)
    }

    /// Joins runs of two or more one-letter words of the same component: "u s a" -> "usa".
    static func joinInitials(_ words: [Token]) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < words.count {
            var j = i
            while j < words.count, words[j].text.unicodeScalars.count == 1, words[j].component == words[i].component,
                words[j].text.unicodeScalars.first!.properties.isAlphabetic
            {
                j += 1
            }
            if j - i >= 2 {
                out.append(
                    Token(
                        text: words[i..<j].map(\.text).joined(), component: words[i].component,
                        first: words[i].first, last: words[j - 1].last))
                i = j
            } else {
                out.append(words[i])
                i += 1
            }
        }
        return out
    }
}
