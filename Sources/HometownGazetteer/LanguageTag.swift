/// Language tags as the gazetteer stores and matches them: BCP 47 tags (RFC 5646) cut to language, script and
/// region, in one canonical spelling shared by the data builder (its sources' locale names: `pt_BR`, `sr@latin`,
/// `zh_TW`) and the readers (`--language`, `lang=`, `Accept-Language`).
///
/// Canonical form: the language in lower case (2-3 letters), then a script in title case (`Latn`), then a
/// region in upper case (`BR`, or three digits); other subtags (variants, and extensions and private use with all
/// the subtags after their singleton) are dropped. Chinese is
/// kept by script, as its names are written: `zh-Hans` (simplified: `zh`, `zh-CN`, `zh-SG`, `cmn`) and `zh-Hant`
/// (traditional: `zh-TW`, `zh-HK`, `zh-MO`).
public enum LanguageTag {
    /// The longest tag read (RFC 5646 asks for at least 35 characters).
    public static let maxLength = 35

    /// The canonical form of `text` (`-`, `_` and `@` separate subtags; `@latin` is the script `Latn`), or nil
    /// when it is not a language tag: empty, too long, a language that is not 2-3 ASCII letters, or a subtag that
    /// is not 1-8 ASCII letters and digits.
    public static func canonical(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= maxLength else { return nil }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" || $0 == "@" }
        guard let first = parts.first, (2...3).contains(first.utf8.count), first.utf8.allSatisfy(isLetter) else {
            return nil
        }
        var language = first.lowercased()
        var script: String?
        var region: String?
        // From a singleton subtag on (`-u-co-phonebk`, `-t-en-us`, `-x-...`) come extensions and private use,
        // whose subtags are not the language's script or region.
        var inExtension = false
        for p in parts.dropFirst() {
            guard (1...8).contains(p.utf8.count), p.utf8.allSatisfy({ isLetter($0) || isDigit($0) }) else {
                return nil
            }
            if p.utf8.count == 1 { inExtension = true }
            if inExtension { continue }
            let lower = p.lowercased()
            if lower == "latin" || lower == "iqtelif" {
                script = script ?? "Latn"
            } else if p.utf8.count == 4, p.utf8.allSatisfy(isLetter) {
                script = script ?? (lower.prefix(1).uppercased() + lower.dropFirst())
            } else if p.utf8.count == 2 && p.utf8.allSatisfy(isLetter)
                || p.utf8.count == 3 && p.utf8.allSatisfy(isDigit)
            {
                region = region ?? p.uppercased()
            }
        }
        if language == "cmn" { language = "zh" }
        if language == "zh" {
            let traditional = script == "Hant" || (script == nil && ["TW", "HK", "MO"].contains(region ?? ""))
            return traditional ? "zh-Hant" : "zh-Hans"
        }
        return [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// The language subtag of a canonical tag (`pt` of `pt-BR`).
    public static func language(of tag: String) -> Substring {
        tag.prefix { $0 != "-" }
    }

    /// The tags of an `Accept-Language` header (RFC 9110 12.5.4), best first: by falling `q` (default 1), in
    /// header order among equals; `q=0`, `*` and malformed entries left out; at most `limit` entries read.
    public static func preferences(acceptLanguage header: String, limit: Int = 16) -> [String] {
        var found: [(tag: String, q: Double, at: Int)] = []
        for (i, item) in header.split(separator: ",").prefix(limit).enumerated() {
            let fields = item.split(separator: ";")
            guard let head = fields.first else { continue }
            let tag = head.trimmingCharacters(inSet: " \t")
            var q = 1.0
            for f in fields.dropFirst() {
                let kv = f.trimmingCharacters(inSet: " \t")
                if kv.hasPrefix("q=") || kv.hasPrefix("Q=") { q = Double(kv.dropFirst(2)) ?? -1 }
            }
            guard q > 0, q <= 1, tag != "*", let c = canonical(tag) else { continue }
            found.append((c, q, i))
        }
        return found.sorted { ($0.q, -$0.at) > ($1.q, -$1.at) }.map(\.tag)
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}

extension Substring {
    /// The text without the given characters at either end.
    fileprivate func trimmingCharacters(inSet set: String) -> String {
        let s = self.drop { set.contains($0) }
        return String(s.reversed().drop { set.contains($0) }.reversed())
    }
}
