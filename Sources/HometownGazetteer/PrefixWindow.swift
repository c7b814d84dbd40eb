/// The `capacity` most important entries (smallest entry numbers) offered to it, each with its best match: the
/// places suggestions weigh (`Gazetteer.prefixMatches`). Small (tens of entries), so kept as a sorted array.
struct PrefixWindow {
    /// One entry: its number, its best match (`NameTable.Match`), the prefix key that matched it, and whether
    /// that key is the whole prefix.
    typealias Slot = (entry: Int, match: UInt32, key: Int, whole: Bool)

    let capacity: Int
    /// Ascending by entry.
    private(set) var slots: [Slot] = []

    init(capacity: Int) {
        self.capacity = capacity
        slots.reserveCapacity(capacity + 1)
    }

    /// Whether an entry numbered `entry` or more can no longer get in.
    @inline(__always) func isClosed(from entry: Int) -> Bool {
        slots.count == capacity && entry >= slots[capacity - 1].entry
    }

    /// Whether `entry` is in the window.
    func contains(_ entry: Int) -> Bool {
        let at = firstSlot(notBefore: entry)
        return at < slots.count && slots[at].entry == entry
    }

    /// The index of the first slot whose entry is not before `entry` (the slots' count when there is none).
    private func firstSlot(notBefore entry: Int) -> Int {
        var lo = 0
        var hi = slots.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if slots[mid].entry < entry { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Takes `entry` if it is among the `capacity` most important offered so far, keeping its better match (a
    /// lower `match`, then a whole key).
    mutating func offer(_ entry: Int, match: UInt32, key: Int, whole: Bool) {
        if slots.count == capacity, entry > slots[capacity - 1].entry { return }
        let lo = firstSlot(notBefore: entry)
        if lo < slots.count, slots[lo].entry == entry {
            if match < slots[lo].match || (match == slots[lo].match && whole && !slots[lo].whole) {
                slots[lo] = (entry, match, key, whole)
            }
            return
        }
        slots.insert((entry, match, key, whole), at: lo)
        if slots.count > capacity { slots.removeLast() }
    }
}
