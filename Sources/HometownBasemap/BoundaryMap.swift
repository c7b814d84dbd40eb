import Foundation
import HometownBoundaries
import HometownViewport

/// The bundled state polygons made ready for drawing: every ring projected to Web Mercator once, and every edge
/// classified as coast, border between countries, border between states of one country, or a cut that is never
/// stroked.
///
/// The classification needs no geometry library: adjacent states of the bundled data (Natural Earth admin-1)
/// share their border vertices exactly, so an edge found in two states' rings is a border between them, and an
/// edge found in one ring only is a coast. Drawing (`draw(_:includeStates:)`) is pure Swift too.
///
/// Immutable after `init`, so one instance can serve any number of threads. Building it reads the full-detail
/// polygons (about 1.3 million vertices) and takes a fraction of a second.
public final class BoundaryMap: Sendable {
    /// The states' rings (shells and holes) in world units, each ring's vertices not repeating its first.
    let rings: WorldRings
    /// Per vertex: the class of the edge from it to the next vertex of its ring, plus `EdgeFlags.repeated` when
    /// that edge is also in an earlier ring (it is then stroked from that ring only).
    let edges: [UInt8]
    /// Per vertex: the state on the other side of the edge from it to the next vertex (-1: none, the sea or a cut).
    let neighbours: [Int32]
    /// Per ring: its state.
    let ringState: [Int32]
    /// The country index of each state.
    public let stateCountry: [Int32]
    /// The outline of all land: the edges that belong to one ring only, chained into closed loops.
    let land: LandOutline

    enum EdgeFlags {
        static let classMask: UInt8 = 0x03
        static let repeated: UInt8 = 0x80
    }

    /// Number of rings (shells and holes) over all states.
    public var ringTotal: Int { rings.count }
    /// Number of vertices over all rings.
    public var vertexTotal: Int { rings.xs.count }

    /// Reads and prepares every state's polygons from the reverse geocoder's data file (about a second on one
    /// core). `stop` is asked between states and between the steps: when it says true, the work ends with
    /// `BasemapError.stopped` (a server shutting down does not wait for it).
    /// - Throws: `BasemapError.unreadableData` when the polygon sections are damaged, `.stopped`.
    public init(geocoder: ReverseGeocoder, stop: @Sendable () -> Bool = { false }) throws(BasemapError) {
        var lons: [Double] = []
        var lats: [Double] = []
        var ringStart: [Int32] = []
        var ringCount: [Int32] = []
        var ringState: [Int32] = []
        var stateCountry: [Int32] = []
        for s in 0..<geocoder.stateCount {
            if s % 64 == 0, stop() { throw .stopped }
            stateCountry.append(Int32(geocoder.countryIndex(ofState: s)))
            let polygons: [[[(Double, Double)]]]
            do { polygons = try geocoder.statePolygons(s) } catch { throw .unreadableData("\(error)") }
            for polygon in polygons {
                for ring in polygon {
                    var n = ring.count
                    if n > 1, ring[0] == ring[n - 1] { n -= 1 }
                    guard n >= 3 else { continue }
                    ringStart.append(Int32(lons.count))
                    ringCount.append(Int32(n))
                    ringState.append(Int32(s))
                    for k in 0..<n {
                        lons.append(ring[k].0)
                        lats.append(ring[k].1)
                    }
                }
            }
        }
        if stop() { throw .stopped }
        let (edges, neighbours, vertexID, outer) = try BoundaryMap.classify(
            lons: lons, lats: lats, ringStart: ringStart, ringCount: ringCount, ringState: ringState,
            stateCountry: stateCountry, stop: stop)
        if stop() { throw .stopped }
        land = LandOutline(
            lons: lons, lats: lats, vertexID: vertexID, outer: outer, classes: edges,
            ringStart: ringStart, ringCount: ringCount)
        if stop() { throw .stopped }
        rings = WorldRings(lons: lons, lats: lats, start: ringStart, length: ringCount)
        self.edges = edges
        self.neighbours = neighbours
        self.ringState = ringState
        self.stateCountry = stateCountry
    }

    /// How many edges of each class (for tests and reports).
    public func edgeCounts() -> [EdgeClass: Int] {
        var out: [EdgeClass: Int] = [:]
        for e in edges { out[EdgeClass(rawValue: e & EdgeFlags.classMask)!, default: 0] += 1 }
        return out
    }

    /// Classifies each edge by the rings it occurs in (in either direction).
    static func classify(
        lons: [Double], lats: [Double], ringStart: [Int32], ringCount: [Int32], ringState: [Int32],
        stateCountry: [Int32],
        stop: @Sendable () -> Bool = { false }
    ) throws(BasemapError) -> (classes: [UInt8], neighbours: [Int32], vertexID: [UInt32], outer: [Bool]) {
        // Number the distinct vertices, then key an edge by its two vertex numbers, smaller first.
        var vertexID = [UInt32](repeating: 0, count: lons.count)
        do {
            var ids = FlatKeyTable(capacity: lons.count)
            for i in lons.indices {
                if i & 0x3FFFF == 0, stop() { throw .stopped }
                let (lon, lat) = (lons[i].bitPattern, lats[i].bitPattern)
                if let id = ids.value(lon, lat) {
                    vertexID[i] = UInt32(id)
                } else {
                    vertexID[i] = UInt32(ids.count)
                    ids.set(lon, lat, UInt64(ids.count))
                }
            }
        }
        func key(_ a: UInt32, _ b: UInt32) -> UInt64 {
            a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a)
        }
        // Edge -> first state (low 32 bits) and second state + 1 (high 32 bits; 0 when none yet).
        var sides = FlatKeyTable(capacity: lons.count)
        var repeated = [Bool](repeating: false, count: lons.count)
        let selfMarker: UInt64 = 0xFFFF_FFFF << 32
        for r in ringStart.indices {
            if r & 0xFFF == 0, stop() { throw .stopped }
            let a = Int(ringStart[r])
            let n = Int(ringCount[r])
            let s = UInt64(UInt32(ringState[r]))
            for k in 0..<n {
                let i = a + k
                let j = a + (k + 1) % n
                let e = key(vertexID[i], vertexID[j])
                if let v = sides.value(e, 0) {
                    repeated[i] = true
                    // A second state, or the same state again (two parts of one state touching: not a boundary).
                    if v >> 32 == 0 { sides.set(e, 0, v | (v & 0xFFFF_FFFF != s ? (s + 1) << 32 : selfMarker)) }
                } else {
                    sides.set(e, 0, s)
                }
            }
        }
        let limit = WebMercator.maxLatitude
        var out = [UInt8](repeating: 0, count: lons.count)
        var neighbours = [Int32](repeating: -1, count: lons.count)
        var outer = [Bool](repeating: false, count: lons.count)
        for r in ringStart.indices {
            if r & 0xFFF == 0, stop() { throw .stopped }
            let a = Int(ringStart[r])
            let n = Int(ringCount[r])
            let s = Int(ringState[r])
            for k in 0..<n {
                let i = a + k
                let j = a + (k + 1) % n
                let c: EdgeClass
                let found = sides.value(key(vertexID[i], vertexID[j]), 0)
                outer[i] = (found ?? 0) >> 32 == 0
                // Polygons are cut at the antimeridian at ±179.99999999999991 as well as at ±180.
                if (abs(lons[i]) > 180 - 1e-9 && abs(lons[j]) > 180 - 1e-9 && lons[i] == lons[j])
                    || (lats[i] <= -limit && lats[j] <= -limit) || (lats[i] >= limit && lats[j] >= limit)
                {
                    c = .hidden
                } else {
                    let v = found ?? UInt64(s)
                    guard v & selfMarker != selfMarker else {
                        out[i] = EdgeClass.hidden.rawValue
                        continue
                    }
                    let first = Int(v & 0xFFFF_FFFF)
                    let second = Int(v >> 32) - 1
                    let other = first == s ? second : first
                    if other < 0 || other == s {
                        c = .coast
                    } else {
                        c = stateCountry[other] == stateCountry[s] ? .state : .border
                        neighbours[i] = Int32(other)
                    }
                }
                out[i] = c.rawValue | (repeated[i] ? EdgeFlags.repeated : 0)
            }
        }
        return (out, neighbours, vertexID, outer)
    }
}
