import Foundation

/// Name keys for joining records from different sources: case and diacritics folded, punctuation dropped.
enum NameFolding {
    /// "Sant Julià de Lòria" -> "santjuliadeloria".
    static func key(_ s: String) -> String {
        let folded = s.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        return String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Words that name the kind of unit rather than the unit; dropped for the loose key.
    static let genericWords: Set<String> = [
        "state", "of", "province", "provincia", "region", "department", "departement", "departamento", "county",
        "prefecture", "oblast", "governorate", "district", "municipality", "autonomous", "the", "de", "del", "la",
        "le", "les", "das", "do", "da", "di", "des", "du", "el", "and", "republic", "territory", "island", "islands",
        "estado", "kray", "krai", "respublika", "voivodeship", "canton", "parish", "emirate", "division", "zone",
    ]

    /// The key without generic words: "State of Odisha" -> "odisha".
    static func looseKey(_ s: String) -> String {
        let folded = s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let words = folded.split { !($0.isLetter || $0.isNumber) }.map(String.init).filter {
            !genericWords.contains($0)
        }
        return words.joined()
    }
}
