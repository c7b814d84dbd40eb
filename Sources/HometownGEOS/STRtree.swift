import CGEOS

/// A GEOS STR packed R-tree over envelopes, each tagged with an integer. Build with `insert`, then `query`;
/// GEOS builds the tree on the first query, after which inserts are not allowed. Not thread-safe.
public final class STRtree {
    public let context: GEOSContext
    private let raw: OpaquePointer
    /// Inserted geometries are referenced by the tree, so they are kept alive here.
    private var keep: [Geometry] = []
    private var built = false

    /// - Parameter nodeCapacity: children per node (GEOS default 10).
    public init(context: GEOSContext, nodeCapacity: Int = 10) throws {
        guard let t = GEOSSTRtree_create_r(context.handle, nodeCapacity) else { throw context.fail("STRtree_create") }
        self.context = context
        raw = t
    }

    deinit { GEOSSTRtree_destroy_r(context.handle, raw) }

    /// Adds `geometry`'s envelope tagged with `item` (>= 0).
    public func insert(_ geometry: Geometry, item: Int) throws {
        guard !built else { throw GEOSError.invalidInput("STRtree: insert after the first query") }
        guard item >= 0 else { throw GEOSError.invalidInput("STRtree item must be >= 0, got \(item)") }
        keep.append(geometry)
        GEOSSTRtree_insert_r(context.handle, raw, geometry.raw, UnsafeMutableRawPointer(bitPattern: item + 1))
    }

    /// The items whose envelopes intersect the rectangle, in ascending order.
    public func query(minX: Double, minY: Double, maxX: Double, maxY: Double) throws -> [Int] {
        let box = try Geometry(
            wkt: "POLYGON((\(minX) \(minY), \(maxX) \(minY), \(maxX) \(maxY), \(minX) \(maxY), \(minX) \(minY)))",
            context: context)
        return query(box)
    }

    /// The items whose envelopes intersect `geometry`'s envelope, in ascending order.
    public func query(_ geometry: Geometry) -> [Int] {
        built = true
        final class Sink { var items: [Int] = [] }
        let sink = Sink()
        let ptr = Unmanaged.passUnretained(sink).toOpaque()
        GEOSSTRtree_query_r(
            context.handle, raw, geometry.raw,
            { item, userdata in
                guard let userdata, let item else { return }
                Unmanaged<Sink>.fromOpaque(userdata).takeUnretainedValue().items.append(Int(bitPattern: item) - 1)
            }, ptr)
        withExtendedLifetime(sink) {}
        return sink.items.sorted()
    }
}
