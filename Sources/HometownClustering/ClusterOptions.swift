import HometownCore

/// Options of a cluster index; the defaults are supercluster's.
///
/// `radius` and `extent` are in tile pixels: points closer than `radius / (extent * 2^zoom)` of the world's
/// width (in Web Mercator) merge at `zoom`.
public struct ClusterOptions: Sendable {
    /// Lowest zoom level that gets clusters (0 = whole world in one tile).
    public var minZoom: Int = 0
    /// Highest zoom level that gets clusters; above it every point stands alone. At most 30.
    public var maxZoom: Int = 16
    /// Fewest points that form a cluster.
    public var minPoints: Int = 2
    /// Cluster radius in pixels of a tile of `extent` pixels.
    public var radius: Double = 40
    /// Tile size in pixels that `radius` refers to (also the pixel grid of `tile(z:x:y:)`).
    public var extent: Double = 512
    /// Largest number of points in a KD-tree leaf (affects speed only, not results).
    public var nodeSize: Int = 64
    /// When true, point features in tiles get their input index as `id` (supercluster's `generateId`).
    public var generateId: Bool = false
    /// Turns a point's properties into the properties a cluster accumulates; used only with `reduce`.
    /// Default: the properties themselves.
    public var map: (@Sendable ([String: JSONValue]?) -> [String: JSONValue])?
    /// Merges the mapped properties of a point or child cluster (second argument) into a cluster's (first).
    /// When set, clusters carry the accumulated properties besides the standard ones.
    public var reduce: (@Sendable (inout [String: JSONValue], [String: JSONValue]) -> Void)?

    public init(
        minZoom: Int = 0, maxZoom: Int = 16, minPoints: Int = 2, radius: Double = 40, extent: Double = 512,
        nodeSize: Int = 64, generateId: Bool = false
    ) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.radius = radius
        self.extent = extent
        self.nodeSize = nodeSize
        self.generateId = generateId
    }

    /// Sets `map`/`reduce` so that each cluster carries `<name>_sum`, the sum of the numeric property `name`
    /// over its points. A point whose property is missing or has no number (`value` gives nil) counts as 0: check
    /// the input first (the CLI refuses such points).
    /// - Parameter value: the number a property's value stands for; by default a JSON number's, nil for any other.
    public mutating func sum(
        properties names: [String], value: @escaping @Sendable (JSONValue) -> Double? = { $0.doubleValue }
    ) {
        guard !names.isEmpty else {
            map = nil
            reduce = nil
            return
        }
        // A name given twice is summed once.
        var seen = Set<String>()
        let keys = names.filter { seen.insert($0).inserted }.map { ($0, $0 + "_sum") }
        map = { props in
            var out: [String: JSONValue] = [:]
            for (name, key) in keys { out[key] = .number(props?[name].flatMap(value) ?? 0) }
            return out
        }
        reduce = { acc, other in
            for (_, key) in keys {
                acc[key] = .number((acc[key]?.doubleValue ?? 0) + (other[key]?.doubleValue ?? 0))
            }
        }
    }

    /// The largest `extent` (2^30 pixels): a tile's pixel positions at zoom 30 then stay well within `Int`.
    public static let maxExtent = Double(1 << 30)

    /// Checks the ranges. - Throws: `ClusteringError.invalidOption` naming the option.
    func validate() throws {
        func bad(_ name: String, _ value: String, _ rule: String) -> ClusteringError {
            .invalidOption(name: name, value: value, rule: rule)
        }
        guard minZoom >= 0, minZoom <= 30 else { throw bad("minZoom", "\(minZoom)", "must be in 0...30") }
        guard maxZoom >= minZoom, maxZoom <= 30 else {
            throw bad("maxZoom", "\(maxZoom)", "must be in minZoom (\(minZoom))...30")
        }
        guard minPoints >= 1 else { throw bad("minPoints", "\(minPoints)", "must be at least 1") }
        guard radius.isFinite, radius > 0 else {
            throw bad("radius", "\(radius)", "must be a positive number of pixels")
        }
        guard extent.isFinite, extent > 0, extent <= Self.maxExtent else {
            throw bad("extent", "\(extent)", "must be a positive number of pixels, at most \(Int(Self.maxExtent))")
        }
        guard nodeSize >= 1, nodeSize <= 65_535 else { throw bad("nodeSize", "\(nodeSize)", "must be in 1...65535") }
    }
}
