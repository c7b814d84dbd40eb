/// A one-shot hash table from 128-bit keys (two `UInt64`s) to `UInt64` values: open addressing with linear
/// probing over flat arrays, sized once for a known number of keys, no removal.
///
/// For numbering the boundaries' 1.3 million vertices and keying their edges when the map is prepared: Swift's
/// `Dictionary` (seeded SipHash per lookup, a storage object per table) took about half of that preparation.
/// Keys are spread by multiplying by odd 64-bit constants (Fibonacci hashing); the inputs are coordinates' bit
/// patterns and vertex numbers, never chosen by a client.
struct FlatKeyTable {
    private var first: [UInt64]
    private var second: [UInt64]
    private var values: [UInt64]
    private var used: [Bool]
    private let shift: UInt64
    /// The number of keys stored.
    private(set) var count = 0

    /// A table for at most `capacity` keys (at most three quarters full).
    init(capacity: Int) {
        var size = 16
        while 3 * size < 4 * max(capacity, 1) { size <<= 1 }
        first = [UInt64](repeating: 0, count: size)
        second = [UInt64](repeating: 0, count: size)
        values = [UInt64](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The slot of (`a`, `b`): where it is, or the empty slot where it would go.
    private func slot(_ a: UInt64, _ b: UInt64) -> Int {
        let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        var i = Int(truncatingIfNeeded: ((mixed ^ (mixed >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        let mask = used.count - 1
        while used[i] && (first[i] != a || second[i] != b) { i = (i + 1) & mask }
        return i
    }

    /// The value of (`a`, `b`), or nil.
    func value(_ a: UInt64, _ b: UInt64) -> UInt64? {
        let i = slot(a, b)
        return used[i] ? values[i] : nil
    }

    /// Sets the value of (`a`, `b`).
    /// - Precondition: fewer keys than the capacity given, or (`a`, `b`) already stored.
    mutating func set(_ a: UInt64, _ b: UInt64, _ value: UInt64) {
        let i = slot(a, b)
        if !used[i] {
            precondition(4 * (count + 1) <= 3 * used.count, "FlatKeyTable is full")
            used[i] = true
            first[i] = a
            second[i] = b
            count += 1
        }
        values[i] = value
    }
}
