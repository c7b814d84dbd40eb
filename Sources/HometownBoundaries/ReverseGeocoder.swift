import HometownCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reverse geocoding from the bundled data: a point to its country, state (Natural Earth 1:10m admin-1,
/// exact borders) and city (GeoNames cities500).
///
/// Immutable after loading (but for the names `places(_:)` keeps once built, see `PlaceRecords`) and `Sendable`:
/// share one instance between threads. Lookups use neither PROJ nor
/// GEOS (of C, only libm's math functions) and do not allocate (apart from the strings of a returned
/// `Place`); batches also give the CPU cache-prefetch hints (a compiler builtin, module `CPrefetch`). The data
/// file is memory-mapped, so only the pages a lookup needs are read.
///
/// For many points, `stateIndices(latitudes:longitudes:cores:)` and `matches(_:cores:)` are the fast forms:
/// indices instead of strings, all cores, and the next points' leaves loaded while one point is worked on.
///
/// At sea: a point in no state polygon but within `atSeaRadiusKm` (22.2 km, 12 nautical miles) of one gets
/// that state with `atSea == true` and the distance; farther out the result has no country and no state.
// @unchecked: every stored property is immutable (the records behind a lock are built once and then only read),
// and the buffers point into a read-only mapping owned by `file`.
public final class ReverseGeocoder: @unchecked Sendable {
    /// How much of the file to check against its checksums when loading.
    public enum Verification: Sendable {
        /// Every section (about 20 ms of CPU time for the bundled file, spread over the cores): use for
        /// long-running processes.
        case full
        /// Every section the lookups read (`match`, `place`, `matches`, `places`, the name tables), that is all but
        /// the state outlines that only `statePolygons` draws (about a fifth of the file): for a batch job that
        /// reads nearly all of the rest. Those outlines are bounds-checked as they are read, as with `header`.
        case lookups
        /// The header and the small tables only; the geometry is bounds-checked as it is read.
        case header
    }

    /// 12 nautical miles in km.
    public static let atSeaRadiusKm = 22.224
    /// A point nearer than this (1 mm) to a state's outline is on it, and so in the state.
    static let onOutlineKm = 1e-6

    public let file: DataFile
    let strings: UnsafeRawBufferPointer
    let aliases: UnsafeBufferPointer<UInt32>
    let stateU32: UnsafeBufferPointer<UInt32>
    let stateF64: UnsafeBufferPointer<Double>
    let countryU32: UnsafeBufferPointer<UInt32>
    let countryF64: UnsafeBufferPointer<Double>
    let cells: CellIndex
    let cities: CityIndex

    /// Number of states and countries in the data.
    public let stateCount: Int
    public let countryCount: Int

    /// The names `places(_:)` shares between its places, built by the first batch that needs them.
    private let sharedRecords = Locked<PlaceRecords?>(nil)
    /// The batch size from which `places(_:)` uses (and, the first time, builds) the shared records.
    static let sharedRecordsThreshold = 4096

    /// The shared records, built now if no batch built them before.
    func placeRecords() -> PlaceRecords {
        sharedRecords.withLock { r in
            if let r { return r }
            let built = PlaceRecords(self)
            r = built
            return built
        }
    }

    /// Loads the data file.
    /// - Parameters:
    ///   - path: the `hometown.bin` file; nil: the one `DataLocation` finds (`ReverseGeocoder.defaultDataPath()`).
    ///   - verification: how much to check now (see `Verification`).
    /// - Throws: `BoundariesError` naming the file and the problem (missing, truncated, corrupted, version).
    public init(path: String? = nil, verification: Verification = .full) throws {
        let p = try path ?? ReverseGeocoder.defaultDataPath()
        let f = try DataFile(path: p)
        switch verification {
        case .full:
            try f.verifyAll()
        case .lookups:
            try f.verifyAll(except: BoundariesLayout.outlineSections)
        case .header:
            let l = BoundariesLayout.self
            for tag in [
                l.meta.tag, l.strings.tag, l.aliases.tag, l.stateU32.tag, l.stateF64.tag, l.countryU32.tag,
                l.countryF64.tag, l.gridTop.tag, l.stateCities.tag,
            ] {
                try f.verify(tag)
            }
        }
        file = f
        strings = try f.bytes(BoundariesLayout.strings)
        aliases = try f.array(BoundariesLayout.aliases)
        stateU32 = try f.array(BoundariesLayout.stateU32)
        stateF64 = try f.array(BoundariesLayout.stateF64)
        countryU32 = try f.array(BoundariesLayout.countryU32)
        countryF64 = try f.array(BoundariesLayout.countryF64)
        stateCount = stateU32.count / StateRecordLayout.stride
        countryCount = countryU32.count / CountryRecordLayout.stride
        guard stateF64.count == ExtentRecordLayout.stride * stateCount,
            countryF64.count == ExtentRecordLayout.stride * countryCount, stateCount > 0
        else {
            throw BoundariesError.dataFileCorrupted(path: p, detail: "state and country tables do not agree in size")
        }
        for s in 0..<stateCount {
            let country = stateU32[StateRecordLayout.stride * s + StateRecordLayout.country]
            guard Int(country) < countryCount else {
                throw BoundariesError.dataFileCorrupted(
                    path: p, detail: "state \(s) names country \(country) of \(countryCount)")
            }
        }
        cells = try CellIndex(file: f, stateCount: stateCount)
        cities = try CityIndex(file: f, stateCount: stateCount)
    }

    /// The `hometown.bin` a loader given no path reads: the first found in `DataLocation`'s folders
    /// (`$HOMETOWN_DATA`; `../share/hometown/` beside the executable; the checkout an executable in its build folder
    /// was built in).
    /// - Throws: `BoundariesError.dataNotFound` naming every folder looked in.
    public static func defaultDataPath() throws -> String { try DataLocation.locate("hometown.bin") }

    // MARK: Lookups

    /// The index of the state whose polygon contains the point, or nil (sea, or no point on Earth). The hot
    /// path: no allocation, no C call.
    /// - Parameters: latitude in degrees, [-90, 90]; longitude in degrees, any finite value (wrapped into
    ///   [-180, 180)). A latitude beyond ±90 or a value that is not finite (NaN, infinity) gives nil.
    @inline(__always)
    public func stateIndex(latitude: Double, longitude: Double) -> Int? {
        guard let p = Self.indexPoint(latitude: latitude, longitude: longitude) else { return nil }
        if case .state(let s) = cells.locate(latitude: p.latitude, longitude: p.longitude) { return s }
        return nil
    }

    /// The point as the cell index reads it: the longitude wrapped into [-180, 180); nil for a latitude beyond
    /// ±90 or a value that is not finite, which no state holds (the index's arithmetic would trap on them).
    @inline(__always)
    static func indexPoint(latitude: Double, longitude: Double) -> (latitude: Double, longitude: Double)? {
        guard latitude.isFinite, longitude.isFinite, latitude >= -90, latitude <= 90 else { return nil }
        return (latitude, Coordinate.wrapLongitude(longitude))
    }

    /// State indices for many points (latitudes and longitudes in degrees, the same number of each); -1
    /// marks sea, and a point that is not on Earth (a latitude beyond ±90, a value that is not finite), as
    /// `stateIndex(latitude:longitude:)` reads them. Runs on `cores` threads at most (nil: all cores). While one
    /// point is looked up, the leaf of a point a few places further on is already being loaded, so a batch is
    /// faster per point than single lookups.
    public func stateIndices(latitudes: [Double], longitudes: [Double], cores: Int? = nil) -> [Int32] {
        precondition(latitudes.count == longitudes.count, "latitudes and longitudes differ in length")
        let n = latitudes.count
        var out = [Int32](repeating: -1, count: n)
        out.withUnsafeMutableBufferPointer { o in
            let op = o
            latitudes.withUnsafeBufferPointer { la in
                longitudes.withUnsafeBufferPointer { lo in
                    Parallel.chunks(n, cores: cores) { range in
                        // A point not on Earth is looked up at (0, 0) and its answer dropped.
                        let point = { (i: Int) in
                            Self.indexPoint(latitude: la[i], longitude: lo[i]) ?? (latitude: 0, longitude: 0)
                        }
                        self.cells.pipelined(range, point: point) { i, code in
                            guard let p = Self.indexPoint(latitude: la[i], longitude: lo[i]) else { return }
                            if case .state(let s) = self.cells.resolve(
                                code, latitude: p.latitude, longitude: p.longitude)
                            {
                                op[i] = Int32(s)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Everything known about the point: country, state, city, at sea.
    public func place(at c: Coordinate) -> Place { place(match(c), at: c) }

    /// The compact answer for a point: state, city and at-sea as indices (see `PlaceMatch`). The hot path of
    /// a full lookup: no allocation, no PROJ or GEOS.
    public func match(_ c: Coordinate) -> PlaceMatch {
        match(c, cells.locate(latitude: c.latitude, longitude: c.longitude))
    }

    /// `match(_:)` once the cell index has answered for the point.
    @inline(__always)
    func match(_ c: Coordinate, _ hit: CellIndex.Hit) -> PlaceMatch {
        guard let s = state(c, hit) else { return .openSea }
        let city = cities.city(for: s.state, latitude: c.latitude, longitude: c.longitude)
        return PlaceMatch(
            state: Int32(s.state), city: Int32(city?.index ?? -1), atSea: s.atSea, distanceKm: s.km,
            cityKm: city?.km ?? 0)
    }

    /// The state of a match once the cell index has answered for the point (for a point at sea, the nearest state
    /// within `atSeaRadiusKm`, with the distance in km), or nil far at sea.
    @inline(__always)
    func state(_ c: Coordinate, _ hit: CellIndex.Hit) -> (state: Int, atSea: Bool, km: Double)? {
        switch hit {
        case .state(let s):
            return (s, false, 0)
        case .sea(let deep):
            if deep { return nil }
            guard
                let near = cells.nearestState(
                    latitude: c.latitude, longitude: c.longitude, maxKm: ReverseGeocoder.atSeaRadiusKm)
            else { return nil }
            // A point on a state's outline is in the state, with no sea between: outlines are cut at 180° (66, 180
            // is Chukotka) and the South Pole is a corner of Antarctica's, and a point on such an edge is
            // outside the polygon as its cells test it.
            if near.km < ReverseGeocoder.onOutlineKm { return (near.state, false, 0) }
            return (near.state, true, near.km)
        }
    }

    /// `match(_:)` for many points, in input order, on `cores` threads at most (nil: all cores). Each thread's
    /// part goes in two passes: the states, pipelined like `stateIndices`, then the cities, several searches side
    /// by side (`CityIndex.cities`), so that the memory loads of different points overlap in both.
    public func matches(_ coordinates: [Coordinate], cores: Int? = nil) -> [PlaceMatch] {
        let n = coordinates.count
        var out = [PlaceMatch](repeating: .openSea, count: n)
        out.withUnsafeMutableBufferPointer { o in
            let op = o
            coordinates.withUnsafeBufferPointer { cs in
                Parallel.chunks(n, cores: cores) { range in
                    self.cells.pipelined(range, point: { (cs[$0].latitude, cs[$0].longitude) }) { i, code in
                        let c = cs[i]
                        let hit = self.cells.resolve(code, latitude: c.latitude, longitude: c.longitude)
                        if let s = self.state(c, hit) {
                            op[i] = PlaceMatch(
                                state: Int32(s.state), city: -1, atSea: s.atSea, distanceKm: s.km, cityKm: 0)
                        }
                    }
                    let first = range.lowerBound
                    self.cities.cities(
                        range.count,
                        request: { k in
                            let m = op[first + k]
                            return m.state >= 0 ? (Int(m.state), cs[first + k].latitude, cs[first + k].longitude) : nil
                        },
                        answer: { k, city in
                            guard let city else { return }
                            let m = op[first + k]
                            op[first + k] = PlaceMatch(
                                state: m.state, city: Int32(city.index), atSea: m.atSea, distanceKm: m.distanceKm,
                                cityKm: city.km)
                        })
                }
            }
        }
        return out
    }

    /// The `Place` that a match of `coordinate` stands for. A match from another geocoder (another data
    /// file) is not checked beyond its indices: out-of-range indices read as none.
    public func place(_ m: PlaceMatch, at coordinate: Coordinate) -> Place { place(m, at: coordinate, records: nil) }

    /// `place(_:at:)`, taking the names from `records` when given (a batch shares them, see `PlaceRecords`).
    func place(_ m: PlaceMatch, at c: Coordinate, records: PlaceRecords?) -> Place {
        let s = Int(m.state)
        guard s >= 0, s < stateCount else {
            return Place(coordinate: c, country: nil, state: nil, city: nil, atSea: true, distanceKm: 0)
        }
        let city =
            m.city >= 0 && Int(m.city) < cities.count
            ? cityInfo(Int(m.city), km: m.cityKm, name: records?.cityNames[Int(m.city)]) : nil
        let country = countryIndex(ofState: s)
        return Place(
            coordinate: c, country: records?.countries[country] ?? countryInfo(country),
            state: records?.states[s] ?? stateInfo(s), city: city, atSea: m.atSea, distanceKm: m.distanceKm)
    }

    /// `place(at:)` for many points, in input order, using all cores. For large jobs `matches(_:)` is several
    /// times faster: it builds no strings.
    public func places(_ coordinates: [Coordinate]) -> [Place?] {
        let n = coordinates.count
        // Large batches share one copy of every name (built by the first one) instead of building one per point.
        let records = n >= Self.sharedRecordsThreshold ? placeRecords() : nil
        // Each element is written once, by the worker whose chunk holds it (the chunks cover 0..<n exactly): no
        // pass filling the array with nil first.
        return [Place?](unsafeUninitializedCapacity: n) { o, initialized in
            let op = o
            coordinates.withUnsafeBufferPointer { cs in
                Parallel.chunks(n) { range in
                    self.cells.pipelined(range, point: { (cs[$0].latitude, cs[$0].longitude) }) { i, code in
                        let m = self.match(
                            cs[i], self.cells.resolve(code, latitude: cs[i].latitude, longitude: cs[i].longitude))
                        (op.baseAddress! + i).initialize(to: self.place(m, at: cs[i], records: records))
                    }
                }
            }
            initialized = n
        }
    }

    // MARK: Records

    /// The bytes of the string table at `off` (`len` bytes): empty beyond the table (only in a damaged file).
    func bytes(_ off: UInt32, _ len: UInt32) -> UnsafeRawBufferPointer {
        let a = Int(off)
        let b = Int(off) + Int(len)
        guard b <= strings.count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: strings[a..<b])
    }

    func string(_ off: UInt32, _ len: UInt32) -> String { String(decoding: bytes(off, len), as: UTF8.self) }

    /// The text whose offset and length are the two words of `row` at `i` (a field of a record layout).
    func text(_ row: UnsafeBufferPointer<UInt32>, at i: Int) -> String { string(row[i], row[i + 1]) }

    func aliasList(_ start: UInt32, _ count: UInt32) -> [String] {
        (0..<Int(count)).compactMap { k in
            let i = 2 * (Int(start) + k)
            return i + 1 < aliases.count ? string(aliases[i], aliases[i + 1]) : nil
        }
    }

    /// The state record `i` (0..<stateCount).
    public func stateInfo(_ i: Int) -> Place.State {
        let (name, iso) = stateNameAndISO(i)
        let b = StateRecordLayout.stride * i
        return Place.State(
            name: name, iso: iso,
            aliases: aliasList(
                stateU32[b + StateRecordLayout.aliasStart], stateU32[b + StateRecordLayout.aliasCount]))
    }

    /// State `i`'s name and ISO 3166-2 code (nil when it has none), without its aliases (for a writer that needs
    /// only these, for every state).
    public func stateNameAndISO(_ i: Int) -> (name: String, iso: String?) {
        let b = StateRecordLayout.stride * i
        let iso = text(stateU32, at: b + StateRecordLayout.iso)
        return (text(stateU32, at: b + StateRecordLayout.name), iso.isEmpty ? nil : iso)
    }

    /// Country `i`'s name and ISO 3166-1 alpha-2 code (nil when it has none), without its other fields.
    public func countryNameAndISO2(_ i: Int) -> (name: String, iso2: String?) {
        let b = CountryRecordLayout.stride * i
        let iso2 = text(countryU32, at: b + CountryRecordLayout.iso2)
        return (text(countryU32, at: b + CountryRecordLayout.name), iso2.isEmpty ? nil : iso2)
    }

    /// The country index of state `i`.
    public func countryIndex(ofState i: Int) -> Int {
        Int(stateU32[StateRecordLayout.stride * i + StateRecordLayout.country])
    }

    /// The country record `i` (0..<countryCount).
    public func countryInfo(_ i: Int) -> Place.Country {
        let b = CountryRecordLayout.stride * i
        let (name, iso2) = countryNameAndISO2(i)
        let iso3 = text(countryU32, at: b + CountryRecordLayout.iso3)
        return Place.Country(
            name: name, iso2: iso2, iso3: iso3.isEmpty ? nil : iso3,
            aliases: aliasList(
                countryU32[b + CountryRecordLayout.aliasStart], countryU32[b + CountryRecordLayout.aliasCount]))
    }

    /// Bounding box of state `i` (may cross the antimeridian) and a point inside it.
    public func stateExtent(_ i: Int) -> (bbox: BoundingBox, point: Coordinate) { extent(stateF64, i) }

    /// Bounding box of country `i` (may cross the antimeridian) and a point inside its largest part.
    public func countryExtent(_ i: Int) -> (bbox: BoundingBox, point: Coordinate) { extent(countryF64, i) }

    /// Row `i` of STATEF64 or CTRYF64 (`ExtentRecordLayout`).
    private func extent(_ rows: UnsafeBufferPointer<Double>, _ i: Int) -> (bbox: BoundingBox, point: Coordinate) {
        let b = ExtentRecordLayout.stride * i + ExtentRecordLayout.box
        let p = ExtentRecordLayout.stride * i
        return (
            BoundingBox(uncheckedWest: rows[b], south: rows[b + 1], east: rows[b + 2], north: rows[b + 3]),
            Coordinate(
                uncheckedLatitude: rows[p + ExtentRecordLayout.pointLatitude],
                longitude: rows[p + ExtentRecordLayout.pointLongitude])
        )
    }

    /// City `i` at `km` from the point; `name` is its name when the caller has it already.
    func cityInfo(_ i: Int, km: Double, name: String? = nil) -> Place.City {
        let p = cities.point(i)
        return Place.City(
            name: name ?? cityName(i), population: cities.population(i), geonameID: Int(cities.geonameIDs[i]),
            latitude: p.latitude, longitude: p.longitude, distanceKm: km)
    }

    /// Number of cities in the data.
    public var cityCount: Int { cities.count }

    /// The full-detail polygons of state `i`, as rings of (longitude, latitude) with the first point repeated
    /// last; the first ring of each polygon is its shell. These are the polygons the lookup index was cut from.
    public func statePolygons(_ i: Int) throws -> [[[(Double, Double)]]] {
        let idx = try file.array(BoundariesLayout.outlineIndex)
        let stream = try file.array(BoundariesLayout.outlineStream)
        let xy = try file.array(BoundariesLayout.outlineCoordinates)
        guard i + 1 < idx.count else { return [] }
        var p = Int(idx[i])
        let bad = BoundariesError.dataFileCorrupted(
            path: file.path, detail: "state polygon \(i) lies outside its section")
        guard p < stream.count else { throw bad }
        let polys = Int(stream[p])
        p += 1
        var out: [[[(Double, Double)]]] = []
        for _ in 0..<polys {
            guard p < stream.count else { throw bad }
            let rings = Int(stream[p])
            p += 1
            var poly: [[(Double, Double)]] = []
            for _ in 0..<rings {
                guard p + 1 < stream.count else { throw bad }
                let c = Int(stream[p])
                let n = Int(stream[p + 1])
                p += 2
                guard c + 2 * n <= xy.count else { throw bad }
                poly.append((0..<n).map { (xy[c + 2 * $0], xy[c + 2 * $0 + 1]) })
            }
            out.append(poly)
        }
        return out
    }
}
