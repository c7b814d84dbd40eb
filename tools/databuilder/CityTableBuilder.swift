import HometownBoundaries
import HometownGEOS

/// The GeoNames cities500 places with the state each lies in (by our polygons; a coastal place outside every
/// polygon goes to the nearest state within 0.25 degrees), in table order by 0.5-degree cell, then falling
/// population; and each state's places as a k-d tree (`CityTreeOrder`) for the city search.
struct CityTableBuilder {
    static let gridColumns = 720
    static let gridRows = 360

    var u32: [UInt32] = []  // per city: nameOffset, nameLength, population, state (UInt32.max = none)
    var geonameIDs: [UInt32] = []
    var f64: [Double] = []  // per city: latitude, longitude
    var byState: [UInt32] = []  // stateCount + 1 start offsets, then the cities of each state (k-d tree order)
    // Per entry of byState after the offsets: x, y, z, squared urban chord, range maximum.
    var byStateXYZ: [Double] = []
    var report: [String] = []

    init(sources: RawSources, catalog: StateCatalog, pool: inout StringPool, context: GEOSContext) throws {
        let states = catalog.states
        let tree = try STRtree(context: context)
        for (i, s) in states.enumerated() { try tree.insert(s.geometry, item: i) }
        var assigned: [Int?] = catalog.cityState
        var nearest = 0
        var none = 0
        for (ci, c) in sources.cities.enumerated() where assigned[ci] == nil {
            let pt = try Geometry(pointX: c.longitude, y: c.latitude, context: context)
            var best: (Int, Double)? = nil
            for i in try tree.query(
                minX: c.longitude - 0.25, minY: c.latitude - 0.25, maxX: c.longitude + 0.25, maxY: c.latitude + 0.25)
            {
                let d = try states[i].geometry.distance(to: pt)
                if d <= 0.25, best == nil || d < best!.1 { best = (i, d) }
            }
            if let b = best {
                assigned[ci] = b.0
                nearest += 1
            } else {
                none += 1
            }
        }
        report.append(
            "cities: \(sources.cities.count); outside every polygon, given the nearest state: \(nearest); no state within 0.25 degrees: \(none)"
        )

        func cellOf(_ lat: Double, _ lon: Double) -> Int {
            let col = min(CityTableBuilder.gridColumns - 1, max(0, Int((lon + 180) * 2)))
            let row = min(CityTableBuilder.gridRows - 1, max(0, Int((lat + 90) * 2)))
            return row * CityTableBuilder.gridColumns + col
        }
        let order = sources.cities.indices.sorted { a, b in
            let ca = sources.cities[a]
            let cb = sources.cities[b]
            let ka = cellOf(ca.latitude, ca.longitude)
            let kb = cellOf(cb.latitude, cb.longitude)
            if ka != kb { return ka < kb }
            if ca.population != cb.population { return ca.population > cb.population }
            return ca.geonameID < cb.geonameID
        }
        for ci in order {
            let c = sources.cities[ci]
            let name = pool.add(c.name)
            u32 += CityRecordLayout.row(
                name: name, population: UInt32(clamping: c.population), state: assigned[ci].map { UInt32($0) })
            geonameIDs.append(UInt32(c.geonameID))
            f64 += [c.latitude, c.longitude]
        }
        var lists = [[UInt32]](repeating: [], count: states.count)
        for (rank, ci) in order.enumerated() { if let s = assigned[ci] { lists[s].append(UInt32(rank)) } }
        var offset = UInt32(states.count + 1)
        for l in lists {
            byState.append(offset)
            offset += UInt32(l.count)
        }
        byState.append(offset)
        let table = (u32: u32, f64: f64)
        for l in lists where !l.isEmpty {
            let tree = CityTreeOrder.layout(
                cities: l,
                position: {
                    (
                        table.f64[CityRecordLayout.f64Stride * Int($0)],
                        table.f64[CityRecordLayout.f64Stride * Int($0) + 1]
                    )
                },
                urbanRadiusKm: {
                    CityTreeLayout.urbanRadiusKm(
                        population: Int(table.u32[CityRecordLayout.stride * Int($0) + CityRecordLayout.population]))
                })
            byState += tree.entries
            byStateXYZ += tree.xyz
        }
    }
}
