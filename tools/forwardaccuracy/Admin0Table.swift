import Foundation

/// Country names in people's languages from Natural Earth admin-0 v5.1.1 (the `NAME_xx` fields of
/// `ne_10m_admin_0_countries_deu.dbf`, read from the zip with `unzip -p`), by ISO alpha-2 (`ISO_A2_EH`; where
/// several units share a code, the most populous).
struct Admin0Table {
    /// Every `NAME_xx` value per ISO alpha-2, sorted by field name.
    var languageNames: [(String, [String])] = []
    /// Per ISO alpha-2, the `NAME_xx` field of the country's own (main official) language, where it is one of
    /// Natural Earth's 25 and not English. Facts of common knowledge, listed here.
    static let ownLanguage: [String: String] = {
        var m: [String: String] = [:]
        let groups: [(String, [String])] = [
            ("NAME_DE", ["DE", "AT", "LI"]), ("NAME_IT", ["IT", "SM"]), ("NAME_NL", ["NL", "SR"]), ("NAME_PL", ["PL"]),
            ("NAME_SV", ["SE"]), ("NAME_RU", ["RU", "BY"]), ("NAME_UK", ["UA"]), ("NAME_TR", ["TR"]),
            ("NAME_JA", ["JP"]),
            ("NAME_KO", ["KR"]), ("NAME_ZH", ["CN"]), ("NAME_ZHT", ["TW"]), ("NAME_FA", ["IR"]), ("NAME_HI", ["IN"]),
            ("NAME_BN", ["BD"]), ("NAME_UR", ["PK"]), ("NAME_VI", ["VN"]), ("NAME_ID", ["ID"]), ("NAME_HU", ["HU"]),
            ("NAME_EL", ["GR"]), ("NAME_HE", ["IL"]), ("NAME_PT", ["BR", "PT", "AO", "MZ"]),
            (
                "NAME_ES",
                [
                    "ES", "MX", "AR", "CO", "PE", "VE", "CL", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV", "NI",
                    "CR", "PA", "UY",
                ]
            ),
            ("NAME_FR", ["FR", "CI", "SN", "CD", "CG", "CM", "ML", "BF", "NE", "GN", "BJ", "TG", "HT", "MG"]),
            (
                "NAME_AR",
                ["SA", "EG", "IQ", "SY", "JO", "AE", "YE", "LY", "SD", "DZ", "MA", "TN", "KW", "QA", "OM", "LB"]
            ),
        ]
        for (field, codes) in groups { for c in codes { m[c] = field } }
        return m
    }()
    private var rowByISO: [String: [String: String]] = [:]

    init(zip: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["unzip", "-p", zip, "ne_10m_admin_0_countries_deu.dbf"]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { Admin0Table.fail("cannot run unzip on \(zip)") }
        let b = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        guard p.terminationStatus == 0, b.count >= 32 else { Admin0Table.fail("cannot read the table in \(zip)") }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        let count = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        var fields: [(String, Int)] = []
        var o = 32
        while o + 32 <= b.count, b[o] != 0x0D {
            fields.append((String(decoding: b[o..<(o + 11)].prefix { $0 != 0 }, as: UTF8.self), Int(b[o + 16])))
            o += 32
        }
        guard u16(8) + count * u16(10) <= b.count else { Admin0Table.fail("\(zip): table truncated") }
        for i in 0..<count {
            var at = u16(8) + i * u16(10) + 1
            var row: [String: String] = [:]
            for (name, length) in fields {
                let v = String(decoding: b[at..<(at + length)], as: UTF8.self)
                row[name] = v.trimmingCharacters(in: CharacterSet(charactersIn: " \0"))
                at += length
            }
            guard let iso = row["ISO_A2_EH"], iso.count == 2 else { continue }
            let pop = Double(row["POP_EST"] ?? "") ?? 0
            if let old = rowByISO[iso], Double(old["POP_EST"] ?? "") ?? 0 >= pop { continue }
            rowByISO[iso] = row
        }
        for iso in rowByISO.keys.sorted() {
            let row = rowByISO[iso]!
            var names: [String] = []
            for f in row.keys.sorted()
            where f.hasPrefix("NAME_") && (7...8).contains(f.count) && f != "NAME_LEN" && f != "NAME_ALT" {
                if let v = row[f], !v.isEmpty, !names.contains(v) { names.append(v) }
            }
            languageNames.append((iso, names))
        }
    }

    /// The country's name in its own language (see `ownLanguage`), or nil.
    func ownName(_ iso2: String) -> String? {
        Admin0Table.ownLanguage[iso2].flatMap { rowByISO[iso2]?[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func fail(_ m: String) -> Never {
        FileHandle.standardError.write(Data("hometown-forward-accuracy: \(m)\n".utf8))
        exit(2)
    }
}
