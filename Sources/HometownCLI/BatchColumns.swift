/// What the batch commands share about their input before any row is read: which CSV column holds a value,
/// and whether an input is NDJSON rather than CSV.
enum BatchColumns {
    /// The index of the column named `chosen` (any case), else of the first column whose name is one of
    /// `defaults` (lower case).
    /// - Parameters:
    ///   - what: the value, for messages ("latitude", "x").
    ///   - option: the option that names the column, for messages ("--lat-column").
    /// - Throws: a `CLIError` naming the file, what was looked for and the header's columns.
    static func index(
        in names: [String], chosen: String?, defaults: [String], what: String, option: String,
        source: String
    ) throws -> Int {
        if let c = chosen {
            guard let i = names.firstIndex(of: c) ?? names.firstIndex(where: { $0.lowercased() == c.lowercased() })
            else {
                throw CLIError(
                    "\(source): no column named \"\(c)\" for \(what); the header has: \(names.joined(separator: ", "))")
            }
            return i
        }
        guard let i = names.firstIndex(where: { defaults.contains($0.lowercased()) }) else {
            throw CLIError(
                "\(source): no \(what) column (looked for \(defaults.joined(separator: ", "))); the header has: \(names.joined(separator: ", ")); choose one with \(option)"
            )
        }
        return i
    }

    /// Space, tab, line feed or carriage return: what may come before an NDJSON input's first "{".
    static func isWhiteSpace(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 13 || b == 9 }

    /// Whether an input is NDJSON: by its name (.ndjson, .jsonl, also before .gz), else unless it is named .csv,
    /// by its first character other than white space being "{".
    static func looksLikeNDJSON(path: String, firstBytes: [UInt8]) -> Bool {
        var lower = path.lowercased()
        if lower.hasSuffix(".gz") { lower.removeLast(3) }
        let first = firstBytes.first(where: { !isWhiteSpace($0) })
        return lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl")
            || (!lower.hasSuffix(".csv") && first == UInt8(ascii: "{"))
    }
}
