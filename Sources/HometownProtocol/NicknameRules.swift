import Foundation

/// What a nickname may hold, beyond the rules of every string field (`NewUser.checkString`): the one place these
/// rules live. POST adduser checks its `nickname` and GET nicknameexists its `name` with `validated(_:field:)`, so
/// the two always agree on what a nickname is; uniqueness is `NicknameKey`'s.
///
/// Refused, each with the code point as U+XXXX:
/// - bidirectional controls (Unicode's Bidi_Control: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which
///   reorder what is shown around them;
/// - default-ignorable code points (Unicode's Default_Ignorable_Code_Point: U+00AD soft hyphen, U+034F,
///   U+115F-U+1160, U+17B4-U+17B5, U+180B-U+180F, U+200B-U+200F zero widths, U+202A-U+202E, U+2060-U+206F,
///   U+3164, U+FE00-U+FE0F variation selectors, U+FEFF, U+FFA0, U+FFF0-U+FFF8, U+1BCA0-U+1BCA3,
///   U+1D173-U+1D17A, U+E0000-U+E0FFF tags), which are drawn as nothing. Two uses inside emoji are allowed,
///   because phones type them: U+200D ZERO WIDTH JOINER between two emoji (👩‍👩‍👧) and the variation selectors
///   U+FE0E/U+FE0F right after an emoji (❤️). Keys drop every default-ignorable anyway, so neither can make a
///   nickname differ from another;
/// - unassigned and private-use code points, whose look and future meaning are unknown;
/// - a combining mark at the beginning (after the white space is trimmed), which a page draws on the text before;
/// - more than `ProtocolLimits.maxNicknameMarksPerCharacter` combining marks on one character;
/// - a nickname without a letter or digit (general categories L and N), such as one of marks or spaces only.
public enum NicknameRules {
    /// `text` trimmed of surrounding white space, if it is an acceptable nickname. Call it after
    /// `NewUser.checkString` (control characters, length in characters and bytes).
    /// - Throws: `ProtocolError.length` when empty after trimming, `.invalidCharacter` for the rules above.
    public static func validated(_ text: String, field: String) throws(ProtocolError) -> String {
        let nickname = text.trimmingWhiteSpace()
        guard !nickname.isEmpty else { throw .length(field: field, rule: "a non-empty string") }
        let scalars = Array(nickname.unicodeScalars)
        // What white space it followed was trimmed away: on a page it would sit on the text before the nickname.
        if let first = scalars.first, first.isCombiningMark {
            throw .invalidCharacter(
                field: field,
                detail:
                    "must not begin with a combining mark, which is drawn on the text before it (found \(first.codePointName))"
            )
        }
        for (i, s) in scalars.enumerated() {
            let p = s.properties
            if p.isBidiControl {
                throw .invalidCharacter(
                    field: field,
                    detail:
                        "must not hold bidirectional controls, which reorder the text around them (found \(s.codePointName))"
                )
            }
            if p.isDefaultIgnorableCodePoint && !allowedInEmoji(at: i, in: scalars) {
                throw .invalidCharacter(
                    field: field, detail: "must not hold invisible characters (found \(s.codePointName))")
            }
            switch p.generalCategory {
            case .unassigned:
                throw .invalidCharacter(
                    field: field, detail: "must not hold unassigned code points (found \(s.codePointName))")
            case .privateUse:
                throw .invalidCharacter(
                    field: field, detail: "must not hold private-use characters (found \(s.codePointName))")
            default: break
            }
        }
        let limit = ProtocolLimits.maxNicknameMarksPerCharacter
        for character in nickname.decomposedStringWithCanonicalMapping {
            let marks = character.unicodeScalars.filter(\.isCombiningMark).count
            if marks > limit, let base = character.unicodeScalars.first {
                throw .invalidCharacter(
                    field: field,
                    detail:
                        "must not stack more than \(limit) combining marks on one character (\(base.codePointName) carries \(marks))"
                )
            }
        }
        guard scalars.contains(where: \.isLetterOrDigit) else {
            throw .invalidCharacter(field: field, detail: "must hold at least one letter or digit")
        }
        return nickname
    }

    /// Whether the default-ignorable at `i` is one of the two emoji uses: U+200D between two emoji (the one before
    /// may carry its own U+FE0F or skin tone), or U+FE0E/U+FE0F right after an emoji. ASCII digits, `#` and `*`
    /// (emoji only as keycaps) do not count as emoji here.
    static func allowedInEmoji(at i: Int, in scalars: [Unicode.Scalar]) -> Bool {
        func isEmoji(_ j: Int) -> Bool {
            j >= 0 && j < scalars.count && scalars[j].value > 0x7F && scalars[j].properties.isEmoji
        }
        switch scalars[i].value {
        case 0x200D:
            let before = i > 0 && scalars[i - 1].value == 0xFE0F ? i - 2 : i - 1
            return isEmoji(before) && isEmoji(i + 1)
        case 0xFE0E, 0xFE0F: return isEmoji(i - 1)
        default: return false
        }
    }
}

extension Unicode.Scalar {
    /// "U+200D ZERO WIDTH JOINER": the code point as in the Unicode charts, with its name when it has one.
    var codePointName: String {
        let hex = "U+" + String(value, radix: 16, uppercase: true).leftPadded(4)
        return properties.name.map { hex + " " + $0 } ?? hex
    }

    /// Combining marks: general categories Mn, Mc and Me.
    var isCombiningMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Letters and digits: general categories L (Lu, Ll, Lt, Lm, Lo) and N (Nd, Nl, No).
    var isLetterOrDigit: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }
}
