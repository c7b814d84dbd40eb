import HometownBoundaries

/// A language to name places in, as the gazetteer resolved it: the tag asked for and the data's languages to try
/// for each name, best first. With none (English, or a language the data has no names in) places keep the
/// data's own names.
public struct PlaceLanguage: Hashable, Sendable {
    /// The canonical tag of the language asked for (`LanguageTag`): `ru`, `pt-BR`, `zh-Hant`.
    public let tag: String
    /// Numbers of the data's languages (lines of LANGS), best first.
    let order: [UInt32]

    /// Whether the data has names in this language (false for English: the data's own names are English).
    public var hasNames: Bool { !order.isEmpty }
}

/// A place's names in one language: each nil where the data has no name in it (the data's own name stands).
public struct LocalNames: Hashable, Sendable {
    public var country: String?
    public var state: String?
    public var city: String?

    /// Names as given; none: the data's own names stand.
    public init(country: String? = nil, state: String? = nil, city: String? = nil) {
        (self.country, self.state, self.city) = (country, state, city)
    }
}

/// Names in people's languages: the city names of GeoNames (through Debian's libgeonames-common), the country names
/// of Natural Earth and iso-codes, the state names of iso-codes, by canonical language tag. Lookups touch only
/// the mapped file (binary searches, no allocation but the names returned).
extension Gazetteer {
    /// The language `tag` stands for (a BCP 47 tag, or a locale name such as `pt_BR`), or nil when `tag` is not
    /// a language tag. English, and languages the data has no names in, resolve with `hasNames` false.
    ///
    /// The data's languages tried, best first: the tag itself; its language and script; its language alone; for
    /// Chinese the other script; then any other region of the same language (`pt-BR` for `pt`).
    public func language(_ tag: String) -> PlaceLanguage? {
        guard let c = LanguageTag.canonical(tag) else { return nil }
        return PlaceLanguage(tag: c, order: order(for: c))
    }

    /// The language of an `Accept-Language` header: its preferences, best first, each contributing its own
    /// languages (`language(_:)`) until English, which the data's own names are; nil when no preference is a
    /// language the data has names in or English. The tag is the first preference that contributed.
    public func language(acceptLanguage header: String) -> PlaceLanguage? {
        var order: [UInt32] = []
        var tag: String?
        for p in LanguageTag.preferences(acceptLanguage: header) {
            if LanguageTag.language(of: p) == "en" {
                return PlaceLanguage(tag: tag ?? p, order: order)
            }
            let more = self.order(for: p).filter { !order.contains($0) }
            if !more.isEmpty {
                tag = tag ?? p
                order += more
            }
        }
        return tag.map { PlaceLanguage(tag: $0, order: order) }
    }

    private func order(for canonical: String) -> [UInt32] {
        let lang = LanguageTag.language(of: canonical)
        guard lang != "en", !languageTags.isEmpty else { return [] }
        let parts = canonical.split(separator: "-")
        var wanted = [canonical]
        if parts.count == 3 { wanted.append(parts[0] + "-" + parts[1]) }
        wanted.append(String(lang))
        if lang == "zh" { wanted += ["zh-Hans", "zh-Hant"] }
        var out: [UInt32] = []
        for w in wanted {
            if let i = languageTags.firstIndex(of: w), !out.contains(UInt32(i)) { out.append(UInt32(i)) }
        }
        for (i, t) in languageTags.enumerated() where LanguageTag.language(of: t) == lang && !out.contains(UInt32(i)) {
            out.append(UInt32(i))
        }
        return out
    }

    /// Entry `e`'s name in `language`, or nil where the data has none.
    public func localName(ofEntry e: Int, in language: PlaceLanguage) -> String? {
        guard language.hasNames else { return nil }
        let rows = localNameRows(ofEntry: e)
        guard !rows.isEmpty else { return nil }
        for l in language.order {
            for r in rows where localNames[r * GazetteerLayout.u32PerLocalName] == l {
                let b = r * GazetteerLayout.u32PerLocalName
                return string(localNames[b + 1], localNames[b + 2])
            }
        }
        return nil
    }

    /// The rows of LOCNAMES that hold entry `e`'s names in people's languages (empty where it has none, or where
    /// the index points outside the section).
    func localNameRows(ofEntry e: Int) -> Range<Int> {
        guard e >= 0, e + 1 < localIndex.count else { return 0..<0 }
        let rows = localNames.count / GazetteerLayout.u32PerLocalName
        let first = min(Int(localIndex[e]), rows)
        return first..<min(max(Int(localIndex[e + 1]), first), rows)
    }

    /// `result` with its names in `language` where the data has them: the place's own (not a postal code's
    /// digits), its country's, state's and region's. Codes, points and scores do not change.
    public func localized(_ result: ForwardResult, in language: PlaceLanguage) -> ForwardResult {
        guard language.hasNames else { return result }
        func unit(_ u: ForwardResult.Unit?, _ e: Int?) -> ForwardResult.Unit? {
            guard let u, let e, let n = localName(ofEntry: e, in: language) else { return u }
            return ForwardResult.Unit(name: n, iso: u.iso)
        }
        let e = result.entry
        let own = result.kind == .postalCode ? nil : localName(ofEntry: e, in: language)
        let (c, s) = result.kind == .postalCode ? postalContainers(e) : (link(e, .country), link(e, .state))
        let r = link(e, .region) ?? (kind(e) == .region ? e : nil)
        return ForwardResult(
            kind: result.kind, name: own ?? result.name, point: result.point, bbox: result.bbox,
            population: result.population, country: unit(result.country, c), state: unit(result.state, s),
            region: unit(result.region, r), geonameID: result.geonameID, score: result.score,
            unmatched: result.unmatched, entry: result.entry)
    }

    /// The names in `language` of a reverse-geocoded place: its country (by ISO alpha-2), state (by ISO 3166-2)
    /// and nearest city (by GeoNames id), each nil where the data has none.
    public func localNames(of place: Place, in language: PlaceLanguage) -> LocalNames {
        guard language.hasNames else { return LocalNames() }
        return LocalNames(
            country: place.country?.iso2.flatMap { entry(code: $0) }.flatMap { localName(ofEntry: $0, in: language) },
            state: place.state?.iso.flatMap { entry(code: $0) }.flatMap { localName(ofEntry: $0, in: language) },
            city: place.city.flatMap { entry(geonameID: $0.geonameID) }.flatMap { localName(ofEntry: $0, in: language) }
        )
    }

    /// The most important entry with ISO code `code` (a country's alpha-2, a state's or region's ISO 3166-2), or
    /// nil.
    public func entry(code wanted: String) -> Int? {
        let key = Array(wanted.utf8)
        var lo = 0
        var hi = codeIndex.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let e = Int(codeIndex[mid])
            let b = e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.code
            let o = Int(u32[b])
            let n = Int(u32[b + 1])
            let c =
                o + n <= strings.count
                ? UnsafeRawBufferPointer(rebasing: strings[o..<(o + n)]) : .init(start: nil, count: 0)
            if c.lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        guard lo < codeIndex.count, code(Int(codeIndex[lo])) == wanted else { return nil }
        return Int(codeIndex[lo])
    }

    /// The city entry with GeoNames id `id`, or nil.
    public func entry(geonameID id: Int) -> Int? {
        guard id > 0, id <= Int(UInt32.max) else { return nil }
        let v = UInt32(id)
        var lo = 0
        var hi = geonameIndex.count / 2
        while lo < hi {
            let mid = (lo + hi) / 2
            if geonameIndex[2 * mid] < v { lo = mid + 1 } else { hi = mid }
        }
        guard lo < geonameIndex.count / 2, geonameIndex[2 * lo] == v else { return nil }
        return Int(geonameIndex[2 * lo + 1])
    }
}
