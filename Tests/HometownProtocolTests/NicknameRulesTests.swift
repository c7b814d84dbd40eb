import Foundation
import HometownCore
import HometownProtocol
import Testing

/// Each reported impersonation attempt, through POST adduser's validation: refused with the field and the code
/// point named, or accepted as posted.
@Suite struct NicknameRulesTests {
    static func post(nickname: String, city: String = "c") -> Result<NewUser, ProtocolError> {
        var body: [UInt8] = Array(#"{"nickname":"#.utf8)
        JSONWriter.appendString(nickname, to: &body)
        body += Array(#","password":"pwd","country":"USA","state":"MN","city":"#.utf8)
        JSONWriter.appendString(city, to: &body)
        body += Array(#","year":2000}"#.utf8)
        do {
            return .success(
                try NewUser.validate(body: body, vocabulary: Bundled.vocabulary, years: YearRange(1970, 2026)))
        } catch { return .failure(error) }
    }

    static func refusal(_ nickname: String) -> ProtocolError? {
        if case .failure(let e) = post(nickname: nickname) { return e }
        return nil
    }

    @Test(arguments: [
        ("b\u{200D}ob", "U+200D ZERO WIDTH JOINER"), ("alice\u{200B}", "U+200B ZERO WIDTH SPACE"),
        ("\u{202E}carol", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("ja\u{00AD}y", "U+00AD SOFT HYPHEN"),
        ("\u{200B}", "U+200B"), ("\u{200B}\u{200B}\u{200B}", "U+200B"), ("\u{202E}", "U+202E"),
        ("ab\u{061C}c", "U+061C ARABIC LETTER MARK"), ("a\u{2066}b", "U+2066"), ("a\u{2069}", "U+2069"),
        ("e\u{200E}ve", "U+200E LEFT-TO-RIGHT MARK"), ("\u{FEFF}bob", "U+FEFF"), ("bo\u{034F}b", "U+034F"),
        ("\u{3164}", "U+3164 HANGUL FILLER"), ("a\u{115F}", "U+115F"), ("a\u{180E}b", "U+180E"),
        ("x\u{FE00}", "U+FE00"), ("x\u{2060}y", "U+2060 WORD JOINER"), ("y\u{E0041}", "U+E0041"),
        ("bob\u{1D173}", "U+1D173"), ("a\u{FFA0}", "U+FFA0"), ("a\u{1BCA0}", "U+1BCA0"), ("a\u{17B4}", "U+17B4"),
        ("a\u{200D}b", "U+200D"), ("1\u{200D}2", "U+200D"), ("a\u{FE0F}", "U+FE0F"),
        ("x\u{0378}", "U+0378"), ("x\u{E000}", "U+E000"), ("a\u{FFF0}", "U+FFF0"),
    ])
    func invisibleAndDirectionCharactersAreRefused(nickname: String, named: String) {
        let e = Self.refusal(nickname)
        guard case .invalidCharacter(let field, let detail)? = e else {
            Issue.record("\(nickname.unicodeScalars.map { String($0.value, radix: 16) }): \(String(describing: e))")
            return
        }
        #expect(field == "nickname")
        #expect(detail.contains(named), "\(detail)")
        #expect(e?.description.contains(named) == true)
    }

    /// The code points NicknameRules documents are exactly Unicode's Default_Ignorable_Code_Point and Bidi_Control
    /// (DerivedCoreProperties.txt, PropList.txt) as Swift's Unicode data has them; every one is refused in a
    /// nickname except the emoji uses.
    @Test func documentedListsAreUnicodes() {
        var ignorable: [ClosedRange<UInt32>] = []
        var bidi: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(v) else { continue }
            if s.properties.isBidiControl { bidi.append(v) }
            guard s.properties.isDefaultIgnorableCodePoint else { continue }
            if let last = ignorable.last, last.upperBound + 1 == v {
                ignorable[ignorable.count - 1] = last.lowerBound...v
            } else {
                ignorable.append(v...v)
            }
        }
        #expect(
            ignorable == [
                0xAD...0xAD, 0x34F...0x34F, 0x61C...0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F,
                0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164...0x3164, 0xFE00...0xFE0F, 0xFEFF...0xFEFF,
                0xFFA0...0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF,
            ])
        #expect(
            bidi == [0x61C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069])
        for range in ignorable {
            for v in range where v % 7 == 0 || v == range.lowerBound || v == range.upperBound {
                let s = String(Unicode.Scalar(v)!)
                #expect(Self.refusal("ab" + s + "c")?.field == "nickname", "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test func c1ControlsAreRefusedInEveryStringField() {
        let e = Self.refusal("a\u{009B}b")
        #expect(e == .invalidCharacter(field: "nickname", detail: "must not hold control characters (found U+009B)"))
        for c in [0x80, 0x85, 0x9B, 0x9F, 0x7F, 0x00, 0x1F] as [UInt32] {
            let s = "a" + String(Unicode.Scalar(c)!) + "b"
            #expect(Self.refusal(s)?.field == "nickname", "U+\(String(c, radix: 16))")
            guard case .failure(let cityError) = Self.post(nickname: "n", city: s) else {
                Issue.record("city U+\(c)")
                continue
            }
            #expect(cityError.field == "city" && cityError.description.contains("U+00"), "\(cityError)")
        }
        // Just outside the C1 block.
        #expect(Self.refusal("a\u{00A0}b") == nil)
    }

    @Test func stackedMarksAreRefused() {
        // z + 5,000 combining acute accents is one character: refused by its bytes, with both numbers named.
        let zalgo = "z" + String(repeating: "\u{0301}", count: 5_000)
        #expect(zalgo.count == 1)
        let e = Self.refusal(zalgo)
        #expect(
            e
                == .length(
                    field: "nickname", rule: "at most \(ProtocolLimits.maxStringBytes) bytes of UTF-8 (it has 10001)"))
        // Within the byte limit, the marks limit speaks.
        let limit = ProtocolLimits.maxNicknameMarksPerCharacter
        let over = "bo" + "b" + String(repeating: "\u{0301}", count: limit + 1)
        guard case .invalidCharacter(let field, let detail)? = Self.refusal(over) else {
            Issue.record("accepted \(over)")
            return
        }
        #expect(field == "nickname")
        #expect(
            detail.contains("U+0062 LATIN SMALL LETTER B carries \(limit + 1)")
                && detail.contains("\(limit) combining marks"), "\(detail)")
        #expect(Self.refusal("bob" + String(repeating: "\u{0301}", count: limit)) == nil)
        // Precomposed letters count their decomposed marks: ệ is e + two marks.
        #expect(Self.refusal("Nguyễn Thị Ngọc Ánh") == nil)
        #expect(Self.refusal("ệ" + String(repeating: "\u{0300}", count: limit - 1))?.field == "nickname")
    }

    /// A mark first, alone or left by trimming the space it was typed on, would be drawn on whatever a page shows
    /// before the nickname.
    @Test func aLeadingCombiningMarkIsRefused() {
        for nickname in [
            "\u{0301}abc", " \u{0301}abc", "\u{0308}\u{0301}x", "\u{093F}ab", "\u{0301}\u{0302}", "\u{20DD}",
        ] {
            guard case .invalidCharacter(let field, let detail)? = Self.refusal(nickname) else {
                Issue.record("accepted \(nickname.unicodeScalars.map { String($0.value, radix: 16) })")
                continue
            }
            #expect(field == "nickname" && detail.contains("must not begin with a combining mark"), "\(detail)")
        }
        #expect(Self.refusal("a\u{0301}bc") == nil)
        #expect(Self.refusal("\u{0915}\u{093F}") == nil)  // Devanagari ki: a mark after its letter
    }

    @Test func bytesLimitCoversEveryStringField() {

        // 100 characters of 4 bytes is exactly the limit; one character more of 4 bytes is over both limits.
        let emoji = String(repeating: "😀", count: 100)
        #expect(emoji.utf8.count == ProtocolLimits.maxStringBytes)
        #expect(Self.refusal("a" + String(repeating: "😀", count: 99)) == nil)
        guard case .failure(let e) = Self.post(nickname: "n", city: "c" + emoji) else {
            Issue.record("accepted")
            return
        }
        #expect(e == .length(field: "city", rule: "at most 400 bytes of UTF-8 (it has 401)"))
        // Few characters, many bytes: 40 characters of a base and 4 marks each (10 bytes).
        let heavy = String(repeating: "a\u{0301}\u{0302}\u{0303}\u{0304}", count: 41)
        #expect(heavy.count == 41 && heavy.utf8.count == 369)
        guard case .failure(let e2) = Self.post(nickname: "n", city: heavy + heavy) else {
            Issue.record("accepted")
            return
        }
        #expect(e2.field == "city" && e2.description.contains("bytes of UTF-8"))
    }

    @Test func nicknameNeedsALetterOrDigit() {
        // Marks alone ("\u{0301}\u{0302}", "\u{20DD}") are refused sooner, for the mark they begin with.
        for n in ["...", "-_-", "😀", " - "] {
            #expect(
                Self.refusal(n)
                    == .invalidCharacter(field: "nickname", detail: "must hold at least one letter or digit"), "\(n)")
        }
        for n in ["7", "ä", "李", "ß", "Ⅻ", "😀 a", "a.b"] { #expect(Self.refusal(n) == nil, "\(n)") }
        #expect(Self.refusal("   ") == .length(field: "nickname", rule: "a non-empty string"))
    }

    @Test func everydayNamesAndEmojiSequencesAreAccepted() throws {
        let names = [
            "rew", "Zoë", "José", "Ærøskøbing", "Nguyễn", "Müller-Lüdenscheidt", "O'Brien", "李小龙", "Иван",
            "Ελένη", "محمد", "שָׁלוֹם", "क्षत्रिय", "สมชาย", "한국어", "ﬁsh", "Straße",
            "mom 👩‍👩‍👧", "love ❤️", "👍🏽 ok", "kiss 👩‍❤️‍💋‍👨", "text ☺︎",
        ]
        for n in names {
            switch Self.post(nickname: " " + n + " ") {
            case .success(let u): #expect(u.nickname == n, "stored as posted, trimmed")
            case .failure(let e): Issue.record("\(n): \(e)")
            }
        }
    }

    @Test func getNameAndPostNicknameFollowTheSameRules() {
        for n in ["b\u{200D}ob", "\u{202E}", "", "  ", "a\u{009B}", "ok", "dаve", "ｅｖｅ"] {
            let post: ProtocolError?
            if case .failure(let e) = Self.post(nickname: n) { post = e } else { post = nil }
            var get: ProtocolError?
            do {
                try NewUser.checkString(n, field: "name")
                _ = try NicknameRules.validated(n, field: "name")
            } catch { get = error }
            #expect((post == nil) == (get == nil), "\(n)")
            #expect(
                post?.description.replacingOccurrences(of: "'nickname'", with: "'name'") == get?.description, "\(n)")
        }
    }
}
