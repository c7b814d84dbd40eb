import Foundation

/// A compiled gettext message catalog (a `.mo` file): original strings and their translations.
///
/// Format (GNU gettext): a 32-bit magic number (0x950412de in the file's byte order), a revision, the number of
/// strings N, the offset of the originals' table and of the translations' table; each table holds N pairs of
/// (length in bytes, offset) of NUL-terminated UTF-8 strings. Originals with a context (`context\u{4}text`) and
/// the empty original (the catalog's header) are left out; of a plural translation only the singular is kept.
struct GettextCatalog {
    /// Translation by original (English) text.
    let translations: [String: String]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw BuildError("cannot read \(path)") }
        try self.init(bytes: [UInt8](data), path: path)
    }

    init(bytes b: [UInt8], path: String) throws {
        guard b.count >= 20 else { throw BuildError("\(path): gettext header truncated") }
        let little = b[0] == 0xDE && b[1] == 0x12 && b[2] == 0x04 && b[3] == 0x95
        let big = b[0] == 0x95 && b[1] == 0x04 && b[2] == 0x12 && b[3] == 0xDE
        guard little || big else { throw BuildError("\(path): not a gettext catalog (bad magic number)") }
        func u32(_ o: Int) throws -> Int {
            guard o >= 0, o + 4 <= b.count else { throw BuildError("\(path): offset \(o) past the end") }
            let v = (0..<4).map { Int(b[o + $0]) }
            return little ? v[0] | v[1] << 8 | v[2] << 16 | v[3] << 24 : v[3] | v[2] << 8 | v[1] << 16 | v[0] << 24
        }
        func string(_ table: Int, _ i: Int) throws -> String {
            let length = try u32(table + 8 * i)
            let offset = try u32(table + 8 * i + 4)
            guard offset + length <= b.count else { throw BuildError("\(path): string \(i) runs past the end") }
            return String(decoding: b[offset..<(offset + length)], as: UTF8.self)
        }
        let count = try u32(8)
        let originals = try u32(12)
        let translated = try u32(16)
        var out: [String: String] = [:]
        for i in 0..<count {
            let original = try string(originals, i)
            guard !original.isEmpty, !original.contains("\u{4}") else { continue }
            let key = original.split(separator: "\0", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let value =
                try string(translated, i).split(separator: "\0", omittingEmptySubsequences: false).first.map(
                    String.init) ?? ""
            if !value.isEmpty { out[key] = value }
        }
        translations = out
    }
}
