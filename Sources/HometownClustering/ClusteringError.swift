/// Errors from building or querying a cluster index. Each message names the offending value and what to do.
public enum ClusteringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option outside its allowed range, e.g. `radius` 0 or `maxZoom` 40.
    case invalidOption(name: String, value: String, rule: String)
    /// An input point whose longitude or latitude is NaN or infinite.
    case invalidPoint(index: Int, longitude: Double, latitude: Double)
    /// More input points than the cluster-id encoding can hold.
    case tooManyPoints(Int)
    /// A query argument that cannot be used (non-finite bbox value, negative offset, tile outside the grid...).
    case invalidQuery(String)
    /// A cluster id that this index did not produce.
    case noSuchCluster(Int)

    public var description: String {
        switch self {
        case .invalidOption(let name, let value, let rule):
            return "clustering option \(name) = \(value) is invalid: \(rule)"
        case .invalidPoint(let i, let lon, let lat):
            return "point \(i) has longitude \(lon), latitude \(lat): both must be finite numbers of degrees"
        case .tooManyPoints(let n):
            return
                "\(n) points are too many for one cluster index: at most \(ClusterIndex.maximumPointCount) fit the cluster-id encoding; split the input"
        case .invalidQuery(let why):
            return "invalid cluster query: \(why)"
        case .noSuchCluster(let id):
            return "no cluster with id \(id) in this index: use a cluster_id from a query on the same input and options"
        }
    }
}
