import HometownCore

extension ClusterIndex {
    /// Points and clusters whose positions lie in a longitude/latitude box at a zoom level, as supercluster's
    /// `getClusters`.
    ///
    /// - Parameters:
    ///   - west, south, east, north: degrees. Longitudes may be outside [-180, 180] (they wrap; a west or east
    ///     of 180 stays 180); a box with west > east after wrapping crosses the antimeridian and is queried as
    ///     two; a box 360° or wider is the whole world. Latitudes clamp to [-90, 90].
    ///   - zoom: map zoom; its floor, clamped to minZoom...maxZoom + 1, picks the level.
    /// - Returns: the items in supercluster's order (eastern part first for a box across 180°).
    /// - Throws: `ClusteringError.invalidQuery` for NaN or infinite values.
    public func clusters(west: Double, south: Double, east: Double, north: Double, zoom: Double) throws -> [ClusterItem]
    {
        for (name, v) in [("west", west), ("south", south), ("east", east), ("north", north), ("zoom", zoom)]
        where !v.isFinite {
            throw ClusteringError.invalidQuery("\(name) \(v) is not a finite number")
        }
        var result: [ClusterItem] = []
        var ids: [Int] = []
        appendClusters(west: west, south: south, east: east, north: north, zoom: zoom, ids: &ids, into: &result)
        return result
    }

    /// Same as `clusters(west:south:east:north:zoom:)` with a box `[west, south, east, north]`.
    public func clusters(in bbox: BoundingBox, zoom: Double) throws -> [ClusterItem] {
        try clusters(west: bbox.west, south: bbox.south, east: bbox.east, north: bbox.north, zoom: zoom)
    }

    private func appendClusters(
        west: Double, south: Double, east: Double, north: Double, zoom: Double,
        ids: inout [Int], into result: inout [ClusterItem]
    ) {
        var minLng = Self.wrappedLongitude(west)
        let minLat = max(-90, min(90, south))
        var maxLng = Self.wrappedLongitude(east)
        let maxLat = max(-90, min(90, north))
        if east - west >= 360 {
            minLng = -180
            maxLng = 180
        } else if minLng > maxLng {
            appendClusters(west: minLng, south: minLat, east: 180, north: maxLat, zoom: zoom, ids: &ids, into: &result)
            appendClusters(west: -180, south: minLat, east: maxLng, north: maxLat, zoom: zoom, ids: &ids, into: &result)
            return
        }
        guard let level = levels[levelIndex(zoom)] else { return }
        level.tree.range(
            minX: UnitMercator.x(longitude: minLng), minY: UnitMercator.y(latitude: maxLat),
            maxX: UnitMercator.x(longitude: maxLng), maxY: UnitMercator.y(latitude: minLat), into: &ids)
        result.reserveCapacity(result.count + ids.count)
        for i in ids { result.append(item(level.nodes[i])) }
    }

    /// A longitude in degrees wrapped into [-180, 180), except that 180 itself stays 180: a west of 180 would
    /// wrap to -180, and a box of no width on 180° would then be the whole world.
    private static func wrappedLongitude(_ longitude: Double) -> Double {
        if longitude == 180 { return 180 }
        return ((longitude + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
    }

    /// Decodes a cluster id into (zoom level holding its children, index of its origin entry there).
    /// - Throws: `ClusteringError.noSuchCluster` when the id cannot be one of this index's.
    func origin(of clusterId: Int) throws -> (zoom: Int, index: Int) {
        guard clusterId > storage.count else { throw ClusteringError.noSuchCluster(clusterId) }
        let rest = clusterId - storage.count
        let zoom = rest % 32
        let index = rest >> 5
        guard zoom < levels.count, let level = levels[zoom], index < level.nodes.count else {
            throw ClusteringError.noSuchCluster(clusterId)
        }
        return (zoom, index)
    }

    /// The points and clusters one zoom level up that merged into a cluster (supercluster's `getChildren`).
    /// - Throws: `ClusteringError.noSuchCluster` for an unknown id.
    public func children(of clusterId: Int) throws -> [ClusterItem] {
        let (zoom, index) = try origin(of: clusterId)
        guard let level = levels[zoom] else { throw ClusteringError.noSuchCluster(clusterId) }
        let r = options.radius / (options.extent * pow2(zoom - 1))
        let origin = level.nodes[index]
        var ids: [Int] = []
        level.tree.within(x: origin.x, y: origin.y, radius: r, into: &ids)
        var children: [ClusterItem] = []
        for i in ids where Int(level.nodes[i].parent) == clusterId { children.append(item(level.nodes[i])) }
        if children.isEmpty { throw ClusteringError.noSuchCluster(clusterId) }
        return children
    }

    /// The input points of a cluster, depth first in children order, skipping `offset` and returning at most
    /// `limit` (supercluster's `getLeaves`; its default limit is 10).
    /// - Returns: indices into `points`.
    /// - Throws: `noSuchCluster`, or `invalidQuery` for limit < 1 or offset < 0.
    public func leaves(of clusterId: Int, limit: Int = 10, offset: Int = 0) throws -> [Int] {
        guard limit >= 1 else { throw ClusteringError.invalidQuery("limit \(limit) must be at least 1") }
        guard offset >= 0 else { throw ClusteringError.invalidQuery("offset \(offset) must not be negative") }
        var result: [Int] = []
        _ = try appendLeaves(&result, clusterId: clusterId, limit: limit, offset: offset, skipped: 0)
        return result
    }

    private func appendLeaves(_ result: inout [Int], clusterId: Int, limit: Int, offset: Int, skipped: Int) throws
        -> Int
    {
        var skipped = skipped
        for child in try children(of: clusterId) {
            switch child {
            case .cluster(let c):
                if skipped + c.pointCount <= offset {
                    skipped += c.pointCount
                } else {
                    skipped = try appendLeaves(&result, clusterId: c.id, limit: limit, offset: offset, skipped: skipped)
                }
            case .point(let p):
                if skipped < offset { skipped += 1 } else { result.append(p) }
            }
            if result.count == limit { break }
        }
        return skipped
    }

    /// The zoom at which a cluster splits into more than one item (supercluster's `getClusterExpansionZoom`).
    /// - Throws: `ClusteringError.noSuchCluster` for an unknown id.
    public func expansionZoom(of clusterId: Int) throws -> Int {
        var scratch: [Int] = []
        return try expansionZoom(of: clusterId, scratch: &scratch)
    }

    /// `expansionZoom(of:)` for many clusters in a row: `scratch` is reused for the neighbour searches, and the
    /// children are counted where they lie, not built as items.
    public func expansionZoom(of clusterId: Int, scratch: inout [Int]) throws -> Int {
        var id = clusterId
        var (level, index) = try origin(of: id)
        var zoom = level - 1
        while zoom <= options.maxZoom {
            guard let nodes = levels[level] else { throw ClusteringError.noSuchCluster(id) }
            let origin = nodes.nodes[index]
            scratch.removeAll(keepingCapacity: true)
            nodes.tree.within(
                x: origin.x, y: origin.y, radius: options.radius / (options.extent * pow2(level - 1)), into: &scratch)
            var count = 0
            var only = -1
            for i in scratch where Int(nodes.nodes[i].parent) == id {
                count += 1
                only = i
            }
            if count == 0 { throw ClusteringError.noSuchCluster(id) }
            zoom += 1
            // Splits here, or its one child is an input point (which cannot split further).
            guard count == 1, nodes.nodes[only].count > 1 else { break }
            id = Int(nodes.nodes[only].id)
            (level, index) = try self.origin(of: id)
        }
        return zoom
    }

    /// The input features of items as GeoJSON: clusters with supercluster's properties and `bbox`, points as given.
    public func features(_ items: [ClusterItem]) -> [GeoJSONFeature] {
        items.map { item in
            switch item {
            case .point(let i): return storage[i]?.feature ?? GeoJSONFeature(geometry: nil, properties: nil)
            case .cluster(let c): return c.feature
            }
        }
    }
}

/// 2^n for integer n (negative allowed).
@inline(__always)
func pow2(_ n: Int) -> Double { n >= 0 ? Double(1 << n) : 1 / Double(1 << -n) }
