/// A growable list of UInt64 in memory the owner allocates and frees, for the clustering pass's inner loops:
/// no copy-on-write checks, no reference counting. Not copyable in spirit: one owner, `free()` once.
struct ScratchList {
    private(set) var base: UnsafeMutablePointer<UInt64>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ v: UInt64) {
        if count == capacity { grow() }
        base[count] = v
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    @inline(__always) mutating func removeAll() { count = 0 }

    @inline(__always) subscript(i: Int) -> UInt64 {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Sorts the items in increasing order (insertion sort for the handful that is the common case).
    mutating func sort() {
        guard count > 1 else { return }
        if count <= 24 {
            for j in 1..<count {
                let v = base[j]
                var h = j
                while h > 0, base[h - 1] > v {
                    base[h] = base[h - 1]
                    h -= 1
                }
                base[h] = v
            }
        } else {
            var all = UnsafeMutableBufferPointer(start: base, count: count)
            all.sort()
        }
    }

    func free() { base.deallocate() }
}
