import ArgumentParser
import HometownCore
import HometownProj

struct AreaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "area",
        abstract: "Geodesic area and perimeter of GeoJSON polygons on the WGS84 ellipsoid.",
        discussion: """
            Example (- = standard input):
              hometown area --input polygon.geojson
              prints {"area_m2": 267039102636.07355, "area_km2": 267039.10263607354,
                      "perimeter_m": 2277380.3665257273,
                      "perimeter_km": 2277.3803665257274,
                      "polygons": 1, "rings": 1, "ellipsoid": "WGS84"}
              for {"type": "Polygon", "coordinates": [[[-97.2, 43.5], [-91.2, 43.5],
                   [-92, 46.7], [-89.5, 48], [-95.2, 49], [-97.2, 49], [-97.2, 43.5]]]}

            Input: a GeoJSON Polygon or MultiPolygon, a Feature holding one, a
            FeatureCollection of such features, or a GeometryCollection of them. Positions
            are [longitude, latitude] in decimal degrees, longitude first as GeoJSON says
            (latitude in [-90, 90], longitude in [-540, 540]). Edges are geodesics on the
            WGS84 ellipsoid (Karney's algorithm, as GeographicLib's Planimeter), not rhumb
            lines. The first ring of a polygon is its outer boundary; the others are holes
            and are subtracted (holes that cover more than the outer ring are refused; a
            hole outside it is not detected). Orientation does not matter: each ring is
            taken as the smaller of the two regions it bounds (polygons larger than half
            the Earth are not supported). Rings may be closed (as GeoJSON requires) or not.

            area_m2, area_km2: the sum over all polygons (overlaps count twice).
            perimeter_m, perimeter_km: the length of every ring, holes included.
            polygons, rings: how many were measured.

            Exit status: 0 done, 2 invalid input (not JSON, not polygons, a ring of fewer
            than 3 positions, holes larger than their ring, a bad position; message on
            stderr), 1 system failure.
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The GeoJSON file (- = standard input).", valueName: "FILE"))
    var input: String

    func run() throws {
        try runReportingErrors {
            try ProjCommandSupport.requireProj()
            let bytes = try InputText.readBytes(input)
            let json: JSONValue
            do { json = try JSONValue.parse(bytes) } catch { throw CLIError("\(input): \(error)") }
            var polygons: [(place: String, rings: [[Coordinate]])] = []
            // Every refusal names the file first, as the other messages of this command do.
            do { try Self.collect(json, path: "", into: &polygons) } catch let e as CLIError {
                throw CLIError("\(input): \(e.description)")
            }
            guard !polygons.isEmpty else { throw CLIError("\(input): no polygons found") }
            var area = 0.0
            var perimeter = 0.0
            var rings = 0
            for (place, rs) in polygons {
                do {
                    let r = try Geodesic.wgs84.polygonArea(rings: rs)
                    area += r.area
                    perimeter += r.perimeter
                    rings += rs.count
                } catch let e as ProjError {
                    throw CLIError("\(input): \(place): \(e)")
                }
            }
            try CLIOutput.line(
                JSONText.object([
                    ("area_m2", ProjCommandSupport.json(area)), ("area_km2", ProjCommandSupport.json(area / 1e6)),
                    ("perimeter_m", ProjCommandSupport.json(perimeter)),
                    ("perimeter_km", ProjCommandSupport.json(perimeter / 1000)),
                    ("polygons", String(polygons.count)), ("rings", String(rings)),
                    ("ellipsoid", JSONText.quote("WGS84")),
                ]))
        }
    }

    /// Appends the polygons (each a list of rings, named as messages name it: "feature 2, polygon 1") in a GeoJSON
    /// object; `path` names where it is.
    static func collect(_ v: JSONValue, path: String, into polygons: inout [(place: String, rings: [[Coordinate]])])
        throws
    {
        let here = path.isEmpty ? "the top-level object" : path
        guard case .object(let o) = v else { throw CLIError("\(here) is not a GeoJSON object") }
        guard let type = o["type"]?.stringValue else { throw CLIError("\(here) has no \"type\"") }
        switch type {
        case "FeatureCollection":
            guard case .array(let fs)? = o["features"] else {
                throw CLIError("\(here): a FeatureCollection needs a \"features\" array")
            }
            for (i, f) in fs.enumerated() { try collect(f, path: "feature \(i + 1)", into: &polygons) }
        case "Feature":
            guard let g = o["geometry"], g != .null else { throw CLIError("\(here) has no geometry") }
            try collect(g, path: path.isEmpty ? "the feature's geometry" : path, into: &polygons)
        case "GeometryCollection":
            guard case .array(let gs)? = o["geometries"] else {
                throw CLIError("\(here): a GeometryCollection needs a \"geometries\" array")
            }
            for (i, g) in gs.enumerated() {
                try collect(g, path: (path.isEmpty ? "" : path + ", ") + "geometry \(i + 1)", into: &polygons)
            }
        case "Polygon":
            polygons.append((here, try polygon(o["coordinates"], here)))
        case "MultiPolygon":
            guard case .array(let ps)? = o["coordinates"] else {
                throw CLIError("\(here): MultiPolygon coordinates must be an array of polygons")
            }
            for (i, p) in ps.enumerated() {
                let place = "\(here), polygon \(i + 1)"
                polygons.append((place, try polygon(p, place)))
            }
        default:
            throw CLIError("\(here) is a \(type); area needs Polygon or MultiPolygon geometries")
        }
    }

    private static func polygon(_ v: JSONValue?, _ here: String) throws -> [[Coordinate]] {
        guard case .array(let rings)? = v, !rings.isEmpty else {
            throw CLIError("\(here): Polygon coordinates must be a non-empty array of rings")
        }
        return try rings.enumerated().map { (r, ring) in
            guard case .array(let positions) = ring else {
                throw CLIError("\(here), ring \(r + 1): not an array of positions")
            }
            return try positions.enumerated().map { (i, p) in
                guard case .array(let xy) = p, xy.count >= 2, let lon = xy[0].doubleValue, let lat = xy[1].doubleValue
                else {
                    throw CLIError("\(here), ring \(r + 1), position \(i + 1): expected [longitude, latitude]")
                }
                guard lat.isFinite, lat >= -90, lat <= 90 else {
                    throw CLIError(
                        "\(here), ring \(r + 1), position \(i + 1): latitude \(lat) is out of range [-90, 90] (positions are [longitude, latitude])"
                    )
                }
                guard lon.isFinite, lon >= -540, lon <= 540 else {
                    throw CLIError(
                        "\(here), ring \(r + 1), position \(i + 1): longitude \(lon) is out of range [-540, 540]")
                }
                return Coordinate(uncheckedLatitude: lat, longitude: lon)
            }
        }
    }
}
