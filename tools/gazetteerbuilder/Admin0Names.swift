import Foundation
import HometownGazetteer

/// Country names in people's languages from Natural Earth admin-0 (v5.1.1, in
/// `admin0_10m_ne511_deu/ne_10m_admin_0_countries_deu.zip`): the `NAME_xx` fields (NAME_DE "Deutschland",
/// NAME_PT "Brasil", NAME_SV "Sverige", NAME_JA "日本", ...), one row per Natural Earth unit.
struct Admin0Names {
    /// The attribute rows of the admin-0 table.
    let rows: [[String: String]]

    init(zip: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["unzip", "-p", zip, "ne_10m_admin_0_countries_deu.dbf"]
        let pipe = Pipe()
        p.standardOutput = pipe
        do { try p.run() } catch { throw BuildError("cannot run unzip on \(zip): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BuildError("unzip exited \(p.terminationStatus) on \(zip)") }
        rows = try Admin0Names.dbfRows([UInt8](data), path: zip)
    }

    /// The language fields: `NAME_` and a two- or three-letter language code.
    static func isLanguageField(_ f: String) -> Bool {
        guard f.hasPrefix("NAME_") else { return false }
        let code = f.dropFirst(5)
        return (2...3).contains(code.count) && code.allSatisfy { $0.isUppercase } && code != "LEN" && code != "ALT"
    }

    /// The names in people's languages of the unit for a country: the row whose `NAME_EN` is `name`, else
    /// among the rows with ISO alpha-2 `iso2` (`ISO_A2_EH`) the most populous (`POP_EST`; Brazil, not the
    /// "Brazilian Island" unit that shares its code). Sorted by field name, without repeats.
    func names(country name: String, iso2: String?) -> [String] {
        var out: [String] = []
        for (_, v) in taggedNames(country: name, iso2: iso2) where !out.contains(v) { out.append(v) }
        return out
    }

    /// The same unit's names with their language (`LanguageTag` canonical form: `NAME_PT` is `pt`, `NAME_ZH`
    /// `zh-Hans`, `NAME_ZHT` `zh-Hant`), sorted by field name; empty fields left out.
    func taggedNames(country name: String, iso2: String?) -> [(tag: String, name: String)] {
        var row = rows.first { $0["NAME_EN"] == name }
        if row == nil, let iso2 {
            row = rows.filter { $0["ISO_A2_EH"] == iso2 }
                .max {
                    (Double($0["POP_EST"] ?? "") ?? 0, $1["NAME_EN"] ?? "") < (
                        Double($1["POP_EST"] ?? "") ?? 0, $0["NAME_EN"] ?? ""
                    )
                }
        }
        guard let row else { return [] }
        var out: [(String, String)] = []
        for f in row.keys.sorted() where Admin0Names.isLanguageField(f) {
            let code = f.dropFirst(5).lowercased()
            guard let v = row[f], !v.isEmpty, let tag = LanguageTag.canonical(code == "zht" ? "zh-Hant" : code)
            else { continue }
            out.append((tag, v))
        }
        return out
    }

    /// Reads a dBASE III table: text fields as UTF-8 with padding (spaces, NULs) removed.
    static func dbfRows(_ b: [UInt8], path: String) throws -> [[String: String]] {
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        guard b.count >= 32 else { throw BuildError("\(path): dBASE header truncated") }
        let count = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        let headerLength = u16(8)
        let recordLength = u16(10)
        var fields: [(name: String, length: Int)] = []
        var o = 32
        while o < b.count, b[o] != 0x0D {
            guard o + 32 <= b.count else { throw BuildError("\(path): dBASE field list truncated") }
            fields.append((String(decoding: b[o..<(o + 11)].prefix { $0 != 0 }, as: UTF8.self), Int(b[o + 16])))
            o += 32
        }
        guard headerLength + count * recordLength <= b.count else {
            throw BuildError("\(path): dBASE records truncated")
        }
        var rows: [[String: String]] = []
        for i in 0..<count {
            var p = headerLength + i * recordLength + 1
            var row: [String: String] = [:]
            for f in fields {
                var slice = b[p..<(p + f.length)]
                while let l = slice.last, l == 0 || l == 32 { slice = slice.dropLast() }
                while let l = slice.first, l == 32 { slice = slice.dropFirst() }
                row[f.name] = String(decoding: slice, as: UTF8.self)
                p += f.length
            }
            rows.append(row)
        }
        return rows
    }
}
