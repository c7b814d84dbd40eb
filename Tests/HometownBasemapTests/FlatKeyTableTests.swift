import Testing

@testable import HometownBasemap

/// `FlatKeyTable` against Swift's `Dictionary` as the oracle, on seeded random keys with many repeats.
@Suite struct FlatKeyTableTests {
    @Test(arguments: [1, 7, 1000, 50_000]) func answersAsADictionaryDoes(seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        struct Key: Hashable { let a: UInt64, b: UInt64 }
        let n = 20_000
        var table = FlatKeyTable(capacity: n)
        var oracle: [Key: UInt64] = [:]
        // Keys drawn from a small pool (so most are repeats), including keys that differ in one half only, and
        // keys whose first half is the empty slots' marker.
        let pool = (0..<n / 2).map { _ in
            let a = next() % 65
            return Key(a: a == 64 ? FlatKeyTable.empty : a, b: next())
        }
        for _ in 0..<3 * n {
            let k = pool[Int(next() % UInt64(pool.count))]
            let v = next()
            if next() % 3 == 0 {
                #expect(table.value(k.a, k.b) == oracle[k])
            } else {
                table.set(k.a, k.b, v)
                oracle[k] = v
            }
        }
        #expect(table.count == oracle.count)
        for (k, v) in oracle { #expect(table.value(k.a, k.b) == v) }
        #expect(table.value(1 << 40, 0) == nil)
        #expect(table.value(FlatKeyTable.empty, 1 << 40) == nil)
        #expect(oracle.keys.contains { $0.a == FlatKeyTable.empty })
    }
}
