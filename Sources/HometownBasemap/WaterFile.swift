import HometownBoundaries

/// `water.bin`: the lakes the maps draw as water, in the same container as `hometown.bin` (`DataFileLayout`:
/// magic, version, size, header checksum, a checksum per section), with a format version of its own.
///
/// | section | contents |
/// |---|---|
/// | META | JSON: counts, source, selection, attribution |
/// | LAKES | 4 `UInt32` per lake: first ring, ring count, Natural Earth record (FID), area in km² |
/// | RINGS | 2 `UInt32` per ring: first vertex, vertex count (at least 3; the first vertex is not repeated) |
/// | COORDS | 2 `Float32` per vertex (stored as their `UInt32` bit patterns): longitude, latitude in degrees |
///
/// `Float32` keeps a degree to about 1e-5° (a metre), far finer than the half pixel of the deepest map tile.
/// Built by `hometown-data --water` (tools/databuilder); the same lakes give the same bytes.
public enum WaterFile {
    /// The container version of `water.bin` (its own, apart from `hometown.bin`'s).
    public static let version: UInt32 = 1
    /// The sections (see the table above).
    public static let meta = DataSection<UInt8>("META"), lakes = DataSection<UInt32>("LAKES"),
        rings = DataSection<UInt32>("RINGS"), coords = DataSection<UInt32>("COORDS")

    /// The file's bytes for `lakes` (in that order), with `metadata` (JSON) as its META section.
    public static func bytes(_ lakes: [Lake], metadata: [UInt8]) -> [UInt8] {
        var lakeU32: [UInt32] = []
        var ringU32: [UInt32] = []
        var coords: [UInt32] = []
        for lake in lakes {
            lakeU32 += [
                UInt32(ringU32.count / 2), UInt32(lake.rings.count), UInt32(lake.record),
                UInt32(lake.areaSquareKilometres),
            ]
            for ring in lake.rings {
                ringU32 += [UInt32(coords.count / 2), UInt32(ring.count / 2)]
                for v in ring { coords.append(Float(v).bitPattern) }
            }
        }
        var w = DataFileWriter(version: WaterFile.version)
        w.add(WaterFile.meta, metadata)
        w.add(WaterFile.lakes, lakeU32)
        w.add(WaterFile.rings, ringU32)
        w.add(WaterFile.coords, coords)
        return w.bytes()
    }

    /// Reads every lake of the file at `path`, checking every section's checksum and every index.
    /// - Throws: `BoundariesError` naming the file and what is wrong with it (missing, truncated, corrupted, of
    ///   another version, or a ring or lake outside its section).
    public static func read(path: String) throws -> [Lake] {
        try read(DataFile(path: path, version: WaterFile.version))
    }

    /// Reads every lake of an opened `water.bin` (`DataFile(path:version:)` with `WaterFile.version`), checking
    /// every section's checksum and every index.
    /// - Throws: `BoundariesError` naming the file and what is wrong with it.
    public static func read(_ f: DataFile) throws -> [Lake] {
        let path = f.path
        try f.verifyAll()
        let lakeU32 = try f.array(WaterFile.lakes)
        let ringU32 = try f.array(WaterFile.rings)
        let coordU32 = try f.array(WaterFile.coords)
        func bad(_ detail: String) -> BoundariesError { .dataFileCorrupted(path: path, detail: detail) }
        guard lakeU32.count % 4 == 0, ringU32.count % 2 == 0, coordU32.count % 2 == 0 else {
            throw bad("a section's length is not a whole number of records")
        }
        let ringTotal = ringU32.count / 2
        let vertexTotal = coordU32.count / 2
        var out: [Lake] = []
        out.reserveCapacity(lakeU32.count / 4)
        for l in 0..<(lakeU32.count / 4) {
            let first = Int(UInt32(littleEndian: lakeU32[4 * l]))
            let count = Int(UInt32(littleEndian: lakeU32[4 * l + 1]))
            guard count >= 1, first <= ringTotal, count <= ringTotal - first else {
                throw bad("lake \(l) names rings \(first)..<\(first + count) of \(ringTotal)")
            }
            var lake = Lake(
                record: Int(UInt32(littleEndian: lakeU32[4 * l + 2])),
                areaSquareKilometres: Int(UInt32(littleEndian: lakeU32[4 * l + 3])), rings: [])
            for r in first..<(first + count) {
                let start = Int(UInt32(littleEndian: ringU32[2 * r]))
                let n = Int(UInt32(littleEndian: ringU32[2 * r + 1]))
                guard n >= 3, start <= vertexTotal, n <= vertexTotal - start else {
                    throw bad("ring \(r) names vertices \(start)..<\(start + n) of \(vertexTotal)")
                }
                var ring = [Double](repeating: 0, count: 2 * n)
                for k in 0..<(2 * n) {
                    ring[k] = Double(Float(bitPattern: UInt32(littleEndian: coordU32[2 * start + k])))
                }
                for k in 0..<n where !(abs(ring[2 * k]) <= 180 && abs(ring[2 * k + 1]) <= 90) {
                    throw bad("ring \(r) has vertex (\(ring[2 * k]), \(ring[2 * k + 1])) outside the world")
                }
                lake.rings.append(ring)
            }
            out.append(lake)
        }
        return out
    }

    /// The META section's JSON text.
    public static func metadata(path: String) throws -> String {
        let f = try DataFile(path: path, version: WaterFile.version)
        try f.verify(WaterFile.meta)
        return String(decoding: try f.bytes(WaterFile.meta), as: UTF8.self)
    }

    /// Where `water.bin` is looked for: beside `hometown.bin` (the file given, or else the one
    /// `ReverseGeocoder.defaultDataPath()` finds).
    /// - Throws: `BoundariesError.dataNotFound` when no file is given and none is found.
    public static func path(besideBoundaries boundaries: String? = nil) throws -> String {
        let reverse = try boundaries ?? ReverseGeocoder.defaultDataPath()
        if let slash = reverse.lastIndex(of: "/") { return String(reverse[..<slash]) + "/water.bin" }
        return "water.bin"
    }
}
