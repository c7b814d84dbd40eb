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
        u32 = try file.array(BoundariesLayout.cityU32)
        geonameIDs = try file.array(BoundariesLayout.cityGeonameIDs)
        f64 = try file.array(BoundariesLayout.cityF64)
        byState = try file.array(BoundariesLayout.stateCities)
        xyz = try file.array(BoundariesLayout.stateCityVectors)
        header = stateCount + 1
        let n = geonameIDs.count
        guard u32.count == CityRecordLayout.stride * n, f64.count == CityRecordLayout.f64Stride * n else {
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

    /// City `c`'s population (CITYU32, `CityRecordLayout`).
    @inline(__always) func population(_ c: Int) -> Int {
        Int(u32[CityRecordLayout.stride * c + CityRecordLayout.population])
    }

    /// The state the builder gave city `c`, or nil.
    func state(_ c: Int) -> Int? {
        let s = u32[CityRecordLayout.stride * c + CityRecordLayout.state]
        return s == CityRecordLayout.noState ? nil : Int(s)
    }

    /// City `c`'s point (CITYF64, `CityRecordLayout`).
    @inline(__always) func point(_ c: Int) -> (latitude: Double, longitude: Double) {
        (f64[CityRecordLayout.f64Stride * c], f64[CityRecordLayout.f64Stride * c + 1])
    }

    /// The city named for (lat, lon) in `state`, with its great-circle distance in km. No allocation (the
    /// walk's stack lives on the call stack); the only library call is one arcsine (libm) for the distance.
    func city(for state: Int, latitude lat: Double, longitude lon: Double) -> (index: Int, km: Double)? {
        guard let root = CityWalk.root(of: state, in: self) else { return nil }
        var walk = CityWalk(latitude: lat, longitude: lon)
        // Depth-first, nearer half first (see `CityWalk.work`).
        withUnsafeTemporaryAllocation(of: CityWalk.Range.self, capacity: CityWalk.stackCapacity) { stack in
            let s = stack.baseAddress!
            s[0] = root
            var top = 1
            while top > 0 {
                top -= 1
                walk.work(s[top], self, stack: s, top: &top)
            }
        }
        return walk.answer
    }
}
