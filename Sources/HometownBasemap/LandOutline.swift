/// The outline of all land as closed loops: coasts, lake shores, and the cuts along the antimeridian and the
/// Mercator limit. Filled with the even-odd rule they give the land without drawing any state, so a drawing at
/// low zoom needs no tiny state rings.
///
/// Built from the edges that occur in one state ring only (an edge shared by two rings lies inside the land),
/// chained end to start through their common vertices; where a vertex has more than two such edges (two islands
/// touching at a point), the walk prefers the next edge of the same ring.
struct LandOutline: Sendable {
    /// The loops in world units.
    let loops: WorldRings
    /// Per vertex: the class of the edge to the next vertex (`coast` or `hidden`).
    let edges: [UInt8]

    init(
        lons: [Double], lats: [Double], vertexID: [UInt32], outer: [Bool], classes: [UInt8], ringStart: [Int32],
        ringCount: [Int32]
    ) {
        // The outer edges, as (source vertex index in the rings, from id, to id).
        var src: [Int] = []
        var from: [UInt32] = []
        var to: [UInt32] = []
        var nextInRing = [Int](repeating: -1, count: lons.count)
        for r in ringStart.indices {
            let a = Int(ringStart[r])
            let n = Int(ringCount[r])
            for k in 0..<n where outer[a + k] {
                src.append(a + k)
                from.append(vertexID[a + k])
                to.append(vertexID[a + (k + 1) % n])
                nextInRing[a + k] = a + (k + 1) % n
            }
        }
        // Vertex id -> incident outer edges (compressed rows).
        let ids = Int((vertexID.max() ?? 0) + 1)
        var rowStart = [Int32](repeating: 0, count: ids + 1)
        for e in src.indices {
            rowStart[Int(from[e]) + 1] += 1
            rowStart[Int(to[e]) + 1] += 1
        }
        for v in 0..<ids { rowStart[v + 1] += rowStart[v] }
        var fill = rowStart
        var incident = [Int32](repeating: 0, count: 2 * src.count)
        for e in src.indices {
            incident[Int(fill[Int(from[e])])] = Int32(e)
            fill[Int(from[e])] += 1
            incident[Int(fill[Int(to[e])])] = Int32(e)
            fill[Int(to[e])] += 1
        }
        var edgeOfSource = [Int32](repeating: -1, count: lons.count)
        for e in src.indices { edgeOfSource[src[e]] = Int32(e) }

        var used = [Bool](repeating: false, count: src.count)
        var loopLon: [Double] = []
        var loopLat: [Double] = []
        var loopClass: [UInt8] = []
        var loopStart: [Int32] = []
        var loopCount: [Int32] = []
        for e0 in src.indices where !used[e0] {
            let start = loopLon.count
            var e = e0
            var forward = true
            let first = from[e0]
            while true {
                used[e] = true
                // The vertex we leave from, and the edge's class.
                let i = src[e]
                let leaveIndex = forward ? i : nextInRing[i]
                loopLon.append(lons[leaveIndex])
                loopLat.append(lats[leaveIndex])
                loopClass.append(
                    classes[i] & BoundaryMap.EdgeFlags.classMask == EdgeClass.hidden.rawValue
                        ? EdgeClass.hidden.rawValue : EdgeClass.coast.rawValue)
                let at = forward ? to[e] : from[e]
                if at == first { break }
                // Prefer the same ring's next outer edge, else any unused outer edge at this vertex.
                var next = -1
                if forward, nextInRing[i] >= 0, case let c = edgeOfSource[nextInRing[i]], c >= 0, !used[Int(c)] {
                    next = Int(c)
                }
                if next < 0 {
                    for k in Int(rowStart[Int(at)])..<Int(rowStart[Int(at) + 1]) where !used[Int(incident[k])] {
                        next = Int(incident[k])
                        break
                    }
                }
                guard next >= 0 else { break }
                forward = from[next] == at
                e = next
            }
            if loopLon.count - start >= 3 {
                loopStart.append(Int32(start))
                loopCount.append(Int32(loopLon.count - start))
            } else {
                loopLon.removeLast(loopLon.count - start)
                loopLat.removeLast(loopLat.count - start)
                loopClass.removeLast(loopClass.count - start)
            }
        }
        loops = WorldRings(lons: loopLon, lats: loopLat, start: loopStart, length: loopCount)
        edges = loopClass
    }
}
