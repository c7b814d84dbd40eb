import Dispatch

/// The entries of the input level (one per located point, in input order) and the flat longitude/latitude
/// table, made on two threads for large inputs.
struct InputLevel {
    /// One entry per located point: unit Mercator position rounded to single precision, as supercluster stores it.
    var nodes: [ClusterNode]
    /// Longitude, latitude (degrees) of input point i at 2i, 2i + 1 (0, 0 for a point without a position).
    var lonLat: [Double]

    /// - Throws: `ClusteringError.invalidPoint` for the first point with a non-finite coordinate.
    init(_ storage: PointStorage) throws {
        let n = storage.count
        // Where each half's entries start: after the located points before it.
        let halves = n >= 65_536 ? 2 : 1
        let bounds = (0...halves).map { $0 * n / halves }
        var offsets = [0]
        for h in 0..<halves {
            var located = bounds[h + 1] - bounds[h]
            if case .optional(let points) = storage {
                located = 0
                for i in bounds[h]..<bounds[h + 1] where points[i] != nil { located += 1 }
            }
            offsets.append(offsets[h] + located)
        }
        let starts = offsets
        // Both tables are written by the threads (every slot once), not cleared first: the first touch of
        // their pages happens on two cores.
        var firstBad = [Int?](repeating: nil, count: halves)
        var nodes: [ClusterNode] = []
        let lonLat = [Double](unsafeUninitializedCapacity: 2 * n) { lonLat, lonLatCount in
            nodes = [ClusterNode](unsafeUninitializedCapacity: starts[halves]) { nodes, nodeCount in
                firstBad.withUnsafeMutableBufferPointer { firstBad in
                    nonisolated(unsafe) let (lonLat, nodes, firstBad) = (lonLat, nodes, firstBad)
                    DispatchQueue.concurrentPerform(iterations: halves) { h in
                        var k = starts[h]
                        for i in bounds[h]..<bounds[h + 1] {
                            guard let p = storage[i] else {
                                lonLat[2 * i] = 0
                                lonLat[2 * i + 1] = 0
                                continue
                            }
                            guard p.longitude.isFinite, p.latitude.isFinite else {
                                firstBad[h] = i
                                break
                            }
                            lonLat[2 * i] = p.longitude
                            lonLat[2 * i + 1] = p.latitude
                            let x = UnitMercator.fround(UnitMercator.x(longitude: p.longitude))
                            let y = UnitMercator.fround(UnitMercator.y(latitude: p.latitude))
                            nodes[k] = ClusterNode(
                                x: x, y: y, id: Int32(i), parent: -1, count: 1, info: -1,
                                lastZoom: ClusterNode.notVisited)
                            k += 1
                        }
                    }
                }
                // After a bad point the tables are incomplete, and thrown away below.
                nodeCount = firstBad.contains { $0 != nil } ? 0 : starts[halves]
            }
            lonLatCount = firstBad.contains { $0 != nil } ? 0 : 2 * n
        }
        if let bad = firstBad.compactMap({ $0 }).min(), let p = storage[bad] {
            throw ClusteringError.invalidPoint(index: bad, longitude: p.longitude, latitude: p.latitude)
        }
        self.nodes = nodes
        self.lonLat = lonLat
    }
}
