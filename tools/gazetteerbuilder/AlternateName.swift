/// Which of GeoNames' alternate names of a place the gazetteer keeps, by the letters they are written in.
///
/// GeoNames lists, beside real names, lower-case romanisations made by machine from other scripts ("mx s ko",
/// "gwang jw"), and a few names that mix scripts ("Guaңҗu"). A name is:
/// - `latin` when it has a capital letter and every letter is Latin (Latin-1, Latin Extended-A/B, Latin
///   Extended Additional): kept; one of up to four capital ASCII letters (often an airport code) matches weakly;
/// - `otherScript` when it has letters and none of them is Latin (Москва, 서울, मुंबई, 東京): kept, whatever
///   its case, as caseless scripts have none;
/// - `lowerLatin` when it has Latin letters only, none a capital: kept only where it is safe (see the builder:
///   long enough and no other place's name);
/// - `skipped` otherwise (no letter, or Latin and other letters mixed).
enum AlternateName {
    case latin
    case otherScript
    case lowerLatin
    case skipped

    init(_ name: String) {
        var latin = 0
        var other = 0
        var upper = false
        for u in name.unicodeScalars where u.properties.isAlphabetic {
            let c = u.properties.generalCategory
            if c == .nonspacingMark || c == .spacingMark || c == .enclosingMark { continue }
            if AlternateName.isLatin(u) {
                latin += 1
                if u.properties.isUppercase { upper = true }
            } else {
                other += 1
            }
        }
        switch (latin, other) {
        case (0, 0): self = .skipped
        case (0, _): self = .otherScript
        case (_, 0): self = upper ? .latin : .lowerLatin
        default: self = .skipped
        }
    }

    /// True for a letter of the Latin blocks the gazetteer reads (below U+0250, and Latin Extended Additional).
    static func isLatin(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x250 || (0x1E00...0x1EFF).contains(u.value)
    }

    /// True for up to four capital ASCII letters ("CUN", "NYC"): often an airport code, shared by many places.
    static func isShortCode(_ name: String) -> Bool {
        name.count <= 4 && name.allSatisfy { $0.isUppercase && $0.isASCII }
    }
}
