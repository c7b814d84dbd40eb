import ArgumentParser
import HometownGazetteer

/// A `--language` value: a BCP 47 language tag (`ru`, `ja`, `pt-BR`, `zh-Hant`; a locale name such as `pt_BR`
/// reads too), kept in `LanguageTag`'s canonical form.
struct LanguageArgument: ExpressibleByArgument {
    let tag: String

    init?(argument: String) {
        guard let t = LanguageTag.canonical(argument) else { return nil }
        tag = t
    }

    static var defaultValueDescription: String { "LANG" }

    /// The help of every `--language` option.
    static let help = ArgumentHelp(
        "Name places in this language (ru, ja, ar, pt-BR, zh-Hant) where the data has names in it; English otherwise.",
        valueName: "LANG")

    /// The language resolved against `gazetteer`; says on standard error when the data has no names in it.
    func resolve(in gazetteer: Gazetteer) -> PlaceLanguage? {
        guard let l = gazetteer.language(tag) else { return nil }
        if !l.hasNames && LanguageTag.language(of: tag) != "en" {
            CLIOutput.note("the data has no names in '\(tag)'; places keep their English names")
        }
        return l
    }
}
