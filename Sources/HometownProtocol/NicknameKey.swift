import Foundation

/// The form under which nicknames are compared: "FooBar" == "foobar", "Straße" == "STRASSE".
///
/// Surrounding white space is trimmed, the text is put in Unicode canonical composition (NFC), then case is
/// folded by mapping to upper case and back to lower case (full mappings, so ß becomes "ss" and ﬁ becomes "fi"),
/// and composed again. That is Unicode full case folding for every letter in common use. The database holds
/// this key under a unique index, so two posts of one nickname in different casings cannot both succeed.
public enum NicknameKey {
    public static func key(_ nickname: String) -> String {
        nickname.trimmingWhiteSpace().precomposedStringWithCanonicalMapping.uppercased().lowercased()
            .precomposedStringWithCanonicalMapping
    }
}
