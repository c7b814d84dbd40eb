import HometownBoundaries
import HometownCore

#if canImport(Glibc)
    import Glibc
#endif

/// Forward geocoding from the bundled gazetteer (`data/gazetteer.bin`): place names to points and boxes.
///
/// Immutable after loading and `Sendable`: share one instance between threads. The file is memory-mapped;
/// a search calls no C library. See `search(_:limit:)` for the query rules.
// @unchecked: every stored property is immutable; the buffers point into a read-only mapping owned by `file`.
public final class Gazetteer: @unchecked Sendable {
    /// Queries are cut to this many characters before they are read.
    public static let maxQueryCharacters = 256
    /// The largest `limit` a search takes.
    public static let maxLimit = 100

    public let file: DataFile
    let strings: UnsafeRawBufferPointer
    let u32: UnsafeBufferPointer<UInt32>
    let f64: UnsafeBufferPointer<Double>
    let table: UnsafeBufferPointer<UInt32>
    let postings: UnsafeBufferPointer<UInt32>
    let words: UnsafeBufferPointer<UInt32>
    let boxes: UnsafeBufferPointer<Double>
    /// The city entries that are national capitals (GeoNames PPLC; section CAPITALS, empty in a file built
    /// before it existed).
    let capitals: Set<Int>
    /// Every name key in byte order, back to back (section PFXKEYS; empty in a file built before it existed).
    let prefixKeys: UnsafeRawBufferPointer
    /// Per key of `prefixKeys`: the offset of its first byte and of its postings (section PFXINDEX).
    let prefixIndex: UnsafeBufferPointer<UInt32>
    /// US ZIP codes: per code, the code and its state's (or territory's) entry (section USZIP, sorted; empty in a
    /// file built before it existed).
    let zipCodes: UnsafeBufferPointer<UInt32>
    /// Per ZIP code: its latitude and longitude in `GazetteerLayout.zipPointScale`ths of a degree (USZIPPT).
    let zipPoints: UnsafeBufferPointer<Int32>
    /// The language tags of the names in people's languages (section LANGS; empty in a file built before they
    /// were added).
    public let languageTags: [String]
    /// Names in people's languages: (language, offset, length) rows grouped by entry (LOCNAMES), and each
    /// entry's first row (LOCINDEX).
    let localNames: UnsafeBufferPointer<UInt32>
    let localIndex: UnsafeBufferPointer<UInt32>
    /// (GeoNames id, entry) pairs of the cities, sorted (GIDINDEX).
    let geonameIndex: UnsafeBufferPointer<UInt32>
    /// The entries with an ISO code, sorted by code (CODES).
    let codeIndex: UnsafeBufferPointer<UInt32>
    /// Postal codes beyond the US ZIP codes: (family, number, holder) rows (PCODES) and their points (PCODEPT).
    let postalCodes: UnsafeBufferPointer<UInt32>
    let postalPoints: UnsafeBufferPointer<Int32>
    /// The other countries' postal codes: (packed high, packed low and country, city entry) rows (WPCODES), and
    /// per country its ISO code, the usual form of its codes and the tail written after a shortened one (WPCTRY).
    let worldPostalCodes: UnsafeBufferPointer<UInt32>
    let worldPostalCountries: [WorldPostalCountry]
    /// Number of entries (countries, states, regions, cities).
    public let entryCount: Int

    /// Loads the gazetteer.
    /// - Parameters:
    ///   - path: the `gazetteer.bin` file; nil: the one `DataLocation` finds (`Gazetteer.defaultDataPath()`).
    ///   - verify: check every section's checksum (about 10 ms); without it only the header is checked and
    ///     every read is bounds-checked.
    /// - Throws: `GazetteerError` naming the file and the problem.
    public init(path: String? = nil, verify: Bool = true) throws {
        let p: String
        do { p = try path ?? Gazetteer.defaultDataPath() } catch let e as BoundariesError {
            throw GazetteerError.dataFile(e)
        }
        let capitalList: [UInt32]
        do {
            let f = try DataFile(path: p, version: GazetteerLayout.version)
            if verify { try f.verifyAll() }
            file = f
            strings = try f.bytes(GazetteerLayout.strings)
            u32 = try f.array(GazetteerLayout.entryU32)
            f64 = try f.array(GazetteerLayout.entryF64)
            table = try f.array(GazetteerLayout.nameTable)
            postings = try f.array(GazetteerLayout.postings)
            words = try f.array(GazetteerLayout.words)
            boxes = try f.array(GazetteerLayout.boxes)
            // Sections added after the first files were built: absent, a feature has nothing to search.
            let l = GazetteerLayout.self
            let hasPrefixes = f.has(l.prefixKeys) && f.has(l.prefixIndex)
            prefixKeys = hasPrefixes ? try f.bytes(l.prefixKeys) : UnsafeRawBufferPointer(start: nil, count: 0)
            prefixIndex = hasPrefixes ? try f.array(l.prefixIndex) : UnsafeBufferPointer(start: nil, count: 0)
            let hasZIPs = f.has(l.zipCodes) && f.has(l.zipPoints)
            zipCodes = hasZIPs ? try f.array(l.zipCodes) : UnsafeBufferPointer(start: nil, count: 0)
            zipPoints = hasZIPs ? try f.array(l.zipPoints) : UnsafeBufferPointer(start: nil, count: 0)
            localNames = try f.arrayIfPresent(l.localNames)
            localIndex = try f.arrayIfPresent(l.localIndex)
            geonameIndex = try f.arrayIfPresent(l.geonameIndex)
            codeIndex = try f.arrayIfPresent(l.codeIndex)
            postalCodes = try f.arrayIfPresent(l.postalCodes)
            postalPoints = try f.arrayIfPresent(l.postalPoints)
            worldPostalCodes = try f.arrayIfPresent(l.worldPostalCodes)
            worldPostalCountries =
                f.has(l.worldPostalCountries)
                ? String(decoding: try f.bytes(l.worldPostalCountries), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(WorldPostalCountry.init(line:)) : []
            languageTags = String(decoding: try f.arrayIfPresent(l.languages), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            capitalList = Array(try f.arrayIfPresent(l.capitals))
        } catch let e as BoundariesError {
            throw GazetteerError.dataFile(e)
        }
        entryCount = u32.count / GazetteerLayout.u32PerEntry
        func bad(_ d: String) -> GazetteerError { .corrupted(path: p, detail: d) }
        guard entryCount > 0, u32.count == entryCount * GazetteerLayout.u32PerEntry,
            f64.count == entryCount * GazetteerLayout.f64PerEntry
        else {
            throw bad("entry tables do not agree in size")
        }
        guard table.count >= 2, (table.count / 2) & (table.count / 2 - 1) == 0, table.count % 2 == 0,
            words.count > 0, words.count & (words.count - 1) == 0
        else {
            throw bad("hash tables are not a power of two in size")
        }
        // Capitals (about 240) must be cities, ascending. With `verify` a bad one is a corrupted file; without it
        // (one-shot commands, damaged tables) only the cities among them are kept.
        var kept = Set<Int>()
        for (i, v) in capitalList.enumerated() {
            let isCity =
                Int(v) < entryCount
                && u32[Int(v) * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.kind] == PlaceKind.city.rawValue
            if verify && !(isCity && (i == 0 || capitalList[i - 1] < v)) {
                throw bad("capital \(i) (entry \(v)) is not a city, or the list is not ascending")
            }
            if isCity { kept.insert(Int(v)) }
        }
        capitals = kept
        // ZIP codes: the two tables agree in length, and (with `verify`) the codes ascend and name entries.
        guard zipCodes.count % GazetteerLayout.u32PerZIP == 0,
            zipCodes.count / GazetteerLayout.u32PerZIP == zipPoints.count / GazetteerLayout.i32PerZIP,
            zipPoints.count % GazetteerLayout.i32PerZIP == 0
        else {
            throw bad("the ZIP code tables do not agree in size")
        }
        // Names in people's languages: one index row per entry and one more, or none at all.
        guard localIndex.isEmpty || localIndex.count == entryCount + 1,
            localNames.count % GazetteerLayout.u32PerLocalName == 0,
            geonameIndex.count % GazetteerLayout.u32PerGeonameIndex == 0,
            postalCodes.count % GazetteerLayout.u32PerPostalCode == 0,
            postalCodes.count / GazetteerLayout.u32PerPostalCode == postalPoints.count / 2, postalPoints.count % 2 == 0
        else {
            throw bad("the tables of names in people's languages or of postal codes do not agree in size")
        }
        guard worldPostalCodes.count % GazetteerLayout.u32PerWorldPostalCode == 0,
            worldPostalCodes.isEmpty || !worldPostalCountries.isEmpty
        else {
            throw bad("the table of other countries' postal codes does not agree in size")
        }
        // With `verify`, the tables are also checked whole: every link points at an entry, every string lies in
        // the pool, every posting list in its section. Without it (a one-shot command), each read is checked as
        // it is made instead, so no search can read out of bounds either way.
        guard verify else { return }
        for e in 0..<entryCount {
            let b = e * GazetteerLayout.u32PerEntry
            let kind = u32[b + GazetteerEntryLayout.kind]
            guard kind <= PlaceKind.city.rawValue else { throw bad("entry \(e) has kind \(kind)") }
            for k in GazetteerEntryLayout.Link.allCases {
                let v = u32[b + k.rawValue]
                if v != GazetteerLayout.none && Int(v) >= entryCount {
                    throw bad("entry \(e) links to entry \(v) of \(entryCount)")
                }
            }
            for k in [GazetteerEntryLayout.name, GazetteerEntryLayout.code]
            where Int(u32[b + k]) + Int(u32[b + k + 1]) > strings.count {
                throw bad("entry \(e) has a string outside the pool")
            }
            let box = u32[b + GazetteerEntryLayout.box]
            guard (box == GazetteerLayout.none) == (kind == PlaceKind.city.rawValue),
                box == GazetteerLayout.none || (Int(box) + 1) * GazetteerLayout.f64PerBox <= boxes.count
            else {
                throw bad("entry \(e) has box \(box) of \(boxes.count / GazetteerLayout.f64PerBox)")
            }
        }
        for k in 0..<(zipCodes.count / GazetteerLayout.u32PerZIP) {
            let b = k * GazetteerLayout.u32PerZIP
            guard Int(zipCodes[b + 1]) < entryCount, k == 0 || zipCodes[b - GazetteerLayout.u32PerZIP] < zipCodes[b]
            else {
                throw bad("ZIP code \(k) is out of order or names a missing entry")
            }
        }
        let rows = localNames.count / GazetteerLayout.u32PerLocalName
        for e in 0..<localIndex.count
        where localIndex[e] > (e + 1 < localIndex.count ? localIndex[e + 1] : UInt32(rows)) {
            throw bad("the names in people's languages of entry \(e) are out of order")
        }
        if let last = localIndex.last, Int(last) != rows { throw bad("the last language index row is not \(rows)") }
        for r in 0..<rows {
            let b = r * GazetteerLayout.u32PerLocalName
            guard Int(localNames[b]) < languageTags.count,
                Int(localNames[b + 1]) + Int(localNames[b + 2]) <= strings.count
            else {
                throw bad("name \(r) in people's languages has an unknown language or a string outside the pool")
            }
        }
        for k in 0..<(geonameIndex.count / 2) {
            guard Int(geonameIndex[2 * k + 1]) < entryCount, k == 0 || geonameIndex[2 * k - 2] <= geonameIndex[2 * k]
            else {
                throw bad("GeoNames id row \(k) is out of order or names a missing entry")
            }
        }
        let u = GazetteerLayout.u32PerPostalCode
        for k in 0..<(postalCodes.count / u) {
            let b = k * u
            let later =
                k == 0
                || (postalCodes[b - u], postalCodes[b - u + 1]) < (postalCodes[b], postalCodes[b + 1])
            guard Int(postalCodes[b + 2]) < entryCount, later else {
                throw bad("postal code \(k) is out of order or names a missing entry")
            }
        }
        let w = GazetteerLayout.u32PerWorldPostalCode
        for k in 0..<(worldPostalCodes.count / w) {
            let b = k * w
            let later =
                k == 0
                || (worldPostalCodes[b - w], worldPostalCodes[b - w + 1]) < (
                    worldPostalCodes[b], worldPostalCodes[b + 1]
                )
            guard later, Int(worldPostalCodes[b + 1] & 0xFFFF) < worldPostalCountries.count,
                Int(worldPostalCodes[b + 2]) < entryCount,
                kind(Int(worldPostalCodes[b + 2])) == .city
            else {
                throw bad("postal code \(k) of another country is out of order or names a missing country or city")
            }
        }
        for k in 0..<codeIndex.count where Int(codeIndex[k]) >= entryCount {
            throw bad("code index row \(k) names a missing entry")
        }
        guard prefixIndex.count % 2 == 0 else { throw bad("the prefix index has an odd length") }
        var lastStart = 0
        for k in 0..<(prefixIndex.count / 2) {
            let start = Int(prefixIndex[2 * k])
            let o = Int(prefixIndex[2 * k + 1])
            guard start >= lastStart, start <= prefixKeys.count, o < postings.count else {
                throw bad("prefix key \(k) lies outside its sections or out of order")
            }
            lastStart = start
        }
        for s in 0..<(table.count / 2) where table[2 * s] != 0 {
            let o = Int(table[2 * s + 1])
            guard o < postings.count, o + Int(postings[o]) < postings.count else {
                throw bad("posting list \(o) runs past its section")
            }
            for k in 0..<Int(postings[o]) where Int(postings[o + 1 + k] >> 2) >= entryCount {
                throw bad("posting list \(o) names a missing entry")
            }
        }
    }

    /// The `gazetteer.bin` a loader given no path reads: the first found in `DataLocation`'s folders
    /// (`$HOMETOWN_DATA`; `../share/hometown/` beside the executable; the checkout an executable in its build folder
    /// was built in).
    /// - Throws: `BoundariesError.dataNotFound` naming every folder looked in.
    public static func defaultDataPath() throws -> String { try DataLocation.locate("gazetteer.bin") }

    // MARK: Entries

    @inline(__always) func kind(_ e: Int) -> PlaceKind {
        PlaceKind(rawValue: u32[e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.kind]) ?? .city
    }
    /// Link `k` of entry `e`; nil when there is none (or it points outside the table).
    @inline(__always) func link(_ e: Int, _ k: GazetteerEntryLayout.Link) -> Int? {
        let v = u32[e * GazetteerLayout.u32PerEntry + k.rawValue]
        return v == GazetteerLayout.none || Int(v) >= entryCount ? nil : Int(v)
    }
    /// The first `Float64` of entry `e`'s box in BOXES, or nil (cities; or a number outside the section).
    @inline(__always) func boxOffset(_ e: Int) -> Int? {
        let v = u32[e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.box]
        guard v != GazetteerLayout.none, (Int(v) + 1) * GazetteerLayout.f64PerBox <= boxes.count else { return nil }
        return Int(v) * GazetteerLayout.f64PerBox
    }
    @inline(__always) func population(_ e: Int) -> Int {
        Int(u32[e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.population])
    }
    /// Entry `e`'s point (ENTRYF64).
    @inline(__always) func entryPoint(_ e: Int) -> Coordinate {
        let b = e * GazetteerLayout.f64PerEntry
        return Coordinate(uncheckedLatitude: f64[b], longitude: f64[b + 1])
    }

    func string(_ offset: UInt32, _ length: UInt32) -> String {
        let a = Int(offset)
        let b = a + Int(length)
        guard b <= strings.count else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: strings[a..<b]), as: UTF8.self)
    }

    func name(_ e: Int) -> String {
        let b = e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.name
        return string(u32[b], u32[b + 1])
    }

    func code(_ e: Int) -> String? {
        let b = e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.code
        return hasCode(e) ? string(u32[b], u32[b + 1]) : nil
    }

    /// Whether entry `e` has an ISO code (its text's length is not 0), without reading the code.
    @inline(__always) func hasCode(_ e: Int) -> Bool {
        u32[e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.code + 1] != 0
    }

    func unit(_ e: Int?) -> ForwardResult.Unit? { e.map { ForwardResult.Unit(name: name($0), iso: code($0)) } }

    /// The entries that hold entry `e`: its country, state, region and the country its country belongs to
    /// (those it has), never itself.
    @inline(__always) func containers(_ e: Int) -> [Int?] {
        GazetteerEntryLayout.Link.allCases.map { k in link(e, k).flatMap { $0 == e ? nil : $0 } }
    }

    /// The result record of entry `e` with `score` and, for a partial match, the words left unread.
    func result(_ e: Int, score: Double, unmatched: String? = nil) -> ForwardResult {
        let c = link(e, .country)
        let s = link(e, .state)
        let r = link(e, .region) ?? (kind(e) == .region ? e : nil)
        let gid = Int(u32[e * GazetteerLayout.u32PerEntry + GazetteerEntryLayout.geonameID])
        let point = entryPoint(e)
        let bbox: BoundingBox
        if let x = boxOffset(e) {
            bbox = BoundingBox(uncheckedWest: boxes[x], south: boxes[x + 1], east: boxes[x + 2], north: boxes[x + 3])
        } else {
            bbox = Gazetteer.cityBox(around: point, population: population(e))
        }
        return ForwardResult(
            kind: kind(e), name: name(e), point: point, bbox: bbox,
            population: population(e), country: unit(c), state: unit(s), region: unit(r),
            geonameID: gid == 0 ? nil : gid, score: score, unmatched: unmatched, entry: e)
    }

    /// The half-side, in km, of a city's box: `clamp(sqrt(population / 1000), 1, 40)` km
    /// (1,000 people: 1 km; 100,000: 10 km; 1 million: 32 km; larger cities: 40 km).
    public static func cityBoxRadiusKm(population: Int) -> Double {
        min(40, max(1, (Double(population) / 1000).squareRoot()))
    }

    /// A city's box: a square of half-side `cityBoxRadiusKm(population:)` around its point (on a sphere of
    /// radius 6371.0088 km), crossing 180° where the city is near it.
    public static func cityBox(around p: Coordinate, population: Int) -> BoundingBox {
        box(around: p, radiusKm: cityBoxRadiusKm(population: population))
    }

    /// A square of half-side `km` around `p` (on a sphere of radius 6371.0088 km), crossing 180° where `p` is
    /// near it.
    public static func box(around p: Coordinate, radiusKm km: Double) -> BoundingBox {
        let kmPerDegree = Coordinate.earthRadiusKm * Double.pi / 180
        let dLat = km / kmPerDegree
        let dLon = min(180, km / (kmPerDegree * max(0.01, cos(p.latitude * Double.pi / 180))))
        let south = max(-90, p.latitude - dLat)
        let north = min(90, p.latitude + dLat)
        if dLon >= 180 { return BoundingBox(uncheckedWest: -180, south: south, east: 180, north: north) }
        return BoundingBox(
            uncheckedWest: Coordinate.wrapLongitude(p.longitude - dLon), south: south,
            east: Coordinate.wrapLongitude(p.longitude + dLon), north: north)
    }

    // MARK: Index

    /// The postings of a name key: (entry, match) pairs sorted by entry, i.e. by falling importance.
    @inline(__always) func postingList(_ key: String) -> UnsafeBufferPointer<UInt32>? {
        guard let o = NameTable.find(key, table: table), o < postings.count else { return nil }
        let n = Int(postings[o])
        guard o + 1 + n <= postings.count else { return nil }
        return UnsafeBufferPointer(rebasing: postings[(o + 1)..<(o + 1 + n)])
    }

    /// True when some name uses `word`.
    @inline(__always) func isWord(_ word: String) -> Bool { NameTable.contains(word, words: words) }
}

extension Gazetteer {
    /// The ISO code of entry `e` (alpha-2 for a country, ISO 3166-2 for a state or region), or nil.
    public func code(ofEntry e: Int) -> String? { code(e) }
}
