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
    private var proj: ProjSymbols { context.proj }

    /// - Throws: `ProjError.invalidCRS` with PROJ's reason when either CRS is unknown or no path exists;
    ///   `databaseUnavailable` when PROJ finds no proj.db.
    public init(from source: CRS, to target: CRS) throws {
        self.source = source
        self.target = target
        context = try ProjContext()
        for crs in [source, target] where crs.isName {
            try Self.refuseLooseName(crs, source: source, target: target, in: context)
        }
        context.forgetErrors()
        guard let raw = context.proj.createCRSToCRS(context.handle, source.definition, target.definition, nil) else {
            let reason = context.lastErrorText
            // Without proj.db no code is known: the installation is at fault, not the CRS.
            if !context.hasDatabase { throw ProjError.databaseUnavailable(reason) }
            throw ProjError.invalidCRS(source: source.definition, target: target.definition, reason: reason)
        }
        guard let norm = context.proj.normalizeForVisualization(context.handle, raw) else {
            let reason = context.lastErrorText
            _ = context.proj.destroy(raw)
            throw ProjError.invalidCRS(source: source.definition, target: target.definition, reason: reason)
        }
        _ = context.proj.destroy(raw)
        pj = norm
    }

    deinit { _ = proj.destroy(pj) }

    /// Refuses a name that PROJ matches only loosely ("foo" gives Amersfoort, "bar" Barbados 1938): the object
    /// PROJ finds must have that name, compared as letters and digits without case (`CRS.nameKey`). A name PROJ
    /// finds nothing for is left to `proj_create_crs_to_crs`, which says so.
    private static func refuseLooseName(_ crs: CRS, source: CRS, target: CRS, in context: ProjContext) throws {
        let proj = context.proj
        context.forgetErrors()
        guard let object = proj.create(context.handle, crs.definition) else { return }
        defer { _ = proj.destroy(object) }
        guard let found = proj.getName(object).map({ String(cString: $0) }) else { return }
        guard CRS.nameKey(found) != CRS.nameKey(crs.definition) else { return }
        var id = ""
        if let auth = proj.getIDAuthName(object, 0), let code = proj.getIDCode(object, 0) {
            id = " (\(String(cString: auth)):\(String(cString: code)))"
        }
        throw ProjError.invalidCRS(
            source: source.definition, target: target.definition,
            reason:
                "'\(crs.definition)' is not the name of a CRS; PROJ's nearest is '\(found)'\(id): give a code, or a name as PROJ writes it"
        )
    }

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
        _ = proj.errnoReset(pj)
        let out = proj.trans(pj, direction, PJ_COORD(v: (x, y, 0, 0)))
        let errno = proj.errno(pj)
        guard errno == 0, out.xy.x.isFinite, out.xy.y.isFinite else {
            throw ProjError.transformFailed(x: x, y: y, reason: errno != 0 ? errorText(errno) : "result is not finite")
        }
        return (out.xy.x, out.xy.y)
    }

    /// Transforms many points in place, `chunkSize` points per `proj_trans_generic` call.
    /// - Parameters: xs, ys: same length; on return they hold the target coordinates.
    /// - Throws: `lengthMismatch`, or `transformFailed` naming the first point PROJ could not transform
    ///   (every other point is still transformed; the arrays then hold PROJ's output, with a non-finite value
    ///   for each failed point).
    public func transform(xs: inout [Double], ys: inout [Double], inverse: Bool = false) throws {
        var first: (x: Double, y: Double, reason: String)? = nil
        try transformBatch(xs: &xs, ys: &ys, inverse: inverse, keepInputs: true) { _, x, y, reason in
            if first == nil { first = (x, y, reason) }
        }
        if let first { throw ProjError.transformFailed(x: first.x, y: first.y, reason: first.reason) }
    }

    /// Transforms many points in place and reports the points PROJ could not transform instead of stopping:
    /// for a batch in which a bad point must not cost the others.
    /// - Returns: the indices of the failed points, ascending; their entries in `xs`/`ys` are not finite.
    /// - Throws: only `lengthMismatch`.
    public func transformReportingFailures(xs: inout [Double], ys: inout [Double], inverse: Bool = false) throws
        -> [Int]
    {
        var failed: [Int] = []
        try transformBatch(xs: &xs, ys: &ys, inverse: inverse, keepInputs: false) { i, _, _, _ in failed.append(i) }
        return failed
    }

    /// Points per `proj_trans_generic` call. For the throwing batch the inputs of one chunk are kept (1 MiB)
    /// so that a failed point can be named with its input without copying whole arrays.
    static let chunkSize = 65_536

    /// The batch core: calls `failure(index, inputX, inputY, reason)` for each point without a finite result
    /// (the inputs are NaN unless `keepInputs`, which costs a copy of each chunk).
    private func transformBatch(
        xs: inout [Double], ys: inout [Double], inverse: Bool, keepInputs: Bool,
        failure: (Int, Double, Double, String) -> Void
    ) throws {
        guard xs.count == ys.count else { throw ProjError.lengthMismatch(xs.count, ys.count) }
        let n = xs.count
        if n == 0 { return }
        let direction = inverse ? PJ_INV : PJ_FWD
        let stride = MemoryLayout<Double>.stride
        let chunk = Self.chunkSize
        var keptX = [Double](repeating: .nan, count: keepInputs ? min(n, chunk) : 1)
        var keptY = keptX
        xs.withUnsafeMutableBufferPointer { xb in
            ys.withUnsafeMutableBufferPointer { yb in
                keptX.withUnsafeMutableBufferPointer { kx in
                    keptY.withUnsafeMutableBufferPointer { ky in
                        var start = 0
                        while start < n {
                            let m = min(chunk, n - start)
                            let px = xb.baseAddress! + start
                            let py = yb.baseAddress! + start
                            if keepInputs {
                                kx.baseAddress!.update(from: px, count: m)
                                ky.baseAddress!.update(from: py, count: m)
                            }
                            _ = proj.errnoReset(pj)
                            let done = proj.transGeneric(
                                pj, direction, px, stride, m, py, stride, m, nil, 0, 0, nil, 0, 0)
                            let code = proj.errno(pj)
                            var anyFailed = false
                            for k in 0..<m where !(px[k].isFinite && py[k].isFinite) {
                                anyFailed = true
                                failure(
                                    start + k, keepInputs ? kx[k] : .nan, keepInputs ? ky[k] : .nan,
                                    code != 0 ? errorText(code) : "no finite result")
                            }
                            if !anyFailed && done != m {
                                // Not expected (PROJ counts every point it was given), but never silent.
                                failure(
                                    start, keepInputs ? kx[0] : .nan, keepInputs ? ky[0] : .nan,
                                    "batch: PROJ transformed \(done) of \(m) points")
                            }
                            start += m
                        }
                    }
                }
            }
        }
    }

    private func errorText(_ code: Int32) -> String {
        if let c = proj.contextErrnoString(context.handle, code) { return String(cString: c) }
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
