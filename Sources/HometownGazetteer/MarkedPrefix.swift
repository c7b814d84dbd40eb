/// The beginning of a name as it was typed, accents and all ("Mün", "Łó", "Düs"): its letters with case folded and
/// their accents, marks and special letters kept (ü stays ü, ł stays ł, ß stays ß), apostrophes dropped as
/// `NameKey` drops them, and every other run of non-letters one space. Suggestions read a text through `NameKey`,
/// where "Mün" is "mun" and begins Mumbai as well as Munich; with this form they can tell the names written as
/// typed (München, Münster) from the rest and put them first.
///
/// Comparing reads only as many characters of a name as the prefix has (and one more for a whole word), so a
/// name that differs early costs a character or two.
struct MarkedPrefix: Sendable {
    /// The typed text's characters in this form.
    let characters: [Character]
    /// Whether the last word is whole (the text ended in white space): a name then has to end there or go on
    /// after a space.
    let wholeWord: Bool
    /// The first UTF-8 byte of the first character in lower and upper case: a name that begins with neither
    /// cannot begin as typed (a check made on the stored bytes, before any string is made).
    let leadBytes: (lower: UInt8, upper: UInt8)

    /// The form of `text`, or nil when folding takes nothing from its letters but their case (plain ASCII,
    /// "Моск"): there is then nothing to tell names apart by.
    init?(_ text: String, wholeWord: Bool) {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }),
            text.contains(where: { $0.isLetter && !$0.isASCII && NameKey.fold(String($0)) != $0.lowercased() })
        else { return nil }
        var out: [Character] = []
        Self.forEachCharacter(of: text) { c in
            out.append(c)
            return true
        }
        guard let first = out.first, let lower = String(first).utf8.first,
            let upper = String(first).uppercased().utf8.first
        else { return nil }
        characters = out
        self.wholeWord = wholeWord
        leadBytes = (lower, upper)
    }

    /// Whether a name whose stored UTF-8 begins with `byte` may begin as typed.
    @inline(__always) func mayBegin(with byte: UInt8) -> Bool { byte == leadBytes.lower || byte == leadBytes.upper }

    /// Whether `name` in this form begins with the typed characters (with `wholeWord`: and ends there or goes on
    /// after a space).
    func begins(_ name: String) -> Bool {
        var matched = 0
        var differs = false
        var next: Character?
        Self.forEachCharacter(of: name) { c in
            guard matched < characters.count else {
                next = c
                return false
            }
            guard c == characters[matched] else {
                differs = true
                return false
            }
            matched += 1
            return true
        }
        guard !differs, matched == characters.count else { return false }
        return !wholeWord || next == nil || next == " "
    }

    /// Calls `body` with each character of `text` in this form, until it returns false.
    static func forEachCharacter(of text: String, _ body: (Character) -> Bool) {
        var gap = false
        var started = false
        for c in text {
            let first = c.unicodeScalars.first!
            if NameKey.isApostrophe(first), c.unicodeScalars.count == 1 { continue }
            let isMark = NameKey.isMark(first.properties.generalCategory)
            guard c.isLetter || c.isNumber || isMark else {
                gap = true
                continue
            }
            if gap, started, !body(" ") { return }
            gap = false
            started = true
            for l in c.lowercased() where !body(l) { return }
        }
    }
}
