/// One filterable field of the users (country, state, city or year) in `UserView`: each distinct value gets a
/// small code, each row the code of its value, and each code the rows that have it (a posting list, ascending).
///
/// Rows are positions in the view (0, 1, 2, ... in id order), not ids. Posting lists stay sorted: appends add the
/// largest row, and a changed or deleted row (`set`, `remove`) is taken out and put in by binary search. A deleted
/// row has the code -1. Not thread-safe: `UserView` guards it.
struct UserFacet<Key: Hashable> {
    /// The code of each value seen.
    private(set) var codes: [Key: Int32] = [:]
    /// The value of each code.
    private(set) var keys: [Key] = []
    /// The rows having each code, ascending.
    private(set) var rows: [[Int32]] = []
    /// The code of each row.
    private(set) var ofRow: [Int32] = []

    /// Records that `row` (the next row: `ofRow.count`) has `key`.
    mutating func append(_ key: Key, row: Int32) {
        let code = self.code(adding: key)
        rows[Int(code)].append(row)
        ofRow.append(code)
    }

    /// Gives the existing `row` the value `key` (a change of the post).
    mutating func set(_ key: Key, row: Int32) {
        remove(row: row)
        let code = self.code(adding: key)
        rows[Int(code)].insert(row, at: UsersAnswer.firstPosition(rows[Int(code)], atLeast: Int(row)))
        ofRow[Int(row)] = code
    }

    /// Takes `row` out of its value's posting list; its code becomes -1 (a deleted post).
    mutating func remove(row: Int32) {
        let code = ofRow[Int(row)]
        guard code >= 0 else { return }
        let position = UsersAnswer.firstPosition(rows[Int(code)], atLeast: Int(row))
        if position < rows[Int(code)].count, rows[Int(code)][position] == row { rows[Int(code)].remove(at: position) }
        ofRow[Int(row)] = -1
    }

    private mutating func code(adding key: Key) -> Int32 {
        if let c = codes[key] { return c }
        let code = Int32(keys.count)
        codes[key] = code
        keys.append(key)
        rows.append([])
        return code
    }

    /// The code of `key`, or nil when no row ever had it (its list may be empty now).
    func code(_ key: Key) -> Int32? { codes[key] }

    /// Bytes this facet holds, roughly (arrays' elements plus about 64 bytes a distinct value).
    var approximateBytes: Int { ofRow.count * 8 + keys.count * 64 }
}

/// A text value compared by its UTF-8 bytes, as the database compares it (`city = ?`), not by Swift's canonical
/// equivalence: a city posted as "Café" in NFC and one in NFD are two values, each shown as it was posted.
struct TextKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// A state and a year together (the state by its code in the view): the pair the protocol's filters most often
/// combine ("users?state=Minnesota&year=2016"), kept as a facet of its own so that such a page starts at its offset.
struct StateYear: Hashable, Sendable {
    let state: Int32
    let year: Int
}
