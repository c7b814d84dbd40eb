import Foundation
import HometownCore
import HometownProtocol
import Testing

/// `NicknameKey`: NFKC + case folding + UTS #39 skeleton, case by case and as properties.
@Suite struct NicknameKeyTests {
    static func same(_ a: String, _ b: String) -> Bool { NicknameKey.key(a) == NicknameKey.key(b) }
    static func hex(_ s: String) -> String {
        s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    @Test(arguments: [
        ("dave", "d\u{0430}ve"),  // Cyrillic а
        ("eve", "ｅｖｅ"),  // full width
        ("EVE", "ｅｖｅ"),
        ("Straße", "STRASSE"), ("FooBar", "foobar"), ("ﬁsh", "FISH"), ("ΣΑΣ", "σας"), ("ς", "Σ"),
        ("bob", "b\u{200D}ob"), ("alice", "alice\u{200B}"), ("carol", "\u{202E}carol"), ("jay", "ja\u{00AD}y"),
        ("paypal", "\u{0440}\u{0430}ypal"),  // Cyrillic р, а
        ("b0b", "bob"), ("B0B", "bob"),  // 0's prototype is O, which folds to o
        ("bill", "bi11"), ("arnie", "amie"),  // UTS #39: 1 looks like l, m like rn
        ("Café", "Cafe\u{0301}"), ("x²", "x2"), ("ᾼ", "αι"), ("İ", "i\u{0307}"),
        ("  dup ", "DUP"), ("Ǆemal", "ǆEMAL"),
        ("\u{0391}lice", "alice"),  // Greek capital alpha
        ("\u{13AA}", "\u{13AA}".lowercased()),
        // A run of white space inside is one space, as a web page shows it.
        ("ann lee", "ann  lee"), ("ann lee", "Ann \u{00A0} \u{3000}Lee"), ("ann lee", "ann\u{2003}lee"),
        ("a b c", " a   b\u{00A0}\u{00A0}c  "),
    ])
    func sameNickname(a: String, b: String) {
        #expect(Self.same(a, b), "\(Self.hex(NicknameKey.key(a))) vs \(Self.hex(NicknameKey.key(b)))")
        // The database's unique index compares bytes, not Swift's canonical equivalence.
        #expect(Array(NicknameKey.key(a).utf8) == Array(NicknameKey.key(b).utf8), "\(a) vs \(b): bytes")
    }

    /// Keys of canonically equivalent spellings are the same bytes, whichever form came in (a key compared with
    /// == alone once returned the NFC input for "josé" and NFD for "José", two keys to the unique index).
    @Test(arguments: [
        ("jos\u{E9}", "Jos\u{E9}"), ("jos\u{E9}", "jose\u{301}"), ("caf\u{E9}", "CAFE\u{301}"),
        ("\u{C5}re", "a\u{30A}re"),
    ])
    func equivalentSpellingsGiveTheSameBytes(a: String, b: String) {
        #expect(
            Array(NicknameKey.key(a).utf8) == Array(NicknameKey.key(b).utf8),
            "\(Self.hex(NicknameKey.key(a))) vs \(Self.hex(NicknameKey.key(b)))")
        #expect(Array(NicknameKey.key(a).utf8) == Array(NicknameKey.key(NicknameKey.key(a)).utf8))
    }

    @Test(arguments: [
        ("bob", "bib"), ("ana", "anna"), ("a b", "ab"), ("José", "Jose"), ("dave", "dove"), ("eve", "eva"),
        ("Müller", "Muller"), ("rew", "rew2"), ("li", "lu"), ("AI", "Al"), ("rn", "r"), ("zoe", "zoë"),
        ("ann lee", "annlee"), ("a b c", "ab c"),
    ])
    func differentNicknames(a: String, b: String) {
        #expect(!Self.same(a, b), "\(a) / \(b): \(NicknameKey.key(a))")
    }

    /// The keys tools/bench/server/seed.py writes straight into the database (its `nickname_key` mirrors this key
    /// for ASCII letters, digits and '_').
    @Test func benchmarkSeedKeys() {
        #expect(NicknameKey.key("Emma_Comet1024") == "ernrna_cornetlo24")
        #expect(NicknameKey.key("sam_loon9") == "sarn_loon9")
    }

    /// The folding step alone is full case folding, independent of locale.
    @Test func foldingIsFullCaseFolding() {
        #expect(NicknameKey.folded("Straße") == "strasse")
        #expect(NicknameKey.folded("ﬁ") == "fi")
        #expect(NicknameKey.folded("Σ") == "σ" && NicknameKey.folded("ς") == "σ")
        #expect(NicknameKey.folded("ＥＶＥ") == "eve")
        #expect(NicknameKey.folded("İ") == "i\u{0307}")
        #expect(NicknameKey.folded("b\u{200D}o\u{00AD}b\u{FE0F}") == "bob")
    }

    /// A sample of distinct everyday nicknames stays distinct, except where UTS #39 says they look alike.
    @Test func everydayNamesStayDistinct() {
        let names = [
            "alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi", "ivan", "judy", "mallory",
            "oscar", "peggy", "trent", "victor", "walter", "rew", "rew2", "ana", "anna", "ann", "jose", "josé",
            "li", "lu", "lin", "ming", "maria", "mario", "marie", "sam", "tom", "tim", "jim", "kim", "mike",
            "nick", "rick", "erik", "eric", "sven", "lars", "ola", "ole", "müller", "muller", "zhang", "wang",
            "amy", "arny", "cora", "clara", "ida", "ada", "otto", "anton", "moritz", "max",
        ]
        let keys = Dictionary(grouping: names, by: NicknameKey.key)
        // The one pair the sample holds that UTS #39 calls confusable: m looks like rn.
        #expect(keys.values.filter { $0.count > 1 }.map { $0.sorted() } == [["amy", "arny"]])
    }

    /// Properties over random strings from a mix of scripts: the key of a key is itself; for ASCII, case does
    /// not matter; width does not matter.
    @Test func keyIsIdempotentAndCaseBlind() {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x590...0x5FF, 0x600...0x6FF,
            0x900...0x97F, 0xE00...0xE7F, 0x1100...0x11FF, 0x1E00...0x1FFF, 0x2000...0x206F, 0x2100...0x24FF,
            0x3000...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80, 0xFB00...0xFB4F, 0xFF00...0xFFEF,
            0x1D400...0x1D7FF, 0x1F300...0x1F6FF,
        ]
        var rng = SeededRandom(seed: 20)
        var checked = 0
        for _ in 0..<4_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let pool = pools[Int.random(in: 0..<pools.count, using: &rng)]
                if let u = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { s.append(u) }
            }
            let x = String(s)
            let k = NicknameKey.key(x)
            #expect(NicknameKey.key(k) == k, "\(Self.hex(x))")
            checked += 1
        }
        #expect(checked == 4_000)
        for _ in 0..<2_000 {
            let ascii = String(
                (0..<Int.random(in: 1...16, using: &rng)).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &rng)))
                })
            #expect(NicknameKey.key(ascii) == NicknameKey.key(ascii.uppercased()), "\(ascii)")
            #expect(NicknameKey.key(ascii) == NicknameKey.key(ascii.lowercased()), "\(ascii)")
            // Full width forms (U+FF01-U+FF5E) of ASCII are the same nickname.
            let wide = String(String.UnicodeScalarView(ascii.unicodeScalars.map { Unicode.Scalar($0.value + 0xFEE0)! }))
            #expect(NicknameKey.key(ascii) == NicknameKey.key(wide), "\(ascii)")
        }
    }
}

/// How long a key takes (printed; the migration recomputes one per user at start).
@Suite struct NicknameKeySpeed {
    @Test func keysPerSecond() {
        let names = (0..<20_000).map { i in i % 4 == 0 ? "Ünïcödé \(i)" : "user\(i)" }
        _ = NicknameKey.key("warm up")
        let start = ContinuousClock.now
        var total = 0
        for n in names { total &+= NicknameKey.key(n).utf8.count }
        let elapsed = ContinuousClock.now - start
        print("NicknameKey: \(names.count) keys in \(elapsed) (\(total) bytes)")
        #expect(total > 0)
        // About 20 µs a key in a debug build here; a bound 25 times that catches a pathological change only.
        #expect(elapsed < .seconds(10))
    }
}
