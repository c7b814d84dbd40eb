/// The input points of a `ClusterIndex`, kept as the caller gave them (no copy into another form).
enum PointStorage: Sendable {
    /// Every point has a position.
    case located([ClusterPoint])
    /// nil entries have no position (GeoJSON features with a null geometry).
    case optional([ClusterPoint?])

    var count: Int {
        switch self {
        case .located(let p): return p.count
        case .optional(let p): return p.count
        }
    }

    @inline(__always)
    subscript(index: Int) -> ClusterPoint? {
        switch self {
        case .located(let p): return p[index]
        case .optional(let p): return p[index]
        }
    }

    /// The whole list, as optionals.
    var all: [ClusterPoint?] {
        switch self {
        case .located(let p): return p.map { Optional($0) }
        case .optional(let p): return p
        }
    }
}
