import HometownCore

extension ClusterIndex {
    /// The points and clusters of tile z/x/y (XYZ scheme, y = 0 at the north), including those within `radius`
    /// pixels outside its edges, wrapping around the antimeridian for the first and last column (supercluster's
    /// `getTile`). Pixel positions are `round(extent * (unitX * 2^z - x))`, rounded as JavaScript's `Math.round`.
    /// - Returns: the tile (its `features` is empty where supercluster returns null).
    /// - Throws: `ClusteringError.invalidQuery` for z outside 0...30 or x, y outside 0..<2^z.
    public func tile(z: Int, x: Int, y: Int) throws -> Tile {
        guard z >= 0, z <= 30 else { throw ClusteringError.invalidQuery("tile zoom \(z) must be in 0...30") }
        let z2 = 1 << z
        guard x >= 0, x < z2, y >= 0, y < z2 else {
            throw ClusteringError.invalidQuery("tile \(z)/\(x)/\(y): x and y must be in 0...\(z2 - 1) at zoom \(z)")
        }
        guard let level = levels[levelIndex(Double(z))] else { return Tile(features: []) }
        let zz = Double(z2)
        let p = options.radius / options.extent
        let top = (Double(y) - p) / zz
        let bottom = (Double(y) + 1 + p) / zz
        var tile = Tile(features: [])
        var ids: [Int] = []
        level.tree.range(
            minX: (Double(x) - p) / zz, minY: top, maxX: (Double(x) + 1 + p) / zz, maxY: bottom, into: &ids)
        addTileFeatures(ids, level: level, x: Double(x), y: Double(y), z2: zz, to: &tile)
        if x == 0 {
            level.tree.range(minX: 1 - p / zz, minY: top, maxX: 1, maxY: bottom, into: &ids)
            addTileFeatures(ids, level: level, x: zz, y: Double(y), z2: zz, to: &tile)
        }
        if x == z2 - 1 {
            level.tree.range(minX: 0, minY: top, maxX: p / zz, maxY: bottom, into: &ids)
            addTileFeatures(ids, level: level, x: -1, y: Double(y), z2: zz, to: &tile)
        }
        return tile
    }

    private func addTileFeatures(_ ids: [Int], level: ZoomLevel, x: Double, y: Double, z2: Double, to tile: inout Tile)
    {
        let extent = options.extent
        for i in ids {
            let node = level.nodes[i]
            let tags: JSONValue
            let px: Double
            let py: Double
            let id: JSONValue?
            switch item(node) {
            case .cluster(let c):
                tags = .object(c.properties)
                px = node.x
                py = node.y
                id = .number(Double(c.id))
            case .point(let index):
                guard let point = storage[index] else { continue }
                tags = point.properties.map { .object($0) } ?? .null
                // Points are placed from their exact position, not the single-precision copy.
                px = UnitMercator.x(longitude: point.longitude)
                py = UnitMercator.y(latitude: point.latitude)
                id = options.generateId ? .number(Double(index)) : point.id
            }
            tile.features.append(
                TileFeature(
                    x: Int(jsRound(extent * (px * z2 - x))),
                    y: Int(jsRound(extent * (py * z2 - y))), tags: tags, id: id))
        }
    }
}
