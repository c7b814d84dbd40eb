import Foundation

/// Unicode's confusable mappings (UTS #39, Unicode Security Mechanisms, section 4) and the skeleton built from them.
///
/// Each mapping sends one code point to its *prototype*, the string it is easily mistaken for: Cyrillic а (U+0430)
/// to Latin a, Greek ο to o, the digit 0 to O, m to "rn". Two strings are confusable when their skeletons are
/// equal. The data is `confusables.txt` (Unicode 13.0.0, © Unicode, Inc., Unicode terms of use), compiled into
/// `ConfusablesTable.swift` by `hometown-confusables` (tools/confusablesbuilder); see docs/data.md.
public enum Confusables {
    /// Every mapping: source code point to its prototype's code points. Parsed from `table` on first use (about
    /// 6,300 entries; a few milliseconds).
    static let mappings: [UInt32: [Unicode.Scalar]] = {
        var out: [UInt32: [Unicode.Scalar]] = [:]
        out.reserveCapacity(6_400)
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ").map { UInt32($0, radix: 16)! }
            out[fields[0]] = fields.dropFirst().map { Unicode.Scalar($0)! }
        }
        return out
    }()

    /// The number of mappings in the compiled table.
    public static var count: Int { mappings.count }

    /// The version of `confusables.txt` the table was built from, e.g. "13.0.0".
    public static var version: String { dataVersion }

    /// The prototype `scalar` maps to, or nil when it maps to itself.
    public static func prototype(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? { mappings[scalar.value] }

    /// UTS #39's skeleton: the text in canonical decomposition (NFD), each code point replaced by its prototype,
    /// and decomposed again. Not meant for display; only for comparing.
    public static func skeleton(_ text: String) -> String {
        let table = mappings
        // ASCII is its own NFD; so is the result when every prototype used is ASCII too.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        var out = String.UnicodeScalarView()
        for s in (ascii ? text : text.decomposedStringWithCanonicalMapping).unicodeScalars {
            if let p = table[s.value] { out.append(contentsOf: p) } else { out.append(s) }
        }
        let result = String(out)
        return ascii && result.utf8.allSatisfy({ $0 < 0x80 }) ? result : result.decomposedStringWithCanonicalMapping
    }
}
