import Foundation
import HometownGazetteer

/// The names in people's languages the data names places by (sections LANGS, LOCNAMES, LOCINDEX), collected per
/// place draft: for each language the first name offered wins, so sources are offered best first.
struct DisplayNames {
    private var byDraft: [Int: [String: String]] = [:]

    /// Offers `name` as draft `d`'s name in `tag` (a canonical `LanguageTag`); kept unless `d` has one in `tag`
    /// already, or the name is empty.
    mutating func offer(_ d: Int, tag: String, name: String) {
        let n = name.trimmingCharacters(in: .whitespaces)
        guard !n.isEmpty, LanguageTag.language(of: tag) != "en" else { return }
        if byDraft[d]?[tag] == nil { byDraft[d, default: [:]][tag] = n }
    }

    /// How many names were kept.
    var count: Int { byDraft.values.reduce(0) { $0 + $1.count } }

    /// The tables: the sorted language tags, the (language, offset, length) rows in entry order, and each entry's
    /// first row with the row count last. `idOf` maps drafts to entries, `intern` puts a string in the pool.
    func tables(entryCount: Int, idOf: [Int], intern: (String) -> (UInt32, UInt32)) -> (
        tags: [String], rows: [UInt32], index: [UInt32]
    ) {
        let tags = Set(byDraft.values.flatMap(\.keys)).sorted()
        let number = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, UInt32($0)) })
        var byEntry = [[String: String]?](repeating: nil, count: entryCount)
        for (d, names) in byDraft { byEntry[idOf[d]] = names }
        var rows: [UInt32] = []
        var index: [UInt32] = []
        for e in 0..<entryCount {
            index.append(UInt32(rows.count / GazetteerLayout.u32PerLocalName))
            for (tag, name) in (byEntry[e] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let s = intern(name)
                rows += [number[tag]!, s.0, s.1]
            }
        }
        index.append(UInt32(rows.count / GazetteerLayout.u32PerLocalName))
        return (tags, rows, index)
    }
}
