import HometownBoundaries

/// Lays one state's places out as the implicit k-d tree that `CityIndex` searches (see `CityTreeLayout`):
/// the range's splitting entry at its middle, the axis along which its points spread most (ties: x, then y),
/// the range sorted along that axis (ties by city number, so the layout is deterministic), recursively; the
/// largest urban chord of each range is kept at its middle entry.
enum CityTreeOrder {
    struct Entry {
        var city: UInt32
        var axis: UInt32 = 0
        let v: (Double, Double, Double)
        let urban2: Double
        var rangeMax = 0.0
        func along(_ a: UInt32) -> Double { a == 0 ? v.0 : (a == 1 ? v.1 : v.2) }
    }

    /// The entries (`city | axis << 30`) and the five numbers per entry for STCXYZ.
    static func layout(
        cities: [UInt32], position: (UInt32) -> (latitude: Double, longitude: Double),
        urbanRadiusKm: (UInt32) -> Double
    ) -> (entries: [UInt32], xyz: [Double]) {
        var items = cities.map { c in
            let p = position(c)
            let u = CityTreeLayout.unitVector(latitude: p.latitude, longitude: p.longitude)
            return Entry(city: c, v: (u.x, u.y, u.z), urban2: CityTreeLayout.chordSquared(km: urbanRadiusKm(c)))
        }
        order(&items, 0, items.count - 1)
        var entries: [UInt32] = []
        var xyz: [Double] = []
        for e in items {
            precondition(e.city <= CityTreeLayout.cityMask, "city number \(e.city) does not fit the entry")
            entries.append(e.city | e.axis << CityTreeLayout.axisShift)
            xyz += [e.v.0, e.v.1, e.v.2, e.urban2, e.rangeMax]
        }
        return (entries, xyz)
    }

    private static func order(_ items: inout [Entry], _ lo: Int, _ hi: Int) {
        if hi < lo { return }
        let rangeMax = items[lo...hi].map(\.urban2).max()!
        let m = (lo + hi) >> 1
        if hi - lo < CityTreeLayout.nodeSize {
            items[m].rangeMax = rangeMax
            return
        }
        var spread: [Double] = []
        for a in UInt32(0)..<3 {
            let values = items[lo...hi].map { $0.along(a) }
            spread.append(values.max()! - values.min()!)
        }
        let axis: UInt32 = spread[0] >= spread[1] && spread[0] >= spread[2] ? 0 : (spread[1] >= spread[2] ? 1 : 2)
        items[lo...hi].sort { a, b in
            let x = a.along(axis)
            let y = b.along(axis)
            return x != y ? x < y : a.city < b.city
        }
        items[m].axis = axis
        items[m].rangeMax = rangeMax
        order(&items, lo, m - 1)
        order(&items, m + 1, hi)
    }
}
