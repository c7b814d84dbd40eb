import Foundation
import HometownGazetteer

/// City names in people's languages from Debian `libgeonames-common` 0.3.0-1 (GeoNames data, CC BY 4.0):
/// one gettext catalog per locale that translates a GeoNames id ("524901") to the city's name in that language
/// ("Москва" in `ru`), copied by `tools/fetch-sources.sh` to `DIR/LOCALE/geonames.mo`.
struct CityLocaleNames {
    /// Per canonical language tag (`LanguageTag`), the names by GeoNames id. Where two locales have one tag
    /// (`zh_CN` and `zh`, both `zh-Hans`), the one with a region or script comes first, then the plain one.
    let names: [(tag: String, byID: [Int: String])]

    /// Reads every locale folder of `folder`; English locales are left out (the data's own names are English).
    /// - Throws: `BuildError` when the folder cannot be listed, holds no catalog, or a catalog is malformed.
    init(folder: String) throws {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: folder) else {
            throw BuildError(
                "cannot list \(folder) (the city names in people's languages; fetch them with tools/fetch-sources.sh --extra-only DIR)"
            )
        }
        var byTag: [String: [(specific: Bool, locale: String, names: [Int: String])]] = [:]
        for locale in entries.sorted() {
            let path = folder + "/" + locale + "/geonames.mo"
            guard fm.fileExists(atPath: path), let tag = LanguageTag.canonical(locale),
                LanguageTag.language(of: tag) != "en"
            else { continue }
            var names: [Int: String] = [:]
            for (k, v) in try GettextCatalog(path: path).translations {
                if let id = Int(k), !v.isEmpty { names[id] = v }
            }
            byTag[tag, default: []].append((locale.contains("_") || locale.contains("@"), locale, names))
        }
        guard !byTag.isEmpty else { throw BuildError("\(folder): no geonames.mo in any locale") }
        names = byTag.keys.sorted().map { tag in
            let sources = byTag[tag]!.sorted { ($0.specific ? 0 : 1, $0.locale) < ($1.specific ? 0 : 1, $1.locale) }
            var merged: [Int: String] = [:]
            for s in sources { merged.merge(s.names) { first, _ in first } }
            return (tag, merged)
        }
    }
}
