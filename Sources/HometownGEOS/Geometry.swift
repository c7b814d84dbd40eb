import CGEOS
import HometownCore

/// A GEOS geometry owned by Swift: destroyed in `deinit`. Holds its context alive; not `Sendable`.
/// Coordinates are (x, y) = (longitude, latitude) for geographic data.
public final class Geometry {
    public let context: GEOSContext
    let raw: OpaquePointer

    /// Takes ownership of `raw`, which must belong to `context`.
    init(owning raw: OpaquePointer, context: GEOSContext) {
        self.raw = raw
        self.context = context
    }

    deinit { GEOSGeom_destroy_r(context.handle, raw) }

    // MARK: Reading

    /// Parses Well-Known Text, e.g. `POLYGON((0 0, 1 0, 1 1, 0 0))`.
    public convenience init(wkt: String, context: GEOSContext) throws {
        guard let reader = GEOSWKTReader_create_r(context.handle) else { throw context.fail("WKTReader_create") }
        defer { GEOSWKTReader_destroy_r(context.handle, reader) }
        guard let g = GEOSWKTReader_read_r(context.handle, reader, wkt) else {
            throw GEOSError.parseFailed(format: "WKT", message: context.takeError())
        }
        self.init(owning: g, context: context)
    }

    /// Parses Well-Known Binary (either byte order).
    public convenience init(wkb: [UInt8], context: GEOSContext) throws {
        guard let reader = GEOSWKBReader_create_r(context.handle) else { throw context.fail("WKBReader_create") }
        defer { GEOSWKBReader_destroy_r(context.handle, reader) }
        let g = wkb.withUnsafeBufferPointer { GEOSWKBReader_read_r(context.handle, reader, $0.baseAddress, $0.count) }
        guard let g else { throw GEOSError.parseFailed(format: "WKB", message: context.takeError()) }
        self.init(owning: g, context: context)
    }

    /// Parses a GeoJSON geometry object (or a Feature / FeatureCollection, which GEOS reads as a collection).
    public convenience init(geoJSON: String, context: GEOSContext) throws {
        guard let reader = GEOSGeoJSONReader_create_r(context.handle) else {
            throw context.fail("GeoJSONReader_create")
        }
        defer { GEOSGeoJSONReader_destroy_r(context.handle, reader) }
        guard let g = GEOSGeoJSONReader_readGeometry_r(context.handle, reader, geoJSON) else {
            throw GEOSError.parseFailed(format: "GeoJSON", message: context.takeError())
        }
        self.init(owning: g, context: context)
    }

    /// A point at (x, y).
    public convenience init(pointX x: Double, y: Double, context: GEOSContext) throws {
        guard let g = GEOSGeom_createPointFromXY_r(context.handle, x, y) else {
            throw context.fail("createPointFromXY")
        }
        self.init(owning: g, context: context)
    }

    /// A polygon from rings of (x, y) pairs; the first ring is the shell, the others holes. Rings are closed
    /// here if their last point differs from the first.
    /// - Throws: `invalidInput` for a ring of fewer than 3 points, a closing repeat of the first not counted. Other
    ///   repeated points are left to GEOS: such a ring is made, and `isValid()` says what is wrong with it.
    public convenience init(polygonRings rings: [[(Double, Double)]], context: GEOSContext) throws {
        let g = try Geometry.makePolygon(rings, context)
        self.init(owning: g, context: context)
    }

    /// A multipolygon from polygons given as rings (see `init(polygonRings:)`).
    public convenience init(multiPolygon polygons: [[[(Double, Double)]]], context: GEOSContext) throws {
        var parts: [OpaquePointer?] = []
        do {
            for p in polygons { parts.append(try Geometry.makePolygon(p, context)) }
        } catch {
            for p in parts { GEOSGeom_destroy_r(context.handle, p) }
            throw error
        }
        let n = UInt32(parts.count)
        let g = parts.withUnsafeMutableBufferPointer {
            GEOSGeom_createCollection_r(context.handle, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, n)
        }
        guard let g else {
            for p in parts { GEOSGeom_destroy_r(context.handle, p) }
            throw context.fail("createCollection")
        }
        self.init(owning: g, context: context)
    }

    private static func makeRing(_ ring: [(Double, Double)], _ ctx: GEOSContext) throws -> OpaquePointer {
        var pts = ring
        if let f = pts.first, let l = pts.last, f != l { pts.append(f) }
        guard pts.count >= 4 else {
            // pts is closed (and then one longer than its points) unless it holds one point or none.
            let given = pts.count > 1 ? pts.count - 1 : pts.count
            throw GEOSError.invalidInput("a ring needs at least 3 points besides its closing one, got \(given)")
        }
        var flat = [Double]()
        flat.reserveCapacity(pts.count * 2)
        for (x, y) in pts {
            flat.append(x)
            flat.append(y)
        }
        let seq = flat.withUnsafeBufferPointer {
            GEOSCoordSeq_copyFromBuffer_r(ctx.handle, $0.baseAddress, UInt32(pts.count), 0, 0)
        }
        guard let seq else { throw ctx.fail("CoordSeq_copyFromBuffer") }
        guard let r = GEOSGeom_createLinearRing_r(ctx.handle, seq) else { throw ctx.fail("createLinearRing") }
        return r
    }

    private static func makePolygon(_ rings: [[(Double, Double)]], _ ctx: GEOSContext) throws -> OpaquePointer {
        guard let first = rings.first else { throw GEOSError.invalidInput("a polygon needs a shell ring") }
        let shell = try makeRing(first, ctx)
        var holes: [OpaquePointer?] = []
        do {
            for h in rings.dropFirst() { holes.append(try makeRing(h, ctx)) }
        } catch {
            GEOSGeom_destroy_r(ctx.handle, shell)
            for h in holes { GEOSGeom_destroy_r(ctx.handle, h) }
            throw error
        }
        let n = UInt32(holes.count)
        let p = holes.withUnsafeMutableBufferPointer { GEOSGeom_createPolygon_r(ctx.handle, shell, $0.baseAddress, n) }
        guard let p else { throw ctx.fail("createPolygon") }
        return p
    }

    // MARK: Writing

    /// Well-Known Text with full precision.
    public func wkt() throws -> String {
        guard let w = GEOSWKTWriter_create_r(context.handle) else { throw context.fail("WKTWriter_create") }
        defer { GEOSWKTWriter_destroy_r(context.handle, w) }
        GEOSWKTWriter_setTrim_r(context.handle, w, 1)
        guard let c = GEOSWKTWriter_write_r(context.handle, w, raw) else { throw context.fail("WKTWriter_write") }
        defer { GEOSFree_r(context.handle, c) }
        return String(cString: c)
    }

    /// Well-Known Binary, little-endian.
    public func wkb() throws -> [UInt8] {
        guard let w = GEOSWKBWriter_create_r(context.handle) else { throw context.fail("WKBWriter_create") }
        defer { GEOSWKBWriter_destroy_r(context.handle, w) }
        GEOSWKBWriter_setByteOrder_r(context.handle, w, Int32(GEOS_WKB_NDR.rawValue))
        var size = 0
        guard let buf = GEOSWKBWriter_write_r(context.handle, w, raw, &size) else {
            throw context.fail("WKBWriter_write")
        }
        defer { GEOSFree_r(context.handle, buf) }
        return Array(UnsafeBufferPointer(start: buf, count: size))
    }

    // MARK: Properties

    /// GEOS type name: "Point", "Polygon", "MultiPolygon", "GeometryCollection", ...
    public func typeName() throws -> String {
        guard let c = GEOSGeomType_r(context.handle, raw) else { throw context.fail("GeomType") }
        defer { GEOSFree_r(context.handle, c) }
        return String(cString: c)
    }

    public func isEmpty() throws -> Bool { try flag(GEOSisEmpty_r(context.handle, raw), "isEmpty") }
    public func isValid() throws -> Bool { try flag(GEOSisValid_r(context.handle, raw), "isValid") }

    /// GEOS's reason why the geometry is invalid ("Valid Geometry" when it is valid).
    public func validityReason() throws -> String {
        guard let c = GEOSisValidReason_r(context.handle, raw) else { throw context.fail("isValidReason") }
        defer { GEOSFree_r(context.handle, c) }
        return String(cString: c)
    }

    /// Planar area in squared coordinate units (square degrees for lon/lat).
    public func area() throws -> Double {
        var a = 0.0
        guard GEOSArea_r(context.handle, raw, &a) == 1 else { throw context.fail("Area") }
        return a
    }

    /// Envelope as (minX, minY, maxX, maxY). - Throws for an empty geometry.
    public func bounds() throws -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var a = 0.0
        var b = 0.0
        var c = 0.0
        var d = 0.0
        guard GEOSGeom_getXMin_r(context.handle, raw, &a) == 1, GEOSGeom_getYMin_r(context.handle, raw, &b) == 1,
            GEOSGeom_getXMax_r(context.handle, raw, &c) == 1, GEOSGeom_getYMax_r(context.handle, raw, &d) == 1
        else { throw context.fail("getXMin/YMin/XMax/YMax") }
        return (a, b, c, d)
    }

    /// Number of parts of a collection (1 for a single geometry).
    public func numberOfGeometries() throws -> Int {
        let n = GEOSGetNumGeometries_r(context.handle, raw)
        guard n >= 0 else { throw context.fail("GetNumGeometries") }
        return Int(n)
    }

    /// The x, y of a point geometry.
    public func pointXY() throws -> (x: Double, y: Double) {
        var x = 0.0
        var y = 0.0
        guard GEOSGeomGetX_r(context.handle, raw, &x) == 1, GEOSGeomGetY_r(context.handle, raw, &y) == 1 else {
            throw context.fail("GeomGetX/Y")
        }
        return (x, y)
    }

    /// The polygons of a Polygon, MultiPolygon or collection, each as rings of (x, y) with the closing point
    /// repeated (shell first). Other geometry kinds inside a collection are skipped (lines, points).
    public func polygons() throws -> [[[(Double, Double)]]] {
        var out: [[[(Double, Double)]]] = []
        try collectPolygons(raw, into: &out)
        return out
    }

    private func collectPolygons(_ g: OpaquePointer, into out: inout [[[(Double, Double)]]]) throws {
        let type = GEOSGeomTypeId_r(context.handle, g)
        if type == Int32(GEOS_POLYGON.rawValue) {
            if GEOSisEmpty_r(context.handle, g) == 1 { return }
            var rings: [[(Double, Double)]] = []
            guard let shell = GEOSGetExteriorRing_r(context.handle, g) else { throw context.fail("GetExteriorRing") }
            rings.append(try ringPoints(shell))
            let nh = GEOSGetNumInteriorRings_r(context.handle, g)
            guard nh >= 0 else { throw context.fail("GetNumInteriorRings") }
            for i in 0..<nh {
                guard let h = GEOSGetInteriorRingN_r(context.handle, g, i) else {
                    throw context.fail("GetInteriorRingN")
                }
                rings.append(try ringPoints(h))
            }
            out.append(rings)
        } else if type == Int32(GEOS_MULTIPOLYGON.rawValue) || type == Int32(GEOS_GEOMETRYCOLLECTION.rawValue) {
            let n = GEOSGetNumGeometries_r(context.handle, g)
            guard n >= 0 else { throw context.fail("GetNumGeometries") }
            for i in 0..<n {
                guard let part = GEOSGetGeometryN_r(context.handle, g, i) else { throw context.fail("GetGeometryN") }
                try collectPolygons(part, into: &out)
            }
        } else if type < 0 {
            throw context.fail("GeomTypeId")
        }
    }

    private func ringPoints(_ ring: OpaquePointer) throws -> [(Double, Double)] {
        guard let seq = GEOSGeom_getCoordSeq_r(context.handle, ring) else { throw context.fail("getCoordSeq") }
        var n: UInt32 = 0
        guard GEOSCoordSeq_getSize_r(context.handle, seq, &n) == 1 else { throw context.fail("CoordSeq_getSize") }
        var buf = [Double](repeating: 0, count: Int(n) * 2)
        let ok = buf.withUnsafeMutableBufferPointer {
            GEOSCoordSeq_copyToBuffer_r(context.handle, seq, $0.baseAddress, 0, 0)
        }
        guard ok == 1 else { throw context.fail("CoordSeq_copyToBuffer") }
        return (0..<Int(n)).map { (buf[2 * $0], buf[2 * $0 + 1]) }
    }

    // MARK: Operations

    /// Repairs an invalid geometry (GEOS MakeValid); a valid one comes back unchanged in shape.
    public func makeValid() throws -> Geometry { try wrap(GEOSMakeValid_r(context.handle, raw), "MakeValid") }
    /// The union of all parts (dissolves shared edges).
    public func unaryUnion() throws -> Geometry { try wrap(GEOSUnaryUnion_r(context.handle, raw), "UnaryUnion") }
    /// Union with another geometry.
    public func union(_ other: Geometry) throws -> Geometry {
        try wrap(GEOSUnion_r(context.handle, raw, other.raw), "Union")
    }
    /// Intersection with another geometry.
    public func intersection(_ other: Geometry) throws -> Geometry {
        try wrap(GEOSIntersection_r(context.handle, raw, other.raw), "Intersection")
    }
    /// The part inside the rectangle [minX, maxX] x [minY, maxY] (fast, may be invalid at the rectangle edges
    /// only in degenerate cases, as GEOS documents).
    public func clip(minX: Double, minY: Double, maxX: Double, maxY: Double) throws -> Geometry {
        try wrap(GEOSClipByRect_r(context.handle, raw, minX, minY, maxX, maxY), "ClipByRect")
    }
    /// A point guaranteed to lie inside the (areal) geometry.
    public func pointOnSurface() throws -> Geometry {
        try wrap(GEOSPointOnSurface_r(context.handle, raw), "PointOnSurface")
    }
    /// Buffer by `distance` coordinate units.
    public func buffer(_ distance: Double, quadrantSegments: Int32 = 8) throws -> Geometry {
        try wrap(GEOSBuffer_r(context.handle, raw, distance, quadrantSegments), "Buffer")
    }
    /// Planar distance in coordinate units.
    public func distance(to other: Geometry) throws -> Double {
        var d = 0.0
        guard GEOSDistance_r(context.handle, raw, other.raw, &d) == 1 else { throw context.fail("Distance") }
        return d
    }
    public func contains(_ other: Geometry) throws -> Bool {
        try flag(GEOSContains_r(context.handle, raw, other.raw), "Contains")
    }
    public func intersects(_ other: Geometry) throws -> Bool {
        try flag(GEOSIntersects_r(context.handle, raw, other.raw), "Intersects")
    }
    /// Exact structural and coordinate equality.
    public func equalsExact(_ other: Geometry, tolerance: Double = 0) throws -> Bool {
        try flag(GEOSEqualsExact_r(context.handle, raw, other.raw, tolerance), "EqualsExact")
    }

    /// Normalises the geometry in place (canonical ring order and start points), for deterministic output.
    public func normalize() throws {
        guard GEOSNormalize_r(context.handle, raw) == 0 else { throw context.fail("Normalize") }
    }

    /// A prepared form for repeated predicates against this geometry (keeps this geometry alive).
    public func prepared() throws -> PreparedGeometry { try PreparedGeometry(self) }

    private func wrap(_ g: OpaquePointer?, _ op: String) throws -> Geometry {
        guard let g else { throw context.fail(op) }
        return Geometry(owning: g, context: context)
    }

    private func flag(_ v: CChar, _ op: String) throws -> Bool {
        switch v {
        case 1: return true
        case 0: return false
        default: throw context.fail(op)
        }
    }
}
