/// GeoNames places, and the rule that names the city for a point in a state.
///
/// The rule: every place has an urban radius that grows with its population,
/// `r = min(25 km, 0.25 km * sqrt(population / 1000))` (1,000 people: 0.25 km; 100,000: 2.5 km;
/// 1 million: 7.9 km; 8 million: 22 km). Among the places of the same state whose radius holds the point,
/// the most populous is named, so a point inside a big city names the city, not a neighbourhood or suburb
/// that is nearer. When no radius holds the point, the nearest place of the state is named, if it is within
/// `maxSearchKm`. Ties go to the nearer place, then to the lower city number.
///
/// Each state's places are searched in its k-d tree (see `CityTreeLayout`): one walk, nearer half first,
/// that visits every place within 25 km (the urban candidates) and otherwise closes in on the nearest.
struct CityIndex: @unchecked Sendable {
    /// Places farther than this (about 2,200 km, 20 degrees of arc) are not named.
    static let maxSearchKm = 20 * Geometry2D.kmPerDegreeLatitude
    static let maxSearchChord2 = CityTreeLayout.chordSquared(km: maxSearchKm)
    /// The most places one state may have: its tree is then at most 21 levels deep (the search's stack).
    static let maxPerState: UInt32 = 1 << 24

    let u32: UnsafeBufferPointer<UInt32>  // nameOffset, nameLength, population, state
    let geonameIDs: UnsafeBufferPointer<UInt32>
    let f64: UnsafeBufferPointer<Double>  // latitude, longitude
    /// `stateCount + 1` offsets into this same array, then each state's places as a k-d tree.
    let byState: UnsafeBufferPointer<UInt32>
    /// Per entry of `byState` after the offsets: x, y, z, squared urban chord, range maximum of it.
    let xyz: UnsafeBufferPointer<Double>
    let header: Int

    init(file: DataFile, stateCount: Int) throws {
        u32 = try file.array("CITYU32", of: UInt32.self)
        geonameIDs = try file.array("CITYGID", of: UInt32.self)
        f64 = try file.array("CITYF64", of: Double.self)
        byState = try file.array("STCITIES", of: UInt32.self)
        xyz = try file.array("STCXYZ", of: Double.self)
        header = stateCount + 1
        let n = geonameIDs.count
        guard u32.count == 4 * n, f64.count == 2 * n else {
            throw BoundariesError.dataFileCorrupted(path: file.path, detail: "city tables do not agree in size")
        }
        // Every read of a search stays inside the arrays whatever the values: offsets rise and end at the
        // array's end, every entry names a city, STCXYZ has five numbers per entry, and entry positions fit
        // the Int32 ranges of the search's stack.
        guard byState.count >= header, Int(byState[0]) == header, Int(byState[stateCount]) == byState.count,
            (0..<stateCount).allSatisfy({ byState[$0] <= byState[$0 + 1] }),
            (0..<stateCount).allSatisfy({ byState[$0 + 1] - byState[$0] <= CityIndex.maxPerState }),
            byState[header...].allSatisfy({ Int($0 & CityTreeLayout.cityMask) < n }),
            xyz.count == CityTreeLayout.f64PerEntry * (byState.count - header), byState.count <= Int(Int32.max)
        else {
            throw BoundariesError.dataFileCorrupted(
                path: file.path, detail: "STCITIES and STCXYZ do not fit the state and city tables")
        }
    }

    var count: Int { geonameIDs.count }

    /// The city named for (lat, lon) in `state`, with its great-circle distance in km. No allocation (the
    /// walk's stack lives on the call stack); the only library call is one arcsine (libm) for the distance.
    func city(for state: Int, latitude lat: Double, longitude lon: Double) -> (index: Int, km: Double)? {
        let first = Int(byState[state])
        let end = Int(byState[state + 1])
        guard first < end else { return nil }
        let q = CityTreeLayout.unitVector(latitude: lat, longitude: lon)
        let entries = byState
        let coords = xyz
        let base = header
        let table = u32
        var nearest = (d2: CityIndex.maxSearchChord2, city: -1)
        var urban = (pop: -1, d2: 0.0, city: -1)

        @inline(__always) func visit(_ k: Int) {
            let j = CityTreeLayout.f64PerEntry * (k - base)
            let dx = q.x - coords[j]
            let dy = q.y - coords[j + 1]
            let dz = q.z - coords[j + 2]
            let d2 = dx * dx + dy * dy + dz * dz
            let c = Int(entries[k] & CityTreeLayout.cityMask)
            if d2 < nearest.d2 || (d2 == nearest.d2 && c < nearest.city) { nearest = (d2, c) }
            if d2 <= coords[j + 3] {
                let pop = Int(table[4 * c + 2])
                if pop > urban.pop || (pop == urban.pop && (d2 < urban.d2 || (d2 == urban.d2 && c < urban.city))) {
                    urban = (pop, d2, c)
                }
            }
        }

        // Depth-first, nearer half first. Each range on the stack carries how far the point lies outside the
        // range's box along x, y and z (a split moves the far half's bound on its axis out to the split plane),
        // so the sum of their squares bounds the squared chord to any place in it from below. A range is
        // skipped when that bound exceeds both the nearest place so far and the largest urban chord in the
        // range. Each level adds at most one range to the stack, and a state's tree has at most `maxPerState`
        // entries (checked at load), so 24 ranges suffice; that is 768 bytes, small enough to live on the call
        // stack rather than the heap.
        withUnsafeTemporaryAllocation(of: (lo: Int32, hi: Int32, ox: Double, oy: Double, oz: Double).self, capacity: 24)
        { stack in
            var top = 1
            stack[0] = (Int32(first), Int32(end - 1), 0, 0, 0)
            while top > 0 {
                top -= 1
                let r = stack[top]
                let lo = Int(r.lo)
                let hi = Int(r.hi)
                let m = (lo + hi) >> 1
                let bound = r.ox * r.ox + r.oy * r.oy + r.oz * r.oz
                if bound > nearest.d2, bound > coords[CityTreeLayout.f64PerEntry * (m - base) + 4] { continue }
                if hi - lo < CityTreeLayout.nodeSize {
                    for k in lo...hi { visit(k) }
                    continue
                }
                visit(m)
                let axis = Int(entries[m] >> CityTreeLayout.axisShift)
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
                if top + 2 > stack.count { continue }  // only a corrupted tree is this deep
                stack[top] = far
                stack[top + 1] = near
                top += 2
            }
        }
        if urban.city >= 0 { return (urban.city, CityTreeLayout.kilometres(chordSquared: urban.d2)) }
        if nearest.city >= 0 { return (nearest.city, CityTreeLayout.kilometres(chordSquared: nearest.d2)) }
        return nil
    }
}
