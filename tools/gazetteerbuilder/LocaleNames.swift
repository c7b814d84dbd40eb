import Foundation
import HometownGazetteer

/// Country and subdivision names in people's languages from iso-codes' translations as pycountry ships them
/// (PyPI `pycountry` 26.2.16, `pycountry/locales/LOCALE/LC_MESSAGES/iso3166-1.mo` and `iso3166-2.mo`; LGPL-2.1),
/// copied by `tools/fetch-sources.sh` to `DIR/LOCALE/iso3166-1.mo` and `DIR/LOCALE/iso3166-2.mo`.
/// Each catalog translates the English ISO 3166 names ("Bulgaria" -> "България" in `bg`).
struct LocaleNames {
    /// The locales found (folder names: `bg`, `pt_BR`, `zh_TW`, ...), sorted.
    let locales: [String]
    /// ISO 3166-1 catalogs by locale.
    let countries: [String: GettextCatalog]
    /// ISO 3166-2 catalogs by locale.
    let subdivisions: [String: GettextCatalog]

    /// Reads every locale folder of `folder`; a locale may lack one of the two catalogs.
    /// - Throws: `BuildError` when the folder cannot be listed, holds no catalog, or a catalog is malformed.
    init(folder: String) throws {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: folder) else {
            throw BuildError(
                "cannot list \(folder) (the translated ISO 3166 names; fetch them with tools/fetch-sources.sh --extra-only DIR)"
            )
        }
        var found: [String] = []
        var c: [String: GettextCatalog] = [:]
        var s: [String: GettextCatalog] = [:]
        for locale in entries.sorted() {
            let one = folder + "/" + locale + "/iso3166-1.mo"
            let two = folder + "/" + locale + "/iso3166-2.mo"
            var any = false
            if fm.fileExists(atPath: one) {
                c[locale] = try GettextCatalog(path: one)
                any = true
            }
            if fm.fileExists(atPath: two) {
                s[locale] = try GettextCatalog(path: two)
                any = true
            }
            if any { found.append(locale) }
        }
        guard !found.isEmpty else { throw BuildError("\(folder): no iso3166-1.mo or iso3166-2.mo in any locale") }
        locales = found
        countries = c
        subdivisions = s
    }

    /// Translations of a country's English ISO 3166-1 names (name, official and common name), in locale order,
    /// without repeats or the English names themselves.
    func countryNames(_ english: [String]) -> [String] {
        translations(english, in: countries)
    }

    /// Translations of a subdivision's English ISO 3166-2 name, in locale order, without repeats.
    func subdivisionNames(_ english: String) -> [String] {
        translations([english], in: subdivisions)
    }

    /// A country's name in each locale that translates one of `english` (best first: the common name, then the
    /// name), by canonical language tag (`LanguageTag`), in locale order.
    func taggedCountryNames(_ english: [String]) -> [(tag: String, name: String)] {
        tagged(english, in: countries)
    }

    /// A subdivision's name in each locale that translates its English ISO 3166-2 name, by canonical tag.
    func taggedSubdivisionNames(_ english: String) -> [(tag: String, name: String)] {
        tagged([english], in: subdivisions)
    }

    private func tagged(_ english: [String], in catalogs: [String: GettextCatalog]) -> [(tag: String, name: String)] {
        var out: [(String, String)] = []
        for locale in locales {
            guard let catalog = catalogs[locale], let tag = LanguageTag.canonical(locale),
                let t = english.lazy.compactMap({ catalog.translations[$0] }).first
            else { continue }
            out.append((tag, t))
        }
        return out
    }

    private func translations(_ english: [String], in catalogs: [String: GettextCatalog]) -> [String] {
        var out: [String] = []
        var seen = Set(english)
        for locale in locales {
            guard let catalog = catalogs[locale] else { continue }
            for e in english {
                if let t = catalog.translations[e], seen.insert(t).inserted { out.append(t) }
            }
        }
        return out
    }
}
