/// An estimate of how wide a name is drawn, without a font file: each character counts a share of the font
/// size by its shape class (narrow as `i`, `l`, `.`; round as most small letters; wide as `m`, `W`; capitals;
/// digits; ideographs a full em), times a factor for bold. The shares were measured by us on DejaVu Sans (the
/// font the web app and the SVG ask for first) in Chromium and rounded up, so that the estimate errs on the wide
/// side for that font and for Verdana; the web app still measures the drawn names before it shows them.
public enum TextWidth {
    /// Widths in ems of each shape class.
    static let space = 0.32, narrow = 0.30, slim = 0.42, round = 0.63, wide = 0.98, capital = 0.76,
        wideCapital = 1.0, digit = 0.64, ideograph = 1.0, other = 0.7
    /// Bold text is this much wider.
    public static let boldFactor = 1.12

    /// The estimated width in pixels of `text` at `fontSize` pixels.
    public static func estimate(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for c in text { ems += share(c) }
        return ems * fontSize * (bold ? boldFactor : 1)
    }

    /// The width in ems of one character.
    static func share(_ c: Character) -> Double {
        guard let s = c.unicodeScalars.first else { return 0 }
        switch s.value {
        case 0x20: return space
        case 0x30...0x39: return digit
        // i j l I . , : ; ' ! | `
        case 0x69, 0x6A, 0x6C, 0x49, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C, 0x60: return narrow
        case 0x66, 0x72, 0x74, 0x28, 0x29, 0x2D, 0x2F, 0x4A: return slim  // f r t ( ) - / J
        case 0x6D, 0x77: return wide  // m w
        case 0x4D, 0x57: return wideCapital  // M W
        case 0x41...0x5A: return capital
        case 0x61...0x7A: return round
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: return ideograph
        default:
            // Accented Latin and other alphabets: as the letters they resemble.
            if c.isUppercase { return capital }
            if c.isLowercase { return round }
            return other
        }
    }
}
