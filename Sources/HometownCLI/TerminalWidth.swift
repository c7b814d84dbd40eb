/// How many columns of a terminal a text takes: 2 for a wide character (East Asian wide and full-width forms,
/// emoji shown as pictures), 0 for marks and joiners that combine with the character before, 1 for the rest. An
/// approximation of Unicode's East Asian Width (UAX #11) by its main ranges, as terminals' `wcwidth` tables are.
enum TerminalWidth {
    /// The columns `text` takes.
    static func columns(of text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns one character (a grapheme cluster) takes: its first scalar's, as terminals draw it.
    static func columns(of c: Character) -> Int {
        guard let first = c.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || v == 0x200D
        {
            return 0
        }
        if first.properties.isEmojiPresentation || c.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    /// The main ranges of East Asian wide (W) and full-width (F) characters.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul initial jamo
        0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE30...0xFE4F,  // CJK compatibility forms
        0xFF00...0xFF60,  // full-width forms
        0xFFE0...0xFFE6,  // full-width signs
        0x20000...0x3FFFD,  // CJK extensions B and beyond
    ]
}
