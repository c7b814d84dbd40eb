/// GeoNames places bucketed in 0.5-degree cells, and the rule that names the city for a point in a state.
///
/// The rule: every place has an urban radius that grows with its population,
/// `r = min(25 km, 0.25 km * sqrt(population / 1000))` (1,000 people: 0.25 km; 100,000: 2.5 km;
/// 1 million: 7.9 km; 8 million: 22 km). Among the places of the same state whose radius holds the point,
/// the most populous is named, so a point inside a big city names the city, not a neighbourhood or suburb
/// that is nearer. When no radius holds the point, the nearest place of the state is named.
struct CityIndex: @unchecked Sendable {
    static let columns = 720
    static let rows = 360
    static let maxUrbanRadiusKm = 25.0
    /// Places farther than this (about 2,200 km) are not searched for.
    static let maxRings = 40
    /// The same bound in km for states searched by a scan.
    static let maxSearchKm = Double(maxRings) * 0.5 * Geometry2D.kmPerDegreeLatitude

    let u32: UnsafeBufferPointer<UInt32>       // nameOffset, nameLength, population, state
    let geonameIDs: UnsafeBufferPointer<UInt32>
    let f64: UnsafeBufferPointer<Double>       // latitude, longitude
    let grid: UnsafeBufferPointer<UInt32>
    /// `stateCount + 1` offsets into this same array, then each state's cities.
    let byState: UnsafeBufferPointer<UInt32>
    /// A state with at most this many places is searched by scanning them, not by rings of cells.
    static let scanLimit = 64

    init(file: DataFile, stateCount: Int) throws {
        u32 = try file.array("CITYU32", of: UInt32.self)
        geonameIDs = try file.array("CITYGID", of: UInt32.self)
        f64 = try file.array("CITYF64", of: Double.self)
        grid = try file.array("CITYGRID", of: UInt32.self)
        byState = try file.array("STCITIES", of: UInt32.self)
        let n = geonameIDs.count
        guard u32.count == 4 * n, f64.count == 2 * n, grid.count == CityIndex.columns * CityIndex.rows + 1,
              Int(grid[grid.count - 1]) == n else {
            throw BoundariesError.dataFileCorrupted(path: file.path, detail: "city tables do not agree in size")
        }
        guard byState.count >= stateCount + 1, Int(byState[0]) == stateCount + 1, Int(byState[stateCount]) == byState.count,
              (0..<stateCount).allSatisfy({ byState[$0] <= byState[$0 + 1] }),
              byState[(stateCount + 1)...].allSatisfy({ Int($0) < n }) else {
            throw BoundariesError.dataFileCorrupted(path: file.path, detail: "STCITIES does not fit the state and city tables")
        }
    }

    var count: Int { geonameIDs.count }

    @inline(__always) static func urbanRadiusKm(population: Int) -> Double {
        min(maxUrbanRadiusKm, 0.25 * (Double(population) / 1000).squareRoot())
    }

    /// The city named for (lat, lon) in `state`, with its great-circle distance in km.
    func city(for state: Int, latitude lat: Double, longitude lon: Double) -> (index: Int, km: Double)? {
        let first = Int(byState[state]), end = Int(byState[state + 1])
        let cosLat = Geometry2D.cosApprox(lat * .pi / 180)
        if end - first <= CityIndex.scanLimit {
            // Few places (often a large, empty state: rings of cells would search far): scan them all.
            var nearest: (i: Int, km: Double)? = nil
            var urban: (i: Int, pop: Int, km: Double)? = nil
            for k in first..<end {
                let i = Int(byState[k])
                let pop = Int(u32[4 * i + 2])
                // The meridian arc bounds the distance from below: skip places that can be neither nearer nor urban.
                if Geometry2D.meridianKm(lat, f64[2 * i]) > max(nearest?.km ?? .infinity, CityIndex.urbanRadiusKm(population: pop)) { continue }
                let km = Geometry2D.haversineKm(lat, lon, cosLat1: cosLat, f64[2 * i], f64[2 * i + 1])
                if km > CityIndex.maxSearchKm { continue }
                if nearest == nil || km < nearest!.km { nearest = (i, km) }
                if km <= CityIndex.urbanRadiusKm(population: pop), urban == nil || pop > urban!.pop { urban = (i, pop, km) }
            }
            return urban.map { ($0.i, $0.km) } ?? nearest.map { ($0.i, $0.km) }
        }
        let col0 = Int((lon + 180) * 2), row0 = min(CityIndex.rows - 1, max(0, Int((lat + 90) * 2)))
        let kx = Geometry2D.cosApprox(lat * .pi / 180)
        var nearest: (i: Int, km: Double)? = nil
        var urban: (i: Int, pop: Int)? = nil
        var ring = 0
        while ring <= CityIndex.maxRings {
            // Cells of this ring are at least (ring - 1) * 0.5 degrees away in latitude terms (~55 km per ring),
            // and farther in longitude terms only where cos(lat) shrinks them; use the smaller step.
            let reach = Double(max(0, ring - 1)) * 0.5 * Geometry2D.kmPerDegreeLatitude * min(1, max(kx, 0.05))
            if reach > max(CityIndex.maxUrbanRadiusKm, nearest?.km ?? .infinity) { break }
            for dr in -ring...ring {
                let row = row0 + dr
                if row < 0 || row >= CityIndex.rows { continue }
                let step = (abs(dr) == ring) ? 1 : 2 * ring
                var dc = -ring
                while dc <= ring {
                    let c = ((col0 + dc) % CityIndex.columns + CityIndex.columns) % CityIndex.columns
                    let cell = row * CityIndex.columns + c
                    let a = Int(grid[cell]), b = Int(grid[cell + 1])
                    if a < b, b <= count {
                        for i in a..<b where Int(u32[4 * i + 3]) == state {
                            let clat = f64[2 * i], clon = f64[2 * i + 1]
                            let pop = Int(u32[4 * i + 2])
                            if Geometry2D.meridianKm(lat, clat) > max(nearest?.km ?? .infinity, CityIndex.urbanRadiusKm(population: pop)) { continue }
                            let km = Geometry2D.haversineKm(lat, lon, cosLat1: cosLat, clat, clon)
                            if nearest == nil || km < nearest!.km { nearest = (i, km) }
                            if km <= CityIndex.urbanRadiusKm(population: pop), urban == nil || pop > urban!.pop { urban = (i, pop) }
                        }
                    }
                    if ring == 0 { break }
                    dc += step
                }
            }
            ring += 1
        }
        if let u = urban {
            return (u.i, Geometry2D.haversineKm(lat, lon, f64[2 * u.i], f64[2 * u.i + 1]))
        }
        return nearest.map { ($0.i, $0.km) }
    }
}
