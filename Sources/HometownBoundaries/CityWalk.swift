/// One search of a state's k-d tree of places (see `CityIndex` for the rule, `CityTreeLayout` for the tree): the
/// point, the best places so far, and how one range taken off the search's stack is worked. `CityIndex.city`
/// runs one walk to its end; `CityIndex.cities` runs several side by side, so that their memory loads overlap.
/// Either way a walk visits the same ranges in the same order, so both give the same answer.
struct CityWalk {
    /// A range `lo...hi` of a state's entries (positions in STCITIES), with how far the point lies outside the
    /// range's box along x, y and z (a split moves the far half's bound on its axis out to the split plane), so
    /// that the sum of their squares bounds the squared chord to any place in it from below.
    typealias Range = (lo: Int32, hi: Int32, ox: Double, oy: Double, oz: Double)

    /// Each level of a tree adds at most one range to the stack, and a state's tree has at most
    /// `CityIndex.maxPerState` entries (checked at load), so 24 ranges suffice (768 bytes).
    static let stackCapacity = 24

    let q: (x: Double, y: Double, z: Double)
    var nearest = (d2: CityIndex.maxSearchChord2, city: -1)
    var urban = (pop: -1, d2: 0.0, city: -1)

    init(latitude: Double, longitude: Double) {
        q = CityTreeLayout.unitVector(latitude: latitude, longitude: longitude)
    }

    /// The range a walk of `state`'s tree starts from, or nil when the state has no place.
    @inline(__always)
    static func root(of state: Int, in index: CityIndex) -> Range? {
        let first = Int(index.byState[state])
        let end = Int(index.byState[state + 1])
        return first < end ? (Int32(first), Int32(end - 1), 0, 0, 0) : nil
    }

    /// The place named, with its great-circle distance in km: the most populous place whose urban radius holds
    /// the point, else the nearest place within reach, else nil.
    var answer: (index: Int, km: Double)? {
        if urban.city >= 0 { return (urban.city, CityTreeLayout.kilometres(chordSquared: urban.d2)) }
        if nearest.city >= 0 { return (nearest.city, CityTreeLayout.kilometres(chordSquared: nearest.d2)) }
        return nil
    }

    /// Works range `r` taken off the stack: skipped when it can hold neither a nearer place nor one whose urban
    /// radius reaches the point; scanned when small; otherwise its middle entry is visited and its two halves
    /// pushed, the nearer on top (taken next). `stack` holds `stackCapacity` ranges, `top` of them in use.
    @inline(__always)
    mutating func work(_ r: Range, _ index: CityIndex, stack: UnsafeMutablePointer<Range>, top: inout Int) {
        let coords = index.xyz
        let base = index.header
        let lo = Int(r.lo)
        let hi = Int(r.hi)
        let m = (lo + hi) >> 1
        let bound = r.ox * r.ox + r.oy * r.oy + r.oz * r.oz
        if bound > nearest.d2, bound > coords[CityTreeLayout.f64PerEntry * (m - base) + 4] { return }
        if hi - lo < CityTreeLayout.nodeSize {
            for k in lo...hi { visit(k, index) }
            return
        }
        visit(m, index)
        let axis = Int(index.byState[m] >> CityTreeLayout.axisShift)
        let j = CityTreeLayout.f64PerEntry * (m - base)
        var far = r
        let d: Double
        switch axis {
        case 1:
            d = q.y - coords[j + 1]
            far.oy = d
        case 2:
            d = q.z - coords[j + 2]
            far.oz = d
        default:
            d = q.x - coords[j]
            far.ox = d
        }
        var near = r
        if d < 0 {
            near.hi = Int32(m - 1)
            far.lo = Int32(m + 1)
        } else {
            near.lo = Int32(m + 1)
            far.hi = Int32(m - 1)
        }
        if top + 2 > Self.stackCapacity { return }  // only a corrupted tree is this deep
        stack[top] = far
        stack[top + 1] = near
        top += 2
    }

    /// Compares entry `k` with the best places so far. Ties go to the nearer place, then to the lower city number.
    @inline(__always)
    private mutating func visit(_ k: Int, _ index: CityIndex) {
        let coords = index.xyz
        let j = CityTreeLayout.f64PerEntry * (k - index.header)
        let dx = q.x - coords[j]
        let dy = q.y - coords[j + 1]
        let dz = q.z - coords[j + 2]
        let d2 = dx * dx + dy * dy + dz * dz
        let c = Int(index.byState[k] & CityTreeLayout.cityMask)
        if d2 < nearest.d2 || (d2 == nearest.d2 && c < nearest.city) { nearest = (d2, c) }
        if d2 <= coords[j + 3] {
            let pop = index.population(c)
            if pop > urban.pop || (pop == urban.pop && (d2 < urban.d2 || (d2 == urban.d2 && c < urban.city))) {
                urban = (pop, d2, c)
            }
        }
    }
}
