import Foundation
import HometownBasemap
import HometownBoundaries

/// `hometown-data --water`: builds `water.bin`, the lakes the maps draw as water, from Natural Earth's 1:10m lakes
/// (`water_10m_gdl/ne_10m_lakes`: 1,354 records, an FID and no name or rank).
///
/// A record is kept when its area on the sphere (shores minus islands, `SphericalArea`) is at least the minimum;
/// its rings are grouped into shores and islands (`ShapefileReader.polygons`), each ring simplified
/// (`ShoreSimplifier`) to `tolerance`, and each shore with its islands becomes one `Lake`. Lakes are ordered by
/// falling area of their record, then record number, then the record's own order: the same sources give the same
/// bytes.
struct WaterBuilder {
    /// Records smaller than this many square kilometres are left out by default: a 16 km by 16 km lake is still
    /// 16 pixels across at zoom 6 at 45° N, where the maps begin to show states.
    static let defaultMinimumArea = 250.0
    /// Douglas-Peucker tolerance in Web Mercator world units: one drawing unit (half a pixel) of a zoom-12 tile,
    /// the deepest the web app asks for (about 19 m at the equator). It drops only what no tile can show.
    static let tolerance = 1.0 / (512 * 4096)

    let lakes: [Lake]
    let report: [String]

    init(sources: String, minimumArea: Double) throws {
        let base = "\(sources)/water_10m_gdl/ne_10m_lakes"
        let shapes = try ShapefileReader(path: base + ".shp").records
        let rows = try DBFReader(path: base + ".dbf").rows
        guard shapes.count == rows.count else {
            throw BuildError.malformed(path: base, detail: "\(shapes.count) shapes but \(rows.count) attribute rows")
        }
        var kept: [(area: Double, record: Int, lakes: [Lake])] = []
        var sourceVertices = 0
        for (i, rings) in shapes.enumerated() {
            guard let record = rows[i]["FID"].flatMap({ Int($0) }) else {
                throw BuildError.malformed(path: base + ".dbf", detail: "row \(i + 1) has no whole-number FID")
            }
            let polygons = ShapefileReader.polygons(from: rings)
            // Shells run clockwise (positive), holes counter-clockwise (negative).
            let area = polygons.reduce(0) { $0 + $1.reduce(0) { $0 + SphericalArea.squareKilometres($1) } }
            guard area >= minimumArea else { continue }
            var parts: [Lake] = []
            for polygon in polygons {
                sourceVertices += polygon.reduce(0) { $0 + $1.count - 1 }
                var lake = Lake(
                    record: record,
                    areaSquareKilometres: Int(polygon.reduce(0) { $0 + SphericalArea.squareKilometres($1) }.rounded()),
                    rings: [])
                for (k, ring) in polygon.enumerated() {
                    let simple = ShoreSimplifier.simplify(ring, tolerance: WaterBuilder.tolerance)
                    guard simple.count >= 3 else {
                        if k == 0 { break }
                        continue
                    }
                    lake.rings.append(simple.flatMap { [$0.0, $0.1] })
                }
                if !lake.rings.isEmpty { parts.append(lake) }
            }
            kept.append((area, record, parts))
        }
        kept.sort { $0.area != $1.area ? $0.area > $1.area : $0.record < $1.record }
        lakes = kept.flatMap(\.lakes)
        let vertices = lakes.reduce(0) { $0 + $1.vertexCount }
        report = [
            "water: \(kept.count) of \(shapes.count) Natural Earth lake records of at least \(Int(minimumArea)) km²,"
                + " \(lakes.count) lakes (shores with their islands), \(vertices) vertices of \(sourceVertices)",
            "largest: "
                + kept.prefix(12).map { "FID \($0.record) \(Int($0.area.rounded())) km²" }.joined(separator: ", "),
        ]
    }

    /// Builds the lakes from `sources` and writes `out` (the file).
    static func write(sources: String, out: String, minimumArea: Double) throws -> [String] {
        let built = try WaterBuilder(sources: sources, minimumArea: minimumArea)
        let meta: [String: Any] = [
            "format": "Hometown water (lakes drawn on the maps)", "formatVersion": Int(WaterFile.version),
            "lakes": built.lakes.count, "records": Set(built.lakes.map(\.record)).count,
            "vertices": built.lakes.reduce(0) { $0 + $1.vertexCount },
            "minimumAreaSquareKilometres": minimumArea,
            "simplification": "Douglas-Peucker within 1/2097152 of the Web Mercator world (half a pixel at zoom 12)",
            "sources": [
                "Natural Earth 1:10m lakes (ne_10m_lakes; Debian libgnudatalanguage0 1.0.1-4+b5, /usr/share/gnudatalanguage/resource/maps/high/)"
            ],
            "attribution": "Made with Natural Earth.",
        ]
        let json = try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys, .prettyPrinted])
        let bytes = WaterFile.bytes(built.lakes, metadata: [UInt8](json))
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        return built.report + ["file: \(bytes.count) bytes, checksum \(String(Checksum64.hash(bytes), radix: 16))"]
    }
}
