import CGEOS

/// A GEOS prepared geometry for fast repeated containment tests. Not thread-safe, even for reads:
/// one per thread. Keeps its base geometry alive.
public final class PreparedGeometry {
    public let base: Geometry
    private let raw: OpaquePointer

    init(_ base: Geometry) throws {
        let ctx = base.context
        guard let p = GEOSPrepare_r(ctx.handle, base.raw) else { throw ctx.fail("Prepare") }
        self.base = base
        raw = p
    }

    deinit { GEOSPreparedGeom_destroy_r(base.context.handle, raw) }

    /// True when the geometry contains `other` (boundary points are not contained).
    public func contains(_ other: Geometry) throws -> Bool {
        try flag(GEOSPreparedContains_r(base.context.handle, raw, other.raw), "PreparedContains")
    }

    /// True when the point (x, y) lies in the interior of the geometry.
    public func contains(x: Double, y: Double) throws -> Bool {
        let h = base.context.handle
        guard let point = GEOSGeom_createPointFromXY_r(h, x, y) else { throw base.context.fail("createPointFromXY") }
        defer { GEOSGeom_destroy_r(h, point) }
        return try flag(GEOSPreparedContains_r(h, raw, point), "PreparedContains")
    }

    /// True when the geometry intersects `other`.
    public func intersects(_ other: Geometry) throws -> Bool {
        try flag(GEOSPreparedIntersects_r(base.context.handle, raw, other.raw), "PreparedIntersects")
    }

    private func flag(_ v: CChar, _ op: String) throws -> Bool {
        switch v {
        case 1: return true
        case 0: return false
        default: throw base.context.fail(op)
        }
    }
}
