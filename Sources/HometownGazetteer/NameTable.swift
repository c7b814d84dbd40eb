/// The gazetteer's name index: an open-addressing hash table from a name key (see `NameKey`) to a list of
/// postings, and a set of every word used in a name (for one-edit typo candidates).
///
/// Layout (all `UInt32`):
/// - table: `2 * size` values, slot `s` = (check, offset into postings); check 0 = empty slot;
/// - postings: at each offset, a count `n` and `n` postings `entry << 2 | match`, sorted by entry;
/// - word set: `size` checks.
/// `size` is a power of two; a key's 64-bit hash gives the first slot (low bits) and the check (high 32 bits,
/// never 0); collisions probe linearly. A false match needs both 32 check bits and the slot bits to agree.
public enum NameTable {
    /// How a name matched an entry: the order is the preference.
    public enum Match: UInt32, Sendable, Comparable {
        /// The entry's own name.
        case name = 0
        /// An alias, alternate or outdated name.
        case alias = 1
        /// A code or abbreviation people write for the place: ISO 3166-1 codes, full ISO 3166-2 codes, postal
        /// abbreviations of US, Canadian, Australian, Brazilian and Mexican states.
        case code = 2
        /// A short form that many places share: other ISO 3166-2 suffixes ("AD" is Adamawa, Nigeria, but first
        /// Andorra), and all-capital alternate names of up to four letters (often airport codes).
        case weak = 3
        public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    /// FNV-1a over the UTF-8 bytes, then a SplitMix64 finaliser.
    @inline(__always)
    public static func hash(_ key: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var k = key
        k.withUTF8 { bytes in
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }

    @inline(__always)
    static func check(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h >> 32) | 1 }

    /// Finds `key` in `table`; returns the postings offset.
    static func find(_ key: String, table: UnsafeBufferPointer<UInt32>) -> Int? {
        slot(of: key, slots: table.count / 2) { table[2 * $0] }.map { Int(table[2 * $0 + 1]) }
    }

    /// True when `word` is in the word set.
    static func contains(_ word: String, words: UnsafeBufferPointer<UInt32>) -> Bool {
        slot(of: word, slots: words.count) { words[$0] } != nil
    }

    /// The slot of `key` in an open-addressing table of `slots` slots (a power of two; 0 marks an empty slot),
    /// probed linearly from the key's hash; `checkAt(s)` reads the check value stored in slot `s`. Nil when an
    /// empty slot comes first, or after every slot.
    @inline(__always)
    private static func slot(of key: String, slots: Int, checkAt: (Int) -> UInt32) -> Int? {
        guard slots > 0 else { return nil }
        let h = hash(key)
        let c = check(h)
        let mask = slots - 1
        var s = Int(truncatingIfNeeded: h) & mask
        for _ in 0..<slots {
            let v = checkAt(s)
            if v == 0 { return nil }
            if v == c { return s }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Builds the table, postings and word set. Deterministic: the same keys and postings give the same arrays.
    public struct Builder {
        private var postings: [String: [UInt32: Match]] = [:]

        public init() {}

        /// Records that `key` names `entry` as `match`; a better match for the same pair wins.
        public mutating func add(key: String, entry: Int, match: Match) {
            guard !key.isEmpty else { return }
            let e = UInt32(entry)
            if let old = postings[key]?[e], old <= match { return }
            postings[key, default: [:]][e] = match
        }

        public var keyCount: Int { postings.count }

        /// (table, postings, words, prefix keys, prefix index). Postings are laid out in the keys' byte order, as
        /// are the prefix sections (see `PrefixIndex`). Fails when two keys share a slot check (a 64-bit hash
        /// clash): rename.
        public func build() throws -> (
            table: [UInt32], postings: [UInt32], words: [UInt32], prefixKeys: [UInt8], prefixIndex: [UInt32]
        ) {
            let keys = postings.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }.map {
                String(decoding: $0, as: UTF8.self)
            }
            let size = NameTable.tableSize(for: keys.count)
            var table = [UInt32](repeating: 0, count: 2 * size)
            var flat: [UInt32] = []
            var prefixKeys: [UInt8] = []
            var prefixIndex: [UInt32] = []
            prefixIndex.reserveCapacity(2 * keys.count)
            for key in keys {
                let list = postings[key]!.sorted { $0.key < $1.key }
                let offset = UInt32(flat.count)
                prefixIndex += [UInt32(prefixKeys.count), offset]
                prefixKeys += Array(key.utf8)
                flat.append(UInt32(list.count))
                for (e, m) in list { flat.append(e << 2 | m.rawValue) }
                try NameTable.insert(key, into: &table, stride: 2) { table, s in table[2 * s + 1] = offset }
            }
            var wordSet = Set<String>()
            for key in keys { for w in key.split(separator: " ") { wordSet.insert(String(w)) } }
            let words = wordSet.sorted()
            var wordTable = [UInt32](repeating: 0, count: NameTable.tableSize(for: words.count))
            for w in words { try NameTable.insert(w, into: &wordTable, stride: 1) { _, _ in } }
            return (table, flat, wordTable, prefixKeys, prefixIndex)
        }
    }

    /// A power of two at least 1.5 times `count` (at most two thirds full).
    static func tableSize(for count: Int) -> Int {
        var n = 16
        while 2 * n < 3 * count { n <<= 1 }
        return n
    }

    struct HashClash: Error, CustomStringConvertible {
        let key: String
        var description: String { "two name keys share a hash check (one is \"\(key)\")" }
    }

    static func insert(_ key: String, into table: inout [UInt32], stride: Int, fill: (inout [UInt32], Int) -> Void)
        throws
    {
        let slots = table.count / stride
        let mask = slots - 1
        let h = hash(key)
        let c = check(h)
        var s = Int(truncatingIfNeeded: h) & mask
        while table[stride * s] != 0 {
            if table[stride * s] == c { throw HashClash(key: key) }
            s = (s + 1) & mask
        }
        table[stride * s] = c
        fill(&table, s)
    }
}
