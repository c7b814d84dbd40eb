/// A one-shot hash table from 128-bit keys (two `UInt64`s) to `UInt64` values: open addressing with linear
/// probing over flat arrays, sized once for a known number of keys, no removal.
///
/// For numbering the boundaries' 1.3 million vertices and keying their edges when the map is prepared: Swift's
/// `Dictionary` (seeded SipHash per lookup, a storage object per table) took about half of that preparation.
/// Keys are spread by multiplying by odd 64-bit constants (Fibonacci hashing); the inputs are coordinates' bit
/// patterns and vertex numbers, never chosen by a client.
///
/// An empty slot is one whose key's first half is `empty`: one array fewer to read on every probe than a flag per
/// slot (a `BoundaryMap` was built in about 340 ms instead of 460 ms, release build, 2-core machine). The keys whose
/// first half is `empty` (a NaN's bit pattern, from a damaged data file at most) are kept aside, so that any key can
/// be stored.
struct FlatKeyTable {
    /// The first half of an empty slot's key.
    static let empty = UInt64.max
    private var first: [UInt64]
    private var second: [UInt64]
    private var values: [UInt64]
    /// The values of the keys (`empty`, b), by b.
    private var aside: [UInt64: UInt64] = [:]
    private let shift: UInt64
    /// The number of keys stored.
    private(set) var count = 0

    /// A table for at most `capacity` keys (at most three quarters full).
    init(capacity: Int) {
        var size = 16
        while 3 * size < 4 * max(capacity, 1) { size <<= 1 }
        first = [UInt64](repeating: Self.empty, count: size)
        second = [UInt64](repeating: 0, count: size)
        values = [UInt64](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The slot of (`a`, `b`), `a` not `empty`: where it is, or the empty slot where it would go.
    private func slot(_ a: UInt64, _ b: UInt64) -> Int {
        let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        var i = Int(truncatingIfNeeded: ((mixed ^ (mixed >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        let mask = first.count - 1
        while first[i] != Self.empty && (first[i] != a || second[i] != b) { i = (i + 1) & mask }
        return i
    }

    /// The value of (`a`, `b`), or nil.
    func value(_ a: UInt64, _ b: UInt64) -> UInt64? {
        if a == Self.empty { return aside[b] }
        let i = slot(a, b)
        return first[i] == Self.empty ? nil : values[i]
    }

    /// Sets the value of (`a`, `b`).
    /// - Precondition: fewer keys than the capacity given, or (`a`, `b`) already stored.
    mutating func set(_ a: UInt64, _ b: UInt64, _ value: UInt64) {
        if a == Self.empty {
            if aside[b] == nil { countNewKey() }
            aside[b] = value
            return
        }
        let i = slot(a, b)
        if first[i] == Self.empty {
            countNewKey()
            first[i] = a
            second[i] = b
        }
        values[i] = value
    }

    /// Counts a key about to be stored.
    /// - Precondition: fewer keys than the capacity given.
    private mutating func countNewKey() {
        precondition(4 * (count + 1) <= 3 * first.count, "FlatKeyTable is full")
        count += 1
    }
}
