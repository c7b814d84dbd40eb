import CPROJ

/// A transformation between two CRS, created once and reused (creating one costs milliseconds; transforming
/// a point costs well under a microsecond).
///
/// Axis order is normalised for visualisation: geographic CRS take and give **(longitude, latitude)**,
/// projected CRS (easting, northing). Not `Sendable`: keep one per thread (see `TransformationCache`).
public final class Transformation {
    public let source: CRS
    public let target: CRS
    private let context: ProjContext
    private let pj: OpaquePointer

    /// - Throws: `ProjError.invalidCRS` with PROJ's reason when either CRS is unknown or no path exists.
    public init(from source: CRS, to target: CRS) throws {
        self.source = source
        self.target = target
        context = try ProjContext()
        guard let raw = proj_create_crs_to_crs(context.handle, source.definition, target.definition, nil) else {
            throw ProjError.invalidCRS(source: source.definition, target: target.definition, reason: context.lastErrorText)
        }
        guard let norm = proj_normalize_for_visualization(context.handle, raw) else {
            let reason = context.lastErrorText
            proj_destroy(raw)
            throw ProjError.invalidCRS(source: source.definition, target: target.definition, reason: reason)
        }
        proj_destroy(raw)
        pj = norm
    }

    deinit { proj_destroy(pj) }

    /// Transforms one point. - Returns: the target (x, y); for geographic CRS x is longitude.
    /// - Throws: `ProjError.transformFailed` when PROJ returns an error or a non-finite value.
    public func transform(x: Double, y: Double) throws -> (x: Double, y: Double) {
        try apply(x: x, y: y, direction: PJ_FWD)
    }

    /// The inverse of `transform(x:y:)`: target CRS to source CRS.
    public func inverse(x: Double, y: Double) throws -> (x: Double, y: Double) {
        try apply(x: x, y: y, direction: PJ_INV)
    }

    private func apply(x: Double, y: Double, direction: PJ_DIRECTION) throws -> (x: Double, y: Double) {
        proj_errno_reset(pj)
        let out = proj_trans(pj, direction, proj_coord(x, y, 0, 0))
        let errno = proj_errno(pj)
        guard errno == 0, out.xy.x.isFinite, out.xy.y.isFinite else {
            throw ProjError.transformFailed(x: x, y: y, reason: errno != 0 ? errorText(errno) : "result is not finite")
        }
        return (out.xy.x, out.xy.y)
    }

    /// Transforms many points in place with one `proj_trans_generic` call.
    /// - Parameters: xs, ys: same length; on return they hold the target coordinates.
    /// - Throws: `lengthMismatch`, or `transformFailed` naming the first point PROJ could not transform
    ///   (the arrays then hold PROJ's output, with `inf` for failed points).
    public func transform(xs: inout [Double], ys: inout [Double], inverse: Bool = false) throws {
        guard xs.count == ys.count else { throw ProjError.lengthMismatch(xs.count, ys.count) }
        let n = xs.count
        if n == 0 { return }
        let originalX = xs, originalY = ys
        proj_errno_reset(pj)
        let stride = MemoryLayout<Double>.stride
        let done = xs.withUnsafeMutableBufferPointer { xb in
            ys.withUnsafeMutableBufferPointer { yb in
                proj_trans_generic(pj, inverse ? PJ_INV : PJ_FWD,
                                   xb.baseAddress, stride, n,
                                   yb.baseAddress, stride, n,
                                   nil, 0, 0, nil, 0, 0)
            }
        }
        let errno = proj_errno(pj)
        for i in 0..<n where !(xs[i].isFinite && ys[i].isFinite) {
            throw ProjError.transformFailed(x: originalX[i], y: originalY[i],
                                            reason: errno != 0 ? errorText(errno) : "point \(i) has no finite result")
        }
        guard done == n, errno == 0 else {
            throw ProjError.transformFailed(x: originalX[0], y: originalY[0], reason: "batch: \(errorText(errno))")
        }
    }

    private func errorText(_ code: Int32) -> String {
        if let c = proj_context_errno_string(context.handle, code) { return String(cString: c) }
        return "PROJ error \(code)"
    }
}

/// Keeps transformations by (source, target) so each is created once. Not `Sendable`: one cache per thread
/// or per task, never shared.
public final class TransformationCache {
    private var items: [String: Transformation] = [:]
    public init() {}

    /// The cached transformation, created on first use.
    public func transformation(from source: CRS, to target: CRS) throws -> Transformation {
        let key = source.definition + "\u{1}" + target.definition
        if let t = items[key] { return t }
        let t = try Transformation(from: source, to: target)
        items[key] = t
        return t
    }

    /// Number of transformations held.
    public var count: Int { items.count }
}
